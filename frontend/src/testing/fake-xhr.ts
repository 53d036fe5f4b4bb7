import { vi } from 'vitest';

type Handler = ((event: ProgressEvent) => void) | null;

/**
 * An XMLHttpRequest that never leaves the test (jsdom's would try the network): the test reads
 * what was sent and plays the server with `progress`, `respond` and the upload's `aborted` flag.
 */
export class FakeXhr {
  static all: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  aborted = false;
  status = 0;
  responseText = '';
  responseHeaders: Record<string, string> = {};
  upload: { onprogress: Handler } = { onprogress: null };
  onload: Handler = null;
  onerror: Handler = null;
  onabort: Handler = null;

  constructor() {
    FakeXhr.all.push(this);
  }

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: unknown) {
    this.body = body;
  }

  abort() {
    this.aborted = true;
    this.onabort?.(new ProgressEvent('abort'));
  }

  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name] ?? null;
  }

  /** The server has read `loaded` of `total` bytes. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.(new ProgressEvent('progress', { loaded, total, lengthComputable: true }));
  }

  /** The server answers with JSON. */
  respond(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.responseHeaders = headers;
    this.onload?.(new ProgressEvent('load'));
  }
}

/** Replaces XMLHttpRequest for this test; returns the requests made. */
export function stubXhr(): FakeXhr[] {
  FakeXhr.all = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr.all;
}
