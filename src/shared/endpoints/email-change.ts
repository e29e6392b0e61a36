import { endpoint, lazySchemas } from './endpoint';

/** Changing the account's e-mail address (issue 36, decision 194). */
const zod = /* @__PURE__ */ lazySchemas(async () => ({
  ...(await import('../schemas/email-change')),
  ...(await import('../schemas/responses/envelope')),
}));
const tag = 'auth';

export const emailChange = {
  request: endpoint({
    method: 'POST',
    path: '/auth/email-change',
    guard: 'user',
    tag,
    summary: "Change the account's e-mail address: a link to the new address confirms it, the old address is told at once with a link that undoes it",
    description: 'Needs a recent step-up. The same answer whether the new address has an account or not (its owner is told by mail, no link). A newer request cancels one waiting.',
    errors: ['FORBIDDEN:STEP_UP_REQUIRED', 'BAD_REQUEST:EMAIL_UNCHANGED', 'VALIDATION_ERROR:DISPOSABLE_EMAIL'],
    limits: ['email-change-account'],
    schemas: zod.pick((s) => ({ body: s.emailChangeSchema, response: { 200: s.noData } })),
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/auth/email-change/confirm',
    guard: 'public',
    tag,
    summary: 'The link to the new address: the account signs in with it from now on',
    errors: ['BAD_REQUEST:INVALID_EMAIL_CHANGE_LINK'],
    limits: ['email-link-ip'],
    schemas: zod.pick((s) => ({ body: s.emailChangeTokenSchema, response: { 200: s.envelope(s.emailChangedSchema) } })),
  }),
  undo: endpoint({
    method: 'POST',
    path: '/auth/email-change/undo',
    guard: 'public',
    tag,
    summary: '"This wasn\'t me", from the old address: the change is undone, every session ends, the password stops working and a reset link\'s token is answered',
    description: 'Works for 7 days after the request, before or after the new address confirmed it.',
    errors: ['BAD_REQUEST:INVALID_EMAIL_CHANGE_LINK'],
    limits: ['email-link-ip'],
    schemas: zod.pick((s) => ({ body: s.emailChangeTokenSchema, response: { 200: s.envelope(s.emailChangeUndoneSchema) } })),
  }),
};
