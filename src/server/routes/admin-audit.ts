import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditLogQuery } from '../../shared/schemas/admin';
import { auditLogSchema } from '../../shared/schemas/responses/admin-audit';
import { BEARER, envelope, replies } from '../../shared/schemas/responses/envelope';
import { ok } from '../lib/http';
import { requireAdmin } from '../plugins/auth';
import { listAuditLog } from '../services/admin/list-audit-log';

/** The admin audit log: who did what to which customer, when and why; newest first, a page at a time. */
export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/audit-log',
    { schema: { querystring: auditLogQuery, tags: ['admin'], security: BEARER, response: replies({ 200: envelope(auditLogSchema) }) }, preValidation: requireAdmin },
    async (request) => ok(await listAuditLog(app.ctx.db, request.query)),
  );
};
