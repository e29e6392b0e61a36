import { endpoint, lazySchemas } from './endpoint';

/**
 * The Security page's own reads and acts (issue 36): the account's security log, and signing out everywhere; and the
 * "This wasn't me" of a new sign-in's mail (decision 200).
 */
const zod = /* @__PURE__ */ lazySchemas(async () => ({
  ...(await import('../schemas/security-log')),
  ...(await import('../schemas/new-sign-in')),
  ...(await import('../schemas/responses/envelope')),
}));
const tag = 'auth';

export const security = {
  log: endpoint({
    method: 'GET',
    path: '/auth/security-log',
    guard: 'user',
    tag,
    summary: "The account's security log, newest first: sign-ins and failed ones, factor, address and password changes, sessions and devices",
    description: '50 events a page; `before` (the `next` of the page before) gives the page after. Kept 400 days.',
    schemas: zod.pick((s) => ({ querystring: s.securityLogQuery, response: { 200: s.envelope(s.securityLogData) } })),
  }),
  signOutEverywhere: endpoint({
    method: 'POST',
    path: '/auth/sessions/revoke-all',
    guard: 'user',
    tag,
    summary: 'Sign out everywhere: end every session of the account, this one and the desktop programs included',
    description: 'Needs a recent step-up (POST /auth/step-up). The desktop programs keep their seats and sign in again.',
    errors: ['FORBIDDEN:STEP_UP_REQUIRED'],
    schemas: zod.pick((s) => ({ response: { 200: s.noData } })),
  }),
  secureAccount: endpoint({
    method: 'POST',
    path: '/auth/secure-account',
    guard: 'public',
    tag,
    summary: '"This wasn\'t me", from the mail of a sign-in from a new browser or device: every session ends, the password stops working, a reset link\'s token is answered',
    description: 'Works once, for 7 days after the sign-in; the desktop programs are signed out too, and a device the mail told of is removed.',
    errors: ['BAD_REQUEST:INVALID_SECURE_ACCOUNT_LINK'],
    limits: ['email-link-ip'],
    schemas: zod.pick((s) => ({ body: s.secureAccountSchema, response: { 200: s.envelope(s.accountSecuredSchema) } })),
  }),
};
