import type { FastifyRequest } from 'fastify';

/** The success envelope of DESIGN §3. */
export const ok = <T>(data: T, message?: string) => ({ success: true as const, data, ...(message ? { message } : {}) });

export const clientMeta = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? ''),
});
