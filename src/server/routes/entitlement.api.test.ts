import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { TEST_DB_KIND } from '../test/harness';
import { buy, createBillingTestApp, verifyBody, type BillingTestApp } from '../test/billing';
import { createUserAndLogin } from '../test/users';

let t: BillingTestApp;
beforeAll(async () => {
  t = await createBillingTestApp();
});
afterAll(() => t.close());

describe(`entitlement for the desktop program on ${TEST_DB_KIND}`, () => {
  it('needs a bearer token', async () => {
    expect((await t.call('GET', '/api/v1/entitlement')).statusCode).toBe(401);
  });

  it('reports the trial, then nothing once it ran out', async () => {
    const u = await createUserAndLogin(t, { deviceType: 'desktop' });
    const trial = (await t.call('GET', '/api/v1/entitlement', { token: u.token })).json().data.entitlement;
    expect(trial).toMatchObject({ entitled: true, plan: 'trial', status: 'trial', isOnTrial: true, lifetime: false });
    expect(trial.validUntil).toBe(trial.trialExpires);

    await t.db
      .update(users)
      .set({ trialExpires: new Date(Date.now() - 1000) })
      .where(eq(users.id, u.user.id));
    const free = (await t.call('GET', '/api/v1/entitlement', { token: u.token })).json().data.entitlement;
    expect(free).toMatchObject({ entitled: false, plan: 'free', status: 'free', validUntil: null, isOnTrial: false });
  });

  it('reports the paid plan until the end of its period, cancelling included, and the lifetime plan without end', async () => {
    const u = await createUserAndLogin(t, { deviceType: 'desktop' });
    const { result } = await buy(t, u.token, 'stealth_month');
    const sub = (await t.call('POST', '/api/v1/payments/verify', { token: u.token, body: verifyBody(result.response) })).json().data.subscription;
    const paid = (await t.call('GET', '/api/v1/entitlement', { token: u.token })).json().data.entitlement;
    expect(paid).toMatchObject({ entitled: true, plan: 'stealth_month', planName: 'Stealth Month', status: 'active', validUntil: sub.currentEnd, lifetime: false });
    await t.call('PATCH', `/api/v1/subscriptions/${sub._id}/cancel`, { token: u.token, body: { cancelAtPeriodEnd: true } });
    const cancelling = (await t.call('GET', '/api/v1/entitlement', { token: u.token })).json().data.entitlement;
    expect(cancelling).toMatchObject({ entitled: true, status: 'cancelling', validUntil: sub.currentEnd });

    const forever = await createUserAndLogin(t, { deviceType: 'desktop' });
    const bought = await buy(t, forever.token, 'stealth_lifetime');
    await t.call('POST', '/api/v1/payments/verify', { token: forever.token, body: verifyBody(bought.result.response) });
    const lifetime = (await t.call('GET', '/api/v1/entitlement', { token: forever.token })).json().data.entitlement;
    expect(lifetime).toMatchObject({ entitled: true, plan: 'stealth_lifetime', validUntil: null, lifetime: true });
  });
});
