import { and, desc, eq, inArray, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devMailbox } from '../../shared/endpoints/dev';
import { site } from '../../shared/site';
import { outbox, profiles, users } from '../db/schema';
import { notFound } from '../lib/errors';
import { ok } from '../lib/http';
import { demoMailboxOf } from '../services/mail/demo-mailbox';
import { linksInText } from '../services/mail/links';
import { route } from './route';

/** What the preview frame may do: open its links in the tab or a new one, on a click. */
export const MAIL_FRAME_SANDBOX = 'allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation';

/**
 * The embedded mailbox: mail kept in the outbox when no SMTP server is configured, readable by a person
 * trying the product (the /dev/mailbox page) and by tests. Absent as soon as SMTP_URL is set. On this machine it
 * shows all mail (plugins/stand-ins.ts keeps other machines out); in a public demo, each browser sees only the mail
 * of the accounts it registered (services/mail/demo-mailbox.ts).
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.ctx;
  if (!config.embedded.mail) return;

  /**
   * Which mail this request may read: everything, or in a demo the mail of this browser's accounts (deleting an
   * account deletes its mail), and never the site's own inbox, even if a visitor registered its address: the contact
   * notices there carry other visitors' names, addresses and messages. Nor an admin's mail: a visitor may have
   * registered the address an operator later promotes (admin:create), and a reset link there is the admin account.
   * The role is read with the mail, so a promotion hides the mail sent before it too.
   */
  const visible = (request: FastifyRequest): SQL | undefined | null => {
    if (!config.PUBLIC_DEMO) return undefined;
    const mailbox = demoMailboxOf(request);
    if (!mailbox) return null;
    const ownNotAdmin = db
      .select({ email: users.email })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(and(eq(users.demoMailboxHash, mailbox), or(isNull(profiles.role), ne(profiles.role, 'admin'))));
    return and(inArray(outbox.toAddress, ownNotAdmin), ne(outbox.toAddress, site.supportEmail));
  };

  await route(app, devMailbox.list, async (request) => {
    const { to, limit } = request.query;
    const scope = visible(request);
    if (scope === null) return ok({ messages: [] });
    const rows = await db
      .select({ id: outbox.id, kind: outbox.kind, to: outbox.toAddress, subject: outbox.subject, text: outbox.text, createdAt: outbox.createdAt })
      .from(outbox)
      .where(and(scope, to ? eq(outbox.toAddress, to) : undefined))
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(limit);
    return ok({ messages: rows.map((r) => ({ id: r.id, kind: r.kind, to: r.to, subject: r.subject, createdAt: r.createdAt.toISOString(), links: linksInText(r.text) })) });
  });

  const readable = async (request: FastifyRequest, id: string) => {
    const scope = visible(request);
    if (scope === null) throw notFound();
    const [row] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.id, id), scope));
    if (!row) throw notFound();
    return row;
  };

  await route(app, devMailbox.read, async (request) => {
    const row = await readable(request, request.params.id);
    return ok({
      message: {
        id: row.id,
        kind: row.kind,
        to: row.toAddress,
        subject: row.subject,
        html: row.html,
        text: row.text,
        createdAt: row.createdAt.toISOString(),
        links: linksInText(row.text),
        attachments: (row.attachments ?? []).map((a, index) => ({ index, filename: a.filename, contentType: a.contentType, size: Buffer.byteLength(a.contentBase64, 'base64') })),
      },
    });
  });

  // A file the mail carries (the receipt or credit note PDF), as the mail client would save it.
  await route(app, devMailbox.attachment, async (request, reply) => {
    const row = await readable(request, request.params.id);
    const file = row.attachments?.[request.params.index];
    if (!file) throw notFound('ATTACHMENT_NOT_FOUND');
    return reply
      .type(file.contentType)
      .header('content-disposition', `attachment; filename="${file.filename.replace(/[^\w.-]+/g, '-')}"`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(file.contentBase64, 'base64'));
  });

  // The mail itself, for the mailbox page's preview frame. Mail carries inline styles (mail clients need them), which
  // the site's CSP refuses: this document gets its own, which allows them and nothing else (no script, no form).
  await route(app, devMailbox.html, async (request, reply) => {
    const row = await readable(request, request.params.id);
    return (
      reply
        .header(
          'content-security-policy',
          `default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'; sandbox ${MAIL_FRAME_SANDBOX}`,
        )
        .header('x-frame-options', 'SAMEORIGIN')
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        // Links open in the whole tab, not inside the preview frame.
        .send(row.html.replace(/<head>/i, '<head><base target="_top">'))
    );
  });
};
