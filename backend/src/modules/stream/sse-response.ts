import type { ServerResponse } from 'node:http';
import type { BoardEvent, BoardEventType } from '@papan/shared';

/** `event: resync`'s data: the board's version (and, on a multiplexed stream, which board). */
export type SseResync = { version: number } | { boardId: string; version: number };

/** What a reader may leave unread before the stream gives up on it (it reconnects and resumes). */
const MAX_UNREAD_BYTES = 8 * 1024 * 1024;

/** Each event object is turned into JSON once, however many streams carry it (200 on one board). */
const json = new WeakMap<object, string>();
function jsonOf(data: object): string {
  let text = json.get(data);
  if (text === undefined) json.set(data, (text = JSON.stringify(data)));
  return text;
}

/**
 * One Server-Sent Events answer written on the raw response (docs/api.md, "Live stream"): the
 * headers that keep proxies from buffering or caching it, frames of `id`/`event`/`data`, and a `:
 * ping` comment every `pingMs` so idle connections are neither cut by a proxy nor left half-open
 * unnoticed.
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
   * A board event (checked against the shared schema by the hub that hands it over): `event:` its
   * type, `id:` the resume point. The object is not changed afterwards (its JSON is kept for the
   * other streams).
   */
  boardEvent(event: BoardEvent, id: string): void {
    this.frame(event.type, event, id);
  }

  /** The resume point is older than the log: the reader reads the board, then resumes at `version`. */
  resync(data: SseResync): void {
    this.frame('resync', data);
  }

  close(): void {
    if (this.ended) return;
    this.raw.end();
    this.dispose();
  }

  /** `data` is JSON on one line: JSON.stringify escapes every line break. */
  private frame(type: BoardEventType | 'resync', data: object, id?: string): void {
    this.write(`${id === undefined ? '' : `id: ${id}\n`}event: ${type}\ndata: ${jsonOf(data)}\n\n`);
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
