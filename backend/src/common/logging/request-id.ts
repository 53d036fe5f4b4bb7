import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'X-Request-Id';
/** A request id from a proxy is kept when it looks like one; anything else is replaced. */
const ACCEPTABLE_REQUEST_ID = /^[\w.:-]{1,128}$/;

/** The id of a request (Fastify's genReqId): the caller's X-Request-Id when sane, else a new UUID. */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && ACCEPTABLE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Names the instance that answered, when INSTANCE_ID is set (several instances behind a proxy). */
export const INSTANCE_HEADER = 'X-Papan-Instance';

/**
 * Every answer carries its request id, so a user's report can be found in the logs, and with
 * INSTANCE_ID the instance that answered.
 */
export function addResponseIds(fastify: FastifyInstance, instanceId: string | null): void {
  fastify.addHook('onRequest', async (request, reply) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    if (instanceId) void reply.header(INSTANCE_HEADER, instanceId);
  });
}
