import fastifyCompress from '@fastify/compress';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';

/** Paths the built frontend is not served under. */
const NOT_FRONTEND = /^\/(api|uploads|socket\.io)(\/|\?|$)/;

/**
 * JSON answers over 1 kB are gzipped for clients that accept it (a 2,000-card board: 2.9 MB →
 * ~0.4 MB). The built frontend is compressed once at build time (frontend/scripts/precompress.mjs)
 * and served as its .br/.gz files by @fastify/static, which does not say so in `Vary`: every
 * frontend answer gets `Vary: Accept-Encoding` here, so a shared cache keeps the variants apart.
 */
export async function registerCompression(app: NestFastifyApplication): Promise<void> {
  await app.register(fastifyCompress, { encodings: ['gzip', 'deflate'], threshold: 1024 });
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onSend', async (request, reply, payload) => {
      if (!NOT_FRONTEND.test(request.url)) addVary(reply, 'Accept-Encoding');
      return payload;
    });
}

function addVary(reply: FastifyReply, name: string): void {
  const current = reply.getHeader('Vary');
  const values = String(current ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (values.some((v) => v === '*' || v.toLowerCase() === name.toLowerCase())) return;
  void reply.header('Vary', [...values, name].join(', '));
}
