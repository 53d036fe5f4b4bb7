/** One Server-Sent Events frame: its id, event name and data (comments and pings are dropped). */
export interface SseFrame {
  id?: string;
  event?: string;
  data: string;
}

/**
 * Splits what has arrived into whole frames (a blank line ends one) and the unfinished rest,
 * which waits for the next chunk.
 */
export function takeFrames(buffer: string): { frames: SseFrame[]; rest: string } {
  const frames: SseFrame[] = [];
  const parts = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = parts.pop() ?? '';
  for (const part of parts) {
    const frame: SseFrame = { data: '' };
    const data: string[] = [];
    for (const line of part.split('\n')) {
      if (!line || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'data') data.push(value);
      else if (field === 'id') frame.id = value;
      else if (field === 'event') frame.event = value;
    }
    frame.data = data.join('\n');
    if (frame.event || frame.data) frames.push(frame);
  }
  return { frames, rest };
}
