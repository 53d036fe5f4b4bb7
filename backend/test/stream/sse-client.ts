import { request, type IncomingHttpHeaders, type ClientRequest } from 'node:http';
import type { BoardEvent } from '@papan/shared';

export interface SseFrame {
  id?: string;
  event: string;
  data: string;
}

/**
 * A real HTTP client reading a Server-Sent Events answer frame by frame (node's http, as a
 * program would): the status and headers, every event, every `: ping` comment, and when it closed.
 */
export class SseClient {
  readonly frames: SseFrame[] = [];
  readonly comments: string[] = [];
  status = 0;
  headers: IncomingHttpHeaders = {};
  /** A refusal's JSON body. */
  body: unknown;
  ended = false;
  private buffer = '';
  private req!: ClientRequest;

  static open(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    const client = new SseClient();
    return new Promise((resolve, reject) => {
      client.req = request(url, { headers: { Accept: 'text/event-stream', ...headers } }, (res) => {
        client.status = res.statusCode ?? 0;
        client.headers = res.headers;
        res.setEncoding('utf8');
        let text = '';
        res.on('data', (chunk: string) => (client.status === 200 ? client.read(chunk) : (text += chunk)));
        res.on('end', () => {
          if (client.status !== 200) client.body = JSON.parse(text || 'null');
          client.ended = true;
          if (client.status !== 200) resolve(client);
        });
        res.on('error', () => (client.ended = true));
        res.on('close', () => (client.ended = true));
        if (client.status === 200) resolve(client);
      });
      client.req.on('error', reject);
      client.req.end();
    });
  }

  /** The board events received (every frame but `resync`). */
  get events(): BoardEvent[] {
    return this.frames.filter((f) => f.event !== 'resync').map((f) => JSON.parse(f.data) as BoardEvent);
  }

  async waitFor<T>(check: () => T | undefined | false, what: string, timeoutMs = 5000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = check();
      if (found) return found;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(
      `${what} within ${timeoutMs} ms; frames ${JSON.stringify(this.frames.map((f) => f.event))}`,
    );
  }

  waitForEvent(predicate: (e: BoardEvent) => boolean, timeoutMs?: number): Promise<BoardEvent> {
    return this.waitFor(() => this.events.find(predicate), 'no matching event', timeoutMs);
  }

  waitForEnd(timeoutMs?: number): Promise<true> {
    return this.waitFor(() => this.ended, 'the stream did not end', timeoutMs);
  }

  close(): void {
    this.req.destroy();
  }

  private read(chunk: string): void {
    this.buffer += chunk;
    let cut: number;
    while ((cut = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, cut);
      this.buffer = this.buffer.slice(cut + 2);
      const frame: Partial<SseFrame> = {};
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
        else {
          const [field, ...rest] = line.split(':');
          const value = rest.join(':').replace(/^ /, '');
          if (field === 'id' || field === 'event' || field === 'data') frame[field] = value;
        }
      }
      if (frame.event || frame.data)
        this.frames.push({ event: frame.event ?? 'message', data: '', ...frame });
    }
  }
}
