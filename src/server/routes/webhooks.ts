import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../lib/http';
import { handleWebhook } from '../services/billing/payments/handle-webhook';
import { webhooks } from '../../shared/endpoints/billing';
import { route } from './route';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: Buffer;
  }
}

/** Razorpay's webhooks. The signature covers the body exactly as sent, so this scope keeps the raw bytes. */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    request.rawBody = body as Buffer;
    try {
      done(null, body.length ? JSON.parse(body.toString('utf8')) : {});
    } catch {
      done(null, null);
    }
  });

  await route(app, webhooks.razorpay, async (request) => {
    const header = (name: string) => {
      const v = request.headers[name];
      return Array.isArray(v) ? v[0] : v;
    };
    const outcome = await handleWebhook(app.ctx, request.rawBody ?? Buffer.alloc(0), header('x-razorpay-signature'), header('x-razorpay-event-id'));
    return ok({ status: outcome });
  });
};
