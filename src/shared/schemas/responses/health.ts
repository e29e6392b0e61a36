import { z } from 'zod';
import { errorEnvelopeSchema } from './envelope';

/** GET /health: for load balancers; 503 while the database does not answer or the instance shuts down. */
export const healthSchema = z.object({
  status: z.string().describe("'ok' (200), or 'degraded' (503: the database does not answer)"),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), ok: z.boolean(), latencyMs: z.number() }),
  uptimeSeconds: z.number(),
});
export const healthUnavailable = errorEnvelopeSchema
  .extend({ data: healthSchema.optional().describe('The check that failed (absent while shutting down).') })
  .describe('Unavailable, in the error envelope: the database does not answer, or the instance is shutting down.');
export const liveSchema = z.object({ status: z.string().describe("'ok'") });
