import { endpoint, lazySchemas } from './endpoint';

/** The signed-in user's dashboard and the desktop program's usage reports. */
const zod = /* @__PURE__ */ lazySchemas(async () => ({
  ...(await import('../schemas/account')),
  ...(await import('../schemas/responses/account')),
  ...(await import('../schemas/responses/envelope')),
}));

export const users = {
  dashboard: endpoint({
    method: 'GET',
    path: '/users/dashboard',
    guard: 'user',
    tag: 'users',
    summary: 'The signed-in user and their recent usage',
    schemas: zod.pick((s) => ({ response: { 200: s.envelope(s.dashboardData) } })),
  }),
  reportUsage: endpoint({
    method: 'POST',
    path: '/usage',
    guard: 'user',
    tag: 'users',
    summary: 'The desktop program reports what it used: a batch with an idempotency key, or one report',
    description: 'A batch `{ idempotencyKey, events: [{ feature, description?, quantity?, usedAt? }] }` answers 201 with how many it recorded; the same key sent again answers the same and records nothing. One report `{ feature, description?, quantity? }` (earlier versions of the program) answers 201 with it. Without a running trial or a plan that grants access (GET /entitlement), 403 with code NOT_ENTITLED, and nothing is recorded.',
    errors: ['FORBIDDEN:NOT_ENTITLED'],
    limits: ['usage-device', 'usage-account'],
    schemas: zod.pick((s) => ({ body: s.usageReportSchema, response: { 201: s.envelope(s.usageReportData) } })),
  }),
};
