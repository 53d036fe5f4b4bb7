type Listener = (...args: unknown[]) => void;

/** A socket.io client that never connects; tests push server events with `serverEmit`. */
export class FakeSocket {
  readonly listeners = new Map<string, Set<Listener>>();
  connected = false;

  constructor(readonly options: unknown) {}

  on(event: string, listener: Listener) {
    const set = this.listeners.get(event) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(event, set);
    return this;
  }

  off(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  emit() {
    return this;
  }

  disconnect() {
    this.listeners.clear();
    return this;
  }

  serverEmit(event: string, ...args: unknown[]) {
    this.listeners.get(event)?.forEach((listener) => listener(...args));
  }
}

export const sockets: FakeSocket[] = [];

export function io(options?: unknown): FakeSocket {
  const socket = new FakeSocket(options);
  sockets.push(socket);
  return socket;
}

/** The most recent connection the app opened. */
export function lastSocket(): FakeSocket | undefined {
  return sockets[sockets.length - 1];
}
