import type { IncomingMessage } from 'node:http';
import type { Test } from 'supertest';

/**
 * A live stream (docs/api.md, "Live stream") never ends on its own: supertest then resolves at its
 * headers (the status is what a test judges) and the connection is dropped, which ends the stream
 * on the server.
 */
export function atHeaders(req: Test): Test {
  return req.buffer(false).parse((res, done) => {
    done(null, null);
    // superagent types node's answer as its Response; it is node's IncomingMessage.
    (res as unknown as IncomingMessage).destroy();
  });
}
