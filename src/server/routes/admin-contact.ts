import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactInboxQuery, markHandledSchema } from '../../shared/schemas/contact';
import { uuidParam } from '../../shared/schemas/fields';
import { notFound } from '../lib/errors';
import { ok } from '../lib/http';
import { authOf, requireAdmin } from '../plugins/auth';
import { listContactMessages } from '../services/contact/list-messages';
import { setMessageHandled } from '../services/contact/mark-handled';
import { BEARER, envelope, replies } from '../../shared/schemas/responses/envelope';
import { contactInboxSchema, contactMessageData } from '../../shared/schemas/responses/contact';

/** The admin inbox of contact messages: a page at a time, each marked handled (or open again). */
export const adminContactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/contact-messages', { schema: { querystring: contactInboxQuery, tags: ['admin'], security: BEARER, response: replies({ 200: envelope(contactInboxSchema) }) }, preValidation: requireAdmin }, async (request) =>
    ok(await listContactMessages(app.ctx.db, request.query)),
  );

  app.patch(
    '/admin/contact-messages/:id',
    { schema: { params: uuidParam, body: markHandledSchema, tags: ['admin'], security: BEARER, response: replies({ 200: envelope(contactMessageData) }) }, preValidation: requireAdmin },
    async (request) => {
      const message = await setMessageHandled(app.ctx.db, request.params.id, request.body.handled, authOf(request).user.id);
      if (!message) throw notFound('Message not found');
      return ok({ message }, request.body.handled ? 'Marked as handled' : 'Marked as open');
    },
  );
};
