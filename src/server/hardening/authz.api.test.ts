import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '#shared/endpoints/index';
import { queryRows } from '../db/client';
import { BILLING_FORM, buy, verifyBody, type BillingTestApp } from '../test/billing';
import { postInput } from '../test/blog';
import { createTestApp, TEST_DB_KIND } from '../test/harness';
import { totpFactors } from '../db/schema';
import { createUserAndLogin, loginAs, TEST_ADMIN_TOTP_SECRET } from '../test/users';
import { bodyText, createDiscoveredBillingApp, fillUrl, type DiscoveredRoute } from './support';

/**
 * Who may call what. `public`: anyone. `user`: a signed-in user, on their own data only. `admin`: admins only.
 * `signed`: no account, but a signature (Razorpay webhooks). `docs`: the API description. `dev`: the embedded
 * tools (mailbox, Razorpay simulator), absent as soon as SMTP and Razorpay are configured (checked below).
 * `victim` builds the call another user makes with the victim's identifiers; without it the route's own URL is
 * called with an empty body.
 */
type Access = 'public' | 'user' | 'admin' | 'signed' | 'docs' | 'dev';
type Victim = {
  userId: string;
  email: string;
  sessionId: string;
  subscriptionId: string;
  paymentId: string;
  deviceId: string;
  refreshToken: string;
  checkout: Record<string, string>;
};
type Call = { url?: string; body?: unknown };
type Entry = { access: Access; victim?: (v: Victim) => Call };

const UUID = '00000000-0000-4000-8000-000000000000';
/** The machine the victim's program activated. */
const VICTIM_MACHINE = { installId: 'victim-install-0001', hardwareId: 'victim-hardware-0001', name: 'Victim laptop', os: 'Windows 11', appVersion: '2.1.0' };

const MATRIX: Record<string, Entry> = {
  'GET /api/docs': { access: 'docs' },
  'GET /api/docs/json': { access: 'docs' },
  'GET /api/docs/yaml': { access: 'docs' },
  'GET /api/docs/static/*': { access: 'docs' },
  'GET /api/docs/static/index.html': { access: 'docs' },
  'GET /api/docs/static/swagger-initializer.js': { access: 'docs' },

  'GET /api/v1/health': { access: 'public' },
  'GET /api/v1/health/live': { access: 'public' },
  'GET /api/v1/auth/turnstile-config': { access: 'public' },
  'GET /api/v1/auth/verify-email/:token': { access: 'public' },
  'POST /api/v1/auth/login': { access: 'public', victim: (v) => ({ body: { email: v.email, password: 'Wrong!Passw0rd' } }) },
  'POST /api/v1/auth/register': {
    access: 'public',
    victim: (v) => ({ body: { firstName: 'Eve', lastName: 'Evil', email: v.email, password: 'Str0ng!Passw0rd', confirmPassword: 'Str0ng!Passw0rd' } }),
  },
  'POST /api/v1/auth/forgot-password': { access: 'public' },
  'POST /api/v1/auth/resend-verification': { access: 'public' },
  'POST /api/v1/auth/reset-password': { access: 'public', victim: () => ({ body: { token: 'guessed-token', password: 'N3w!Passw0rd' } }) },
  // The victim's refresh token is their secret; one for another session changes nothing of theirs (checked below).
  'POST /api/v1/auth/refresh': { access: 'public', victim: () => ({ body: { refreshToken: 'not-a-refresh-token' } }) },
  'GET /api/v1/blog/posts': { access: 'public' },
  'GET /api/v1/blog/posts/:slug': { access: 'public' },
  'POST /api/v1/contact': { access: 'public' },
  'GET /api/v1/downloads/config': { access: 'public' },
  'GET /api/v1/downloads/windows': { access: 'public' },
  'GET /api/v1/payments/config': { access: 'public' },
  'GET /api/v1/subscriptions/plans/public': { access: 'public' },
  'GET /robots.txt': { access: 'public' },
  'GET /rss.xml': { access: 'public' },
  'GET /sitemap.xml': { access: 'public' },
  'GET /.well-known/jwks.json': { access: 'public' },
  'GET /storage/blog-images/:name': { access: 'public' },
  // The desktop program's update feeds and installers (decision 190): public, published releases only.
  'GET /updates/win/:feed': { access: 'public' },
  'GET /updates/files/:id/:name': { access: 'public' },
  'GET /updates/tauri/:target/:arch/:currentVersion': { access: 'public' },
  // The changelog and its feed: published stable releases only.
  'GET /api/v1/changelog': { access: 'public' },
  'GET /changelog/rss.xml': { access: 'public' },
  'POST /api/v1/webhooks/razorpay': { access: 'signed' },
  // The desktop program's side of the sign-in through the browser (RFC 8628): no account, a device code (decision 185).
  'POST /api/v1/auth/device/code': { access: 'public' },
  'POST /api/v1/auth/device/token': { access: 'public' },

  'GET /api/v1/auth/me': { access: 'user' },
  'POST /api/v1/auth/logout': { access: 'user' },
  'PUT /api/v1/auth/profile': {
    access: 'user',
    victim: (v) => ({ body: { firstName: 'Eve', lastName: 'Evil', company: 'Taken', userId: v.userId, id: v.userId, email: v.email } }),
  },
  'PUT /api/v1/auth/change-password': {
    access: 'user',
    victim: (v) => ({ body: { currentPassword: 'Str0ng!Passw0rd', newPassword: 'N3w!Passw0rd', confirmPassword: 'N3w!Passw0rd', userId: v.userId } }),
  },
  'DELETE /api/v1/auth/account': { access: 'user', victim: (v) => ({ body: { password: 'Str0ng!Passw0rd', userId: v.userId } }) },
  'GET /api/v1/auth/sessions': { access: 'user' },
  'DELETE /api/v1/auth/sessions/:id': { access: 'user', victim: (v) => ({ url: `/api/v1/auth/sessions/${v.sessionId}` }) },
  'POST /api/v1/auth/sessions/revoke-others': { access: 'user', victim: (v) => ({ body: { userId: v.userId } }) },
  // The Security page (issue 36): the caller's own log; signing out everywhere ends the caller's sessions only.
  'GET /api/v1/auth/security-log': { access: 'user' },
  'POST /api/v1/auth/sessions/revoke-all': { access: 'user', victim: (v) => ({ body: { userId: v.userId } }) },
  // The caller's own data only, whatever the body names (decision 199).
  'POST /api/v1/auth/export': { access: 'user', victim: (v) => ({ body: { userId: v.userId, email: v.email } }) },
  // A new sign-in's "This wasn't me" (decision 200): public, on its mailed token only; naming the victim does nothing.
  'POST /api/v1/auth/secure-account': { access: 'public', victim: (v) => ({ body: { token: 'guessed-token', userId: v.userId, email: v.email } }) },
  // Two-step verification (decision 192): each acts on the caller's own account; the second step on a challenge only.
  'POST /api/v1/auth/login/second-factor': { access: 'public', victim: (v) => ({ body: { challenge: 'not-a-challenge', code: '123456', userId: v.userId } }) },
  // A passkey as the second step (decision 198): only the holder of the sign-in's challenge gets its options.
  'POST /api/v1/auth/login/second-factor/passkey-options': { access: 'public', victim: (v) => ({ body: { challenge: 'not-a-challenge', userId: v.userId } }) },
  'GET /api/v1/auth/two-factor': { access: 'user' },
  // The e-mail change (decision 194): the request on the caller's own account; the links on their token only.
  'POST /api/v1/auth/email-change': { access: 'user', victim: (v) => ({ body: { newEmail: 'eve.moved@example.com', userId: v.userId } }) },
  'POST /api/v1/auth/email-change/confirm': { access: 'public', victim: () => ({ body: { token: 'guessed-token' } }) },
  'POST /api/v1/auth/email-change/undo': { access: 'public', victim: () => ({ body: { token: 'guessed-token' } }) },
  // Passkeys (decision 196): each on the caller's own account; signing in names no account.
  'GET /api/v1/auth/passkeys': { access: 'user' },
  'POST /api/v1/auth/passkeys/registration-options': { access: 'user', victim: (v) => ({ body: { userId: v.userId } }) },
  'POST /api/v1/auth/passkeys': { access: 'user', victim: (v) => ({ body: { name: 'Eve', userId: v.userId } }) },
  'PATCH /api/v1/auth/passkeys/:id': { access: 'user', victim: (v) => ({ url: `/api/v1/auth/passkeys/${v.userId}`, body: { name: 'Eve' } }) },
  'DELETE /api/v1/auth/passkeys/:id': { access: 'user', victim: (v) => ({ url: `/api/v1/auth/passkeys/${v.userId}` }) },
  'POST /api/v1/auth/passkeys/sign-in-options': { access: 'public' },
  'POST /api/v1/auth/passkeys/sign-in': { access: 'public', victim: () => ({ body: { response: { id: 'AAAA' } } }) },
  'POST /api/v1/auth/two-factor/setup': { access: 'user', victim: (v) => ({ body: { userId: v.userId } }) },
  'POST /api/v1/auth/two-factor/confirm': { access: 'user', victim: (v) => ({ body: { code: '123456', userId: v.userId } }) },
  'POST /api/v1/auth/two-factor/recovery-codes': { access: 'user', victim: (v) => ({ body: { userId: v.userId } }) },
  'DELETE /api/v1/auth/two-factor': { access: 'user', victim: (v) => ({ body: { userId: v.userId } }) },
  'POST /api/v1/auth/step-up': { access: 'user', victim: (v) => ({ body: { password: 'Str0ng!Passw0rd', userId: v.userId } }) },
  // The options name the caller's own passkeys, never another account's.
  'POST /api/v1/auth/step-up/passkey-options': { access: 'user', victim: (v) => ({ body: { userId: v.userId } }) },
  // Recovery by e-mail (decision 201): asked for with a sign-in's challenge only; seen and cancelled by the caller's own
  // sessions; the mailed links act on their token's recovery only (the victim has one waiting, checked below).
  'POST /api/v1/auth/two-factor/recovery': { access: 'public', victim: (v) => ({ body: { challenge: 'not-a-challenge', userId: v.userId } }) },
  'GET /api/v1/auth/two-factor/recovery': { access: 'user' },
  'DELETE /api/v1/auth/two-factor/recovery': { access: 'user', victim: (v) => ({ body: { userId: v.userId } }) },
  'POST /api/v1/auth/two-factor/recovery/cancel': { access: 'public', victim: () => ({ body: { token: 'guessed-token' } }) },
  'POST /api/v1/auth/two-factor/recovery/complete': { access: 'public', victim: () => ({ body: { token: 'guessed-token' } }) },
  'GET /api/v1/users/dashboard': { access: 'user' },
  'POST /api/v1/usage': { access: 'user', victim: (v) => ({ body: { feature: 'stealth', userId: v.userId } }) },
  'GET /api/v1/entitlement': { access: 'user' },
  'GET /api/v1/devices': { access: 'user' },
  // The approval page: a code is decided by the session that typed it; the victim's own codes are never named here.
  'POST /api/v1/auth/device/lookup': { access: 'user', victim: () => ({ body: { userCode: 'BCDF-GHJK', userId: 'x' } }) },
  'POST /api/v1/auth/device/decision': { access: 'user', victim: () => ({ body: { userCode: 'BCDF-GHJK', approve: true, userId: 'x' } }) },
  // Another account's program activating the victim's machine gets a device of its own account, never the victim's.
  'POST /api/v1/devices': { access: 'user', victim: () => ({ body: { ...VICTIM_MACHINE, name: 'Eve laptop', userId: 'x' } }) },
  'POST /api/v1/devices/:id/lease': {
    access: 'user',
    victim: (v) => ({ url: `/api/v1/devices/${v.deviceId}/lease`, body: { hardwareId: VICTIM_MACHINE.hardwareId, appVersion: '2.1.0' } }),
  },
  'DELETE /api/v1/devices/:id': { access: 'user', victim: (v) => ({ url: `/api/v1/devices/${v.deviceId}` }) },
  'GET /api/v1/subscriptions/plans': { access: 'user' },
  'GET /api/v1/subscriptions/current': { access: 'user' },
  'POST /api/v1/subscriptions': { access: 'user', victim: () => ({ body: { planId: UUID, planName: 'stealth_month', totalCount: 1, billing: BILLING_FORM } }) },
  'PATCH /api/v1/subscriptions/:id/cancel': { access: 'user', victim: (v) => ({ url: `/api/v1/subscriptions/${v.subscriptionId}/cancel`, body: { cancelAtCycleEnd: true } }) },
  'POST /api/v1/subscriptions/:id/change-plan': { access: 'user', victim: (v) => ({ url: `/api/v1/subscriptions/${v.subscriptionId}/change-plan`, body: { planId: UUID } }) },
  'DELETE /api/v1/subscriptions/:id/change-plan': { access: 'user', victim: (v) => ({ url: `/api/v1/subscriptions/${v.subscriptionId}/change-plan` }) },
  'POST /api/v1/payments/verify': { access: 'user', victim: (v) => ({ body: verifyBody(v.checkout) }) },
  'GET /api/v1/payments': { access: 'user' },
  'GET /api/v1/payments/:id/receipt': { access: 'user', victim: (v) => ({ url: `/api/v1/payments/${v.paymentId}/receipt` }) },
  'GET /api/v1/payments/:id/refunds/:refundId/credit-note': { access: 'user', victim: (v) => ({ url: `/api/v1/payments/${v.paymentId}/refunds/${UUID}/credit-note` }) },

  'GET /api/v1/admin/blog/posts': { access: 'admin' },
  'GET /api/v1/admin/blog/posts/:id': { access: 'admin' },
  'POST /api/v1/admin/blog/posts': { access: 'admin', victim: () => ({ body: postInput() }) },
  'PUT /api/v1/admin/blog/posts/:id': { access: 'admin', victim: () => ({ body: postInput() }) },
  'DELETE /api/v1/admin/blog/posts/:id': { access: 'admin' },
  'POST /api/v1/admin/blog/preview': { access: 'admin', victim: () => ({ body: { content: '<p>x</p>' } }) },
  'POST /api/v1/admin/uploads': { access: 'admin' },
  'GET /api/v1/admin/contact-messages': { access: 'admin' },
  'PATCH /api/v1/admin/contact-messages/:id': { access: 'admin', victim: () => ({ body: { handled: true } }) },
  'GET /api/v1/admin/billing/provider-cancellations': { access: 'admin' },
  'GET /api/v1/admin/audit-log': { access: 'admin' },
  'GET /api/v1/admin/metrics': { access: 'admin' },
  'GET /api/v1/admin/openapi.json': { access: 'admin' },
  // An admin finds and reads any customer: called here with a search and ids that match no one.
  'GET /api/v1/admin/users': { access: 'admin', victim: () => ({ url: '/api/v1/admin/users?q=nobody-matches-this' }) },
  'GET /api/v1/admin/users/:id': { access: 'admin' },
  'POST /api/v1/admin/users/:id/resend-verification': { access: 'admin' },
  'POST /api/v1/admin/users/:id/end-sessions': { access: 'admin', victim: () => ({ body: { reason: 'r' } }) },
  'POST /api/v1/admin/users/:id/extend-trial': { access: 'admin', victim: () => ({ body: { days: 1, reason: 'r' } }) },
  'POST /api/v1/admin/users/:id/complimentary': { access: 'admin', victim: () => ({ body: { days: 1, planCode: 'stealth_month', reason: 'r' } }) },
  'POST /api/v1/admin/users/:id/subscriptions/:subscriptionId/cancel': { access: 'admin', victim: () => ({ body: { when: 'now', reason: 'r' } }) },
  'GET /api/v1/admin/users/:id/devices': { access: 'admin' },
  'DELETE /api/v1/admin/users/:id/devices/:deviceId': { access: 'admin', victim: () => ({ body: { reason: 'r' } }) },
  'POST /api/v1/admin/users/:id/reset-two-factor': { access: 'admin', victim: () => ({ body: { reason: 'r' } }) },
  'GET /api/v1/admin/payments/:id/receipt': { access: 'admin' },
  // The desktop program's releases (decision 190): nothing here names a customer.
  'GET /api/v1/admin/releases': { access: 'admin' },
  'POST /api/v1/admin/releases': { access: 'admin' },
  'POST /api/v1/admin/releases/external': { access: 'admin' },
  'PATCH /api/v1/admin/releases/:id': { access: 'admin', victim: () => ({ body: { status: 'draft' } }) },
  'POST /api/v1/admin/payments/:id/refund': { access: 'admin', victim: () => ({ body: { reason: 'r' } }) },
  'GET /api/v1/admin/payments/:id/refunds/:refundId/credit-note': { access: 'admin' },

  'GET /api/v1/dev/mailbox': { access: 'dev' },
  'GET /api/v1/dev/mailbox/:id': { access: 'dev' },
  'GET /api/v1/dev/mailbox/:id/html': { access: 'dev' },
  'GET /api/v1/dev/mailbox/:id/attachments/:index': { access: 'dev' },
  'GET /dev/razorpay/checkout.js': { access: 'dev' },
  'GET /dev/razorpay/checkout/window': { access: 'dev' },
  'GET /dev/razorpay/checkout/window.js': { access: 'dev' },
  'GET /dev/razorpay/checkout/window.css': { access: 'dev' },
  'POST /dev/razorpay/checkout/pay': { access: 'dev' },
  'POST /dev/razorpay/subscriptions/:id/charge': { access: 'dev' },
  'POST /dev/razorpay/subscriptions/:id/fail-charge': { access: 'dev' },
  'POST /dev/razorpay/webhooks/deliver': { access: 'dev' },
  'POST /dev/razorpay/payments/:id/dashboard-refund': { access: 'dev' },
  'POST /dev/razorpay/v1/payments/:id/refund': { access: 'dev' },
  'GET /dev/razorpay/v1/invoices/:id': { access: 'dev' },
  'GET /dev/razorpay/v1/orders/:id': { access: 'dev' },
  'GET /dev/razorpay/v1/payments/:id': { access: 'dev' },
  'GET /dev/razorpay/v1/plans/:id': { access: 'dev' },
  'GET /dev/razorpay/v1/subscriptions/:id': { access: 'dev' },
  'POST /dev/razorpay/v1/orders': { access: 'dev' },
  'POST /dev/razorpay/v1/plans': { access: 'dev' },
  'POST /dev/razorpay/v1/subscriptions': { access: 'dev' },
  'POST /dev/razorpay/v1/subscriptions/:id/cancel': { access: 'dev' },
  'PATCH /dev/razorpay/v1/subscriptions/:id': { access: 'dev' },
  'POST /dev/razorpay/v1/subscriptions/:id/cancel_scheduled_changes': { access: 'dev' },
};

let t: BillingTestApp;
let routes: DiscoveredRoute[];
let victim: Victim;
let adminToken: string;

/** Everything of the victim's: account, profile, sessions, refresh tokens, subscriptions, payments (receipts), usage, devices, two-step verification and its recovery. */
async function victimData(): Promise<string> {
  const id = victim.userId;
  const parts = await Promise.all([
    queryRows(t.db, sql`select to_jsonb(u) - 'last_login_at' as r from users u where id = ${id}`),
    queryRows(t.db, sql`select to_jsonb(p) as r from profiles p where id = ${id}`),
    queryRows(t.db, sql`select to_jsonb(s) - 'last_seen_at' as r from sessions s where user_id = ${id} order by id`),
    queryRows(t.db, sql`select to_jsonb(rt) as r from refresh_tokens rt join sessions s on s.id = rt.session_id where s.user_id = ${id} order by rt.id`),
    queryRows(t.db, sql`select to_jsonb(s) as r from subscriptions s where user_id = ${id} order by id`),
    queryRows(t.db, sql`select to_jsonb(p) as r from payments p where user_id = ${id} order by id`),
    queryRows(t.db, sql`select to_jsonb(e) as r from usage_events e where user_id = ${id} order by id`),
    queryRows(t.db, sql`select to_jsonb(d) as r from devices d where user_id = ${id} order by id`),
    queryRows(t.db, sql`select to_jsonb(f) as r from totp_factors f where user_id = ${id}`),
    queryRows(t.db, sql`select to_jsonb(r) as r from two_factor_recoveries r where user_id = ${id} order by id`),
  ]);
  return JSON.stringify(parts);
}

/** What of the victim must never appear in another user's answer. */
const secretsOf = (v: Victim) => [v.email, v.userId, v.sessionId, v.subscriptionId, v.paymentId, v.deviceId, 'VictimCo', 'victim-feature', VICTIM_MACHINE.name];

const inject = (method: string, url: string, token: string | null, body?: unknown) =>
  t.app.inject({
    method: method as InjectOptions['method'],
    url,
    ...(body !== undefined ? { payload: body as InjectOptions['payload'] } : {}),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

const defaultUrl = (r: DiscoveredRoute) => fillUrl(r.url, { id: UUID, slug: 'welcome', token: 'x', name: 'x.png', '*': 'x' });
const callFor = (r: DiscoveredRoute): Call => ({ url: defaultUrl(r), body: r.method === 'GET' || r.method === 'DELETE' ? undefined : {}, ...MATRIX[r.key]?.victim?.(victim) });

beforeAll(async () => {
  ({ t, routes } = await createDiscoveredBillingApp());
  adminToken = (await createUserAndLogin(t, { role: 'admin' })).token;

  // The victim: a profile, two sessions, a paid subscription with its receipt, and usage.
  const v = await createUserAndLogin(t);
  await t.call('PUT', '/api/v1/auth/profile', { token: v.token, body: { firstName: 'Victor', lastName: 'Victim', company: 'VictimCo' } });
  await loginAs(t, v.email, v.password, 'desktop');
  await t.call('POST', '/api/v1/usage', { token: v.token, body: { feature: 'victim-feature' } });
  const bought = await buy(t, v.token, 'stealth_month');
  const verified = await t.call('POST', '/api/v1/payments/verify', { token: v.token, body: verifyBody(bought.result.response) });
  expect(verified.statusCode).toBe(200);
  const [payment] = await queryRows<{ id: string }>(t.db, sql`select id from payments where user_id = ${v.user.id}`);
  const sessions = (await t.call('GET', '/api/v1/auth/sessions', { token: v.token })).json().data.sessions as { id: string }[];
  const device = await t.call('POST', '/api/v1/devices', { token: v.token, body: VICTIM_MACHINE });
  expect(device.statusCode, device.body).toBe(201);
  // Two-step verification on (the authenticator loginAs answers for), and a recovery by e-mail waiting (decision 201).
  await t.db.insert(totpFactors).values({ userId: v.user.id, secretSealed: t.app.ctx.twoFactor.sealer.seal(TEST_ADMIN_TOTP_SECRET), confirmedAt: new Date() });
  const challenge = (await t.call('POST', '/api/v1/auth/login', { body: { email: v.email, password: v.password } })).json().data.secondFactor.challenge as string;
  expect((await t.call('POST', '/api/v1/auth/two-factor/recovery', { body: { challenge } })).statusCode).toBe(200);
  victim = {
    userId: v.user.id,
    email: v.email,
    sessionId: sessions[0].id,
    subscriptionId: bought.subscription._id,
    paymentId: payment.id,
    deviceId: device.json().data.device.id,
    refreshToken: v.refreshToken,
    checkout: bought.result.response,
  };
});
afterAll(() => t.close());

describe(`the authorization matrix on ${TEST_DB_KIND}`, () => {
  it('lists every route the app registers, and nothing else', () => {
    const registered = routes.map((r) => r.key).sort();
    const listed = Object.keys(MATRIX).sort();
    // A new route must be added to MATRIX with who may call it: then every check below covers it.
    expect(
      registered.filter((k) => !MATRIX[k]),
      'routes missing from the matrix',
    ).toEqual([]);
    expect(
      listed.filter((k) => !registered.includes(k)),
      'matrix rows without a route',
    ).toEqual([]);
  });

  it("every declared endpoint's guard is the access this matrix gives it (the guard route() applies comes from the declaration)", () => {
    const declared = Object.values(endpoints).flatMap((area) => Object.values(area).map((e) => ({ key: `${e.method} /api/v1${e.path}`, guard: e.guard as string })));
    expect(declared.length).toBeGreaterThan(50);
    // A stand-in's guard is this matrix's `dev`: answered only while the stand-in is on, and only to this computer.
    expect(declared.filter(({ key, guard }) => MATRIX[key]?.access !== (guard === 'stand-in' ? 'dev' : guard))).toEqual([]);
  });

  it('visitor: every user and admin route answers 401 in the envelope', async () => {
    for (const r of routes.filter((r) => ['user', 'admin'].includes(MATRIX[r.key]?.access))) {
      const { url, body } = callFor(r);
      const res = await inject(r.method, url!, null, body);
      expect(res.statusCode, r.key).toBe(401);
      expect(JSON.parse(res.body), r.key).toMatchObject({ success: false, error: 'UNAUTHORIZED' });
    }
  });

  it('user: every admin route answers 403 "Access denied", changing nothing', async () => {
    const u = await createUserAndLogin(t);
    const before = await queryRows(t.db, sql`select (select count(*) from blog_posts) as posts, (select count(*) from contact_messages where handled_at is not null) as handled`);
    for (const r of routes.filter((r) => MATRIX[r.key]?.access === 'admin')) {
      const { url, body } = callFor(r);
      const res = await inject(r.method, url!, u.token, body);
      expect(res.statusCode, r.key).toBe(403);
      expect(JSON.parse(res.body), r.key).toMatchObject({ success: false, error: 'FORBIDDEN', message: 'Access denied. Admin privileges required.' });
    }
    expect(await queryRows(t.db, sql`select (select count(*) from blog_posts) as posts, (select count(*) from contact_messages where handled_at is not null) as handled`)).toEqual(
      before,
    );
  });

  it('admin: every admin route is open to an admin', async () => {
    for (const r of routes.filter((r) => MATRIX[r.key]?.access === 'admin')) {
      const { url, body } = callFor(r);
      const res = await inject(r.method, url!, adminToken, body);
      expect([401, 403], `${r.key} → ${res.statusCode} ${res.body.slice(0, 200)}`).not.toContain(res.statusCode);
    }
  });

  it("another user or an admin: no route reveals or changes the victim's profile, sessions, subscription, payments, receipts or usage", async () => {
    const before = await victimData();
    for (const r of routes.filter((r) => ['user', 'public', 'admin', 'signed'].includes(MATRIX[r.key]?.access))) {
      for (const role of ['user', 'admin'] as const) {
        // A fresh attacker per call: some calls end the caller's own session or account.
        const attacker = role === 'admin' ? await createUserAndLogin(t, { role: 'admin' }) : await createUserAndLogin(t);
        const { url, body } = callFor(r);
        const res = await inject(r.method, url!, attacker.token, body);
        const text = bodyText(res);
        expect(res.statusCode, `${role} ${r.key} → ${res.statusCode}`).toBeLessThan(500);
        for (const secret of secretsOf(victim)) expect(text.includes(secret), `${role} ${r.key} shows the victim's ${secret}`).toBe(false);
        if (MATRIX[r.key].victim && MATRIX[r.key].access === 'user' && /:id/.test(r.url)) {
          expect(res.statusCode, `${role} ${r.key} on the victim's id`).toBeGreaterThanOrEqual(400);
        }
      }
    }
    expect(await victimData()).toEqual(before);
    // The victim is still signed in and still subscribed.
    const refreshed = await t.call('POST', '/api/v1/auth/refresh', { body: { refreshToken: victim.refreshToken } });
    expect(refreshed.statusCode).toBe(200);
    const current = await t.call('GET', '/api/v1/subscriptions/current', { token: refreshed.json().data.token });
    // Their recovery by e-mail still waits.
    expect((await t.call('GET', '/api/v1/auth/two-factor/recovery', { token: refreshed.json().data.token })).json().data.recovery).not.toBeNull();
    expect(current.json().data.subscription).toMatchObject({ _id: victim.subscriptionId, status: 'active' });
    // And their program still refreshes its lease.
    const lease = await t.call('POST', `/api/v1/devices/${victim.deviceId}/lease`, {
      token: refreshed.json().data.token,
      body: { hardwareId: VICTIM_MACHINE.hardwareId, appVersion: '2.1.0' },
    });
    expect(lease.statusCode, lease.body).toBe(200);
  }, 120_000);

  it("the victim's own calls still reach their data (the matrix is not passing because everything is closed)", async () => {
    const session = await loginAs(t, victim.email);
    const receipt = await inject('GET', `/api/v1/payments/${victim.paymentId}/receipt`, session.token);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    const dashboard = JSON.parse((await inject('GET', '/api/v1/users/dashboard', session.token)).body);
    expect(JSON.stringify(dashboard)).toContain('victim-feature');
    // Their data download holds what the attackers' never did.
    const exported = await inject('POST', '/api/v1/auth/export', session.token, {});
    expect(exported.statusCode).toBe(200);
    for (const theirs of [victim.email, 'VictimCo', 'victim-feature', VICTIM_MACHINE.name]) expect(exported.body).toContain(theirs);
  });
});

describe('the embedded tools', () => {
  it('are absent when SMTP and Razorpay are configured, as in production', async () => {
    const seen: string[] = [];
    const prod = await createTestApp(
      { SMTP_URL: 'smtp://127.0.0.1:9', RAZORPAY_KEY_ID: 'rzp_test_x', RAZORPAY_KEY_SECRET: 'secret', RAZORPAY_WEBHOOK_SECRET: 'whsecret' },
      { onRoute: (r) => void seen.push(String(r.url)) },
    );
    try {
      const devRoutes = Object.entries(MATRIX)
        .filter(([, e]) => e.access === 'dev')
        .map(([k]) => k.split(' ')[1]);
      expect(seen.filter((url) => devRoutes.includes(url))).toEqual([]);
      expect((await prod.call('GET', '/api/v1/dev/mailbox')).statusCode).toBe(404);
      expect((await prod.call('POST', '/dev/razorpay/checkout/pay', { body: {} })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
