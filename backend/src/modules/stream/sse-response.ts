import type { ServerResponse } from 'node:http';

/** What a reader may leave unread before the stream gives up on it (it reconnects and resumes). */
const MAX_UNREAD_BYTES = 8 * 1024 * 1024;

/** Each event object is turned into JSON once, however many streams carry it (200 on one board). */
const json = new WeakMap<object, string>();
function jsonOf(data: unknown): string {
  if (typeof data !== 'object' || data === null) return JSON.stringify(data);
  let text = json.get(data);
  if (text === undefined) json.set(data, (text = JSON.stringify(data)));
  return text;
}

/**
 * One Server-Sent Events answer written on the raw response (ARCHITECTURE §10.3): the headers that
 * keep proxies from buffering or caching it, frames of `id`/`event`/`data`, and a `: ping` comment
 * every `pingMs` so idle connections are neither cut by a proxy nor left half-open unnoticed.
 */
export class SseResponse {
  private readonly ping: NodeJS.Timeout;
  private readonly closers: (() => void)[] = [];
  private ended = false;

  constructor(
    private readonly raw: ServerResponse,
    headers: Record<string, unknown>,
    pingMs: number,
  ) {
    raw.writeHead(200, {
      ...(headers as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      // nginx and similar proxies pass each frame on at once.
      'x-accel-buffering': 'no',
    });
    raw.flushHeaders();
    this.ping = setInterval(() => this.write(': ping\n\n'), pingMs);
    raw.on('close', () => this.dispose());
  }

  get closed(): boolean {
    return this.ended;
  }

  /** Runs once the answer is over, whoever ended it. */
  onClose(closer: () => void): void {
    if (this.ended) closer();
    else this.closers.push(closer);
  }

  /**
   * `data` is JSON on one line: JSON.stringify escapes every line break. An object sent is not
   * changed afterwards (its JSON is kept for the other streams).
   */
  event(type: string, data: unknown, id?: string): void {
    this.write(`${id === undefined ? '' : `id: ${id}\n`}event: ${type}\ndata: ${jsonOf(data)}\n\n`);
  }

  close(): void {
    if (this.ended) return;
    this.raw.end();
    this.dispose();
  }

  private write(frame: string): void {
    if (this.ended) return;
    // A reader that stopped reading would keep every later event in memory here.
    if (this.raw.writableLength > MAX_UNREAD_BYTES) return this.close();
    this.raw.write(frame);
  }

  private dispose(): void {
    if (this.ended) return;
    this.ended = true;
    clearInterval(this.ping);
    this.closers.splice(0).forEach((c) => c());
  }
}
