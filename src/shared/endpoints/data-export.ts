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
    description:
      'Needs a recent step-up. A POST, so no link can start it. The file (`stealth-browser-data-YYYY-MM-DD.json`, format `stealth-browser-data-export` version 1) never holds a password hash, secret, code, token or key. The account is told by mail and its security log records it.',
    errors: ['FORBIDDEN:STEP_UP_REQUIRED'],
    limits: ['data-export-account'],
    schemas: zod.pick((s) => ({ response: { 200: s.fileReply('application/json', "The account's data (JSON), as an attachment.") } })),
  }),
};
