import { endpoint, lazySchemas } from './endpoint';

/** The account's data for its owner to take away (issue 36, decision 199): a JSON file, behind step-up. */
const zod = /* @__PURE__ */ lazySchemas(async () => ({
  ...(await import('../schemas/responses/envelope')),
}));
const tag = 'auth';

export const dataExport = {
  download: endpoint({
    method: 'POST',
    path: '/auth/export',
    guard: 'user',
    tag,
    summary: 'Download everything the site holds about the account, as a JSON file: profile, plans, payments, refunds, devices, sessions, passkeys, usage and its security log',
    description: 'Needs a recent step-up; a POST, so no link starts it. Never holds a password hash, secret, code, token or key; the account is told by mail and in its log.',
    errors: ['FORBIDDEN:STEP_UP_REQUIRED'],
    limits: ['data-export-account'],
    schemas: zod.pick((s) => ({ response: { 200: s.fileReply('application/json', "The account's data (JSON), as an attachment.") } })),
  }),
};
