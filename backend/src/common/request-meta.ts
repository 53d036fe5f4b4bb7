import type { FastifyRequest } from 'fastify';

export interface RequestMeta {
  ip: string;
  userAgent: string;
}

export function requestMeta(req: FastifyRequest): RequestMeta {
  return { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') };
}
