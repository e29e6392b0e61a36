import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes } from './auth';
import { healthRoutes } from './health';

/** Every route module under /api/v1. Each area adds its module here. */
export const API_ROUTES: FastifyPluginAsyncZod[] = [healthRoutes, authRoutes];
