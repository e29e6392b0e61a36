import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminReports } from '../../shared/endpoints/admin';
import { ok } from '../lib/http';
import { route } from './route';
import { listAuditLog } from '../services/admin/list-audit-log';

/** The admin audit log: who did what to which customer, when and why; newest first, a page at a time. */
export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  await route(app, adminReports.auditLog, async (request) => ok(await listAuditLog(app.ctx.db, request.query)));
};
