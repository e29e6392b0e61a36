import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminReports } from '../../shared/endpoints/admin';
import { OPENAPI_JSON } from '../../shared/schemas/responses/openapi';
import { route } from './route';

/**
 * The API description with the admin operations, for an admin only (decision 115): /api/docs shows everyone the public
 * and customer operations. Save it with the admin's token and open it in any OpenAPI tool.
 */
export const adminOpenApiRoutes: FastifyPluginAsyncZod = async (app) => {
  await route(app, adminReports.openApi, async (_request, reply) => reply.type(OPENAPI_JSON).header('cache-control', 'no-store').send(JSON.stringify(app.swagger())));
};
