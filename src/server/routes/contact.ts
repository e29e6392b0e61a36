import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '../../shared/messages';
import { contact } from '../../shared/endpoints/site';
import { ok } from '../lib/http';
import { submitContactMessage } from '../services/contact/submit-message';
import { route } from './route';

/** The public contact form: stored first, then the support mailbox is notified through the outbox. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  // Its limit per address (contact-ip, its own 429 text) is applied by route() from the declaration, before the body
  // is validated, so that malformed and hostile bodies count against the address too.
  await route(app, contact.send, async (request, reply) => {
    const { botCheck } = app.ctx;
    const { 'cf-turnstile-response': token, ...message } = request.body;
    await botCheck.verify(token, request.ip);
    const { id } = await submitContactMessage(app.ctx, message, request.ip);
    return reply.status(201).send(ok({ id }, MSG.contactReply));
  });
};
