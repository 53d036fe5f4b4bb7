import type { Namespace } from 'socket.io';
import { MessageType, type BroadcastOptions, type ClusterAdapterWithHeartbeat } from 'socket.io-adapter';

type Packet = Parameters<ClusterAdapterWithHeartbeat['broadcast']>[0];

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
      const rooms = [...opts.rooms];
      const except = [...(opts.except ?? [])];
      // serverCount answers at once (a resolved promise): broadcasts stay in order.
      void adapter.serverCount().then((servers) => {
        if (servers > 1)
          adapter.publish({
            type: MessageType.BROADCAST,
            data: { packet, opts: { rooms, except, flags: opts.flags ?? {} } },
          });
      });
      return Promise.resolve();
    };
    return adapter;
  };
}
