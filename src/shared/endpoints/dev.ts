import { endpoint, lazySchemas } from './endpoint';

/**
 * The embedded mailbox (routes/dev.ts): the mail kept in the outbox while no SMTP server is configured, for a person
 * trying the product (the /dev/mailbox page) and for tests. A stand-in: registered only then, and answering this
 * computer only (plugins/stand-ins.ts); in a public demo, each browser reads the mail of the accounts it registered.
 */
const zod = /* @__PURE__ */ lazySchemas(async () => ({
  ...(await import('../schemas/mailbox')),
  ...(await import('../schemas/responses/mailbox')),
  ...(await import('../schemas/responses/envelope')),
}));

export const devMailbox = {
  list: endpoint({
    method: 'GET',
    path: '/dev/mailbox',
    guard: 'stand-in',
    tag: 'stand-ins',
    summary: 'The embedded mailbox (only while no SMTP server is configured): the mail kept, newest first',
    schemas: zod.pick((s) => ({ querystring: s.mailboxQuerySchema, response: { 200: s.envelope(s.mailboxData) } })),
  }),
  read: endpoint({
    method: 'GET',
    path: '/dev/mailbox/:id',
    guard: 'stand-in',
    tag: 'stand-ins',
    summary: 'One mail of the embedded mailbox, with its text, HTML, links and attachments',
    errors: ['NOT_FOUND'],
    schemas: zod.pick((s) => ({ params: s.mailIdParam, response: { 200: s.envelope(s.mailData) } })),
  }),
  attachment: endpoint({
    method: 'GET',
    path: '/dev/mailbox/:id/attachments/:index',
    guard: 'stand-in',
    tag: 'stand-ins',
    summary: 'A file one mail of the embedded mailbox carries (a receipt, a credit note), as a mail client saves it',
    errors: ['NOT_FOUND', 'NOT_FOUND:ATTACHMENT_NOT_FOUND'],
    schemas: zod.pick((s) => ({ params: s.mailAttachmentParams, response: { 200: s.fileReply('application/octet-stream', 'An attachment of the mail, with its own type.') } })),
  }),
  html: endpoint({
    method: 'GET',
    path: '/dev/mailbox/:id/html',
    guard: 'stand-in',
    tag: 'stand-ins',
    summary: 'One mail of the embedded mailbox as HTML, for the preview frame (a policy of its own: inline styles, no script)',
    errors: ['NOT_FOUND'],
    schemas: zod.pick((s) => ({ params: s.mailIdParam, response: { 200: s.fileReply('text/html', 'The mail as HTML, for the preview frame.') } })),
  }),
};
