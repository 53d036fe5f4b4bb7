import type { Namespace } from 'socket.io';
import {
  MessageType,
  type BroadcastOptions,
  type ClusterAdapter,
  type ClusterAdapterWithHeartbeat,
} from 'socket.io-adapter';

type Packet = Parameters<ClusterAdapterWithHeartbeat['broadcast']>[0];

/**
 * The event that hands a client the recovery offset of what it was just given
 * (docs/realtime.md, "Connection-state recovery"). socket.io's client takes a string last argument
 * of any event as its offset; no listener is needed.
 */
export const OFFSET_EVENT = 'papan:offset';

/** A broadcast's options as the cluster adapters send them between instances (sets as arrays). */
function encodeOptions(opts: BroadcastOptions) {
  return { rooms: [...opts.rooms], except: [...(opts.except ?? [])], flags: opts.flags ?? {} };
}

/**
 * The PostgreSQL adapter's `broadcast` sends its NOTIFY and waits for PostgreSQL's answer before it
 * delivers to this instance's own sockets: every board event reached the sockets here a round trip
 * after the change, and after the change's HTTP answer. That wait is for an offset used by
 * connection-state recovery, which this adapter does not support. This delivers here first, then
 * tells the other instances, which deliver to theirs as before — when there are any: an instance
 * that has heard no other (the adapter's heartbeats, every 5 s) sends no NOTIFY for a broadcast,
 * which PostgreSQL would only hand back to this instance's own LISTEN. The adapter trusts the same
 * count for its acknowledged emits; a client that missed an event catches up by version
 * (docs/realtime.md, "Recovering: the version is the truth").
 */
export function localFirst<A extends ClusterAdapterWithHeartbeat>(
  create: (nsp: Namespace) => A,
): (nsp: Namespace) => A {
  // socket.io calls it with `new`: a function (not an arrow) whose answer is the adapter.
  return function (nsp: Namespace) {
    const adapter = create(nsp);
    const broadcast = adapter.broadcast.bind(adapter);
    adapter.broadcast = (packet: Packet, opts: BroadcastOptions) => {
      if (opts.flags?.local) return broadcast(packet, opts);
      void broadcast(packet, { ...opts, flags: { ...opts.flags, local: true } });
      const encoded = encodeOptions(opts);
      // serverCount answers at once (a resolved promise): broadcasts stay in order.
      void adapter.serverCount().then((servers) => {
        if (servers > 1) adapter.publish({ type: MessageType.BROADCAST, data: { packet, opts: encoded } });
      });
      return Promise.resolve();
    };
    return adapter;
  };
}

/** What localFirstOnStreams calls on the Redis streams adapter (protected in its typings). */
interface StreamsAdapter {
  publishAndReturnOffset(message: Parameters<ClusterAdapterWithHeartbeat['publish']>[0]): Promise<string>;
}

/**
 * The Redis streams adapter's `broadcast` XADDs the event and waits for Redis's answer, the event's
 * offset in the stream, before it writes to this instance's own sockets: connection-state recovery
 * needs each client to hold the offset of the last event it got. This writes to the sockets here at
 * once, XADDs as before (every instance, and a recovering client, reads the stream), and when the
 * offset comes back gives it to the same sockets in a small `papan:offset` event. Other instances
 * deliver from the stream with the offset on the event itself, as before.
 *
 * A client cut off between an event and its offset recovers from the offset before: it is given
 * that event again, which the board's version makes it ignore (docs/realtime.md, "Recovering: the
 * version is the truth").
 */
export function localFirstOnStreams<A extends ClusterAdapter>(
  create: (nsp: Namespace) => A,
  /** Whether the server keeps connection state for recovery (then events carry offsets). */
  recovery: boolean,
): (nsp: Namespace) => A {
  return function (nsp: Namespace) {
    const adapter = create(nsp);
    const broadcast = adapter.broadcast.bind(adapter);
    const streams = adapter as unknown as StreamsAdapter;
    const publish = streams.publishAndReturnOffset.bind(adapter);
    adapter.broadcast = (packet: Packet, opts: BroadcastOptions) => {
      if (opts.flags?.local) return broadcast(packet, opts);
      const here = { ...opts, flags: { ...opts.flags, local: true } };
      void broadcast(packet, here);
      // As the adapter itself decides which packets carry an offset: events without an
      // acknowledgement, not volatile, with recovery on.
      const recoverable =
        recovery && packet.type === 2 && packet.id === undefined && opts.flags?.volatile === undefined;
      publish({ type: MessageType.BROADCAST, data: { packet, opts: encodeOptions(opts) } })
        .then((offset) => {
          if (recoverable) void broadcast({ type: 2, nsp: nsp.name, data: [OFFSET_EVENT, offset] }, here);
        })
        // Redis away: the event reached the sockets here; the others catch up by version.
        .catch(() => undefined);
      return Promise.resolve();
    };
    return adapter;
  };
}
