import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminInbox } from '../../shared/endpoints/admin';
import { notFound } from '../lib/errors';
import { ok } from '../lib/http';
import { route } from './route';
import { authOf } from '../plugins/auth';
import { listContactMessages } from '../services/contact/list-messages';
import { setMessageHandled } from '../services/contact/mark-handled';

/** The admin inbox of contact messages: a page at a time, each marked handled (or open again). */
export const adminContactRoutes: FastifyPluginAsyncZod = async (app) => {
  await route(app, adminInbox.messages, async (request) => ok(await listContactMessages(app.ctx.db, request.query)));

  await route(app, adminInbox.mark, async (request) => {
    const message = await setMessageHandled(app.ctx.db, request.params.id, request.body.handled, authOf(request).user.id);
    if (!message) throw notFound('MESSAGE_NOT_FOUND');
    return ok({ message }, request.body.handled ? 'Marked as handled' : 'Marked as open');
  });
};
