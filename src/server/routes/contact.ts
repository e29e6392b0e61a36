import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '../../shared/messages';
import { contactSchema } from '../../shared/schemas/contact';
import { AppError } from '../lib/errors';
import { ok } from '../lib/http';
import { CONTACT_LIMIT, contactDeps } from '../services/contact/deps';
import { submitContactMessage } from '../services/contact/submit-message';

/** The public contact form: stored first, then the support mailbox is notified through the outbox. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/contact', { schema: { body: contactSchema, tags: ['contact'] } }, async (request, reply) => {
    const { limiter, botCheck } = contactDeps(app.ctx);
    try {
      await limiter.consume(CONTACT_LIMIT, request.ip);
    } catch (err) {
      if (!(err instanceof AppError) || err.error !== 'TOO_MANY_REQUESTS') throw err;
      reply.header('retry-after', String(err.extra?.retryAfterSeconds ?? 60));
      throw new AppError('TOO_MANY_REQUESTS', MSG.contactRateLimited, err.code, err.extra);
    }
    const { 'cf-turnstile-response': token, ...message } = request.body;
    await botCheck.verify(token, request.ip);
    const { id } = await submitContactMessage(app.ctx, message, request.ip);
    return reply.status(201).send(ok({ id }, MSG.contactReply));
  });
};
