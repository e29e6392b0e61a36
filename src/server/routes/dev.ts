import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outbox } from '../db/schema';
import { notFound } from '../lib/errors';
import { ok } from '../lib/http';

const listQuery = z.object({
  to: z.string().trim().toLowerCase().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const linksOf = (text: string) => [...new Set(text.match(/https?:\/\/[^\s<>"')]+/g) ?? [])];

/**
 * The embedded mailbox: mail kept in the outbox when no SMTP server is configured, readable by a person
 * trying the product (the /dev/mailbox page) and by tests. Absent as soon as SMTP_URL is set.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.ctx.config.embedded.mail) return;

  app.get('/dev/mailbox', { schema: { querystring: listQuery, hide: true } }, async (request) => {
    const { to, limit } = request.query;
    const rows = await app.ctx.db
      .select({ id: outbox.id, kind: outbox.kind, to: outbox.toAddress, subject: outbox.subject, text: outbox.text, createdAt: outbox.createdAt })
      .from(outbox)
      .where(to ? eq(outbox.toAddress, to) : undefined)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(limit);
    return ok({ messages: rows.map((r) => ({ id: r.id, kind: r.kind, to: r.to, subject: r.subject, createdAt: r.createdAt.toISOString(), links: linksOf(r.text) })) });
  });

  app.get('/dev/mailbox/:id', { schema: { params: z.object({ id: z.string().uuid() }), hide: true } }, async (request) => {
    const [row] = await app.ctx.db.select().from(outbox).where(eq(outbox.id, request.params.id));
    if (!row) throw notFound();
    return ok({
      message: { id: row.id, kind: row.kind, to: row.toAddress, subject: row.subject, html: row.html, text: row.text, createdAt: row.createdAt.toISOString(), links: linksOf(row.text) },
    });
  });
};
