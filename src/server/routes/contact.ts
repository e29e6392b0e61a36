import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '../../shared/messages';
import { contactSchema } from '../../shared/schemas/contact';
import { AppError } from '../lib/errors';
import { ok, requestAddress } from '../lib/http';
import { CONTACT_LIMIT } from '../services/contact/rate-limits';
import { submitContactMessage } from '../services/contact/submit-message';
import { envelope, replies } from '../../shared/schemas/responses/envelope';
import { contactSentData } from '../../shared/schemas/responses/contact';

/** The public contact form: stored first, then the support mailbox is notified through the outbox. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Before the body is validated, so that malformed and hostile bodies count against the address too. */
  const perIp = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await app.ctx.limiter.consume(CONTACT_LIMIT, requestAddress(request));
    } catch (err) {
      if (!(err instanceof AppError) || err.error !== 'TOO_MANY_REQUESTS') throw err;
      reply.header('retry-after', String(err.extra?.retryAfterSeconds ?? 60));
      throw new AppError('TOO_MANY_REQUESTS', MSG.contactRateLimited, err.code, err.extra);
    }
  };

  app.post('/contact', { schema: { body: contactSchema, tags: ['contact'], response: replies({ 201: envelope(contactSentData) }) }, preValidation: perIp }, async (request, reply) => {
    const { botCheck } = app.ctx;
    const { 'cf-turnstile-response': token, ...message } = request.body;
    await botCheck.verify(token, request.ip);
    const { id } = await submitContactMessage(app.ctx, message, request.ip);
    return reply.status(201).send(ok({ id }, MSG.contactReply));
  });
};
