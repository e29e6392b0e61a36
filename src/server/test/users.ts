import { eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { TWO_FACTOR } from '#shared/constants';
import { profiles, totpFactors, users } from '../db/schema';
import { PASSWORD_HASH_OPTIONS } from '../services/auth/passwords';
import type { TestApp } from './harness';

let counter = 0;
export const TEST_PASSWORD = 'Str0ng!Passw0rd';

/**
 * The stored hash of the accounts createUser makes: argon2id as the product's (services/auth/passwords.ts) at the
 * smallest cost, made once per worker. A sign-in checks a hash at the parameters written in it, so signing these
 * accounts in costs a millisecond instead of tens (hundreds of sign-ins a run); the product's own parameters are
 * those of every account that signs up, changes or resets its password through the API, and passwords.test.ts checks them.
 */
let testHash: Promise<string> | undefined;
const testPasswordHash = () => (testHash ??= import('@node-rs/argon2').then(({ hash }) => hash(TEST_PASSWORD, { ...PASSWORD_HASH_OPTIONS, memoryCost: 64, timeCost: 1 })));

/**
 * The authenticator secret of the admins createUser makes (base 32, 20 bytes): every admin has two-step verification
 * on (decision 193), and loginAs answers the second step with a code of it.
 */
export const TEST_ADMIN_TOTP_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

type CreateOptions = {
  role?: 'user' | 'admin';
  email?: string;
  verified?: boolean;
  deviceType?: 'web' | 'desktop';
  /** An admin with two-step verification on (the default for admins; false: one still to enrol). */
  twoFactor?: boolean;
};

/** Creates a verified user (or admin, with two-step verification on) directly in the database. */
export async function createUser(t: TestApp, opts: CreateOptions = {}) {
  const email = opts.email ?? `user${++counter}.${Date.now()}@example.com`;
  const [user] = await t.db
    .insert(users)
    .values({
      email,
      passwordHash: await testPasswordHash(),
      firstName: 'Test',
      lastName: 'User',
      isEmailVerified: opts.verified ?? true,
      trialExpires: (opts.verified ?? true) ? new Date(Date.now() + 86_400_000) : null,
    })
    .returning();
  await t.db.insert(profiles).values({ id: user.id, role: opts.role ?? 'user' });
  if (opts.role === 'admin' && opts.twoFactor !== false) {
    const secretSealed = t.app.ctx.twoFactor.sealer.seal(TEST_ADMIN_TOTP_SECRET);
    await t.db.insert(totpFactors).values({ userId: user.id, secretSealed, confirmedAt: new Date() });
  }
  return { user, email, password: TEST_PASSWORD };
}

/**
 * A code of TEST_ADMIN_TOTP_SECRET the account has not used: the earliest time step after its last one that the
 * server still takes (one step either side of now). Each code works once, so an account can sign in three times in
 * one 30-second step; a test that needs more signs in once and keeps the session.
 */
export async function unusedAdminCode(t: TestApp, userId: string) {
  const [factor] = await t.db.select({ lastStep: totpFactors.lastStep }).from(totpFactors).where(eq(totpFactors.userId, userId));
  const current = Math.floor(Date.now() / 1000 / TWO_FACTOR.periodSeconds);
  const step = Math.max(current - TWO_FACTOR.skewSteps, (factor?.lastStep ?? -1) + 1);
  if (step > current + TWO_FACTOR.skewSteps) throw new Error('this admin has used every code the server takes now: keep a session instead of signing in again');
  return generateSync({ secret: TEST_ADMIN_TOTP_SECRET, epoch: step * TWO_FACTOR.periodSeconds });
}

/**
 * Each sign-in from an address of its own, as visitors behind the load balancer come: the per-address ceiling on
 * sign-ins (`loginIpAll`, services/auth/rate-limits.ts) stays out of tests that sign in hundreds of users.
 */
let signIns = 0;
const visitorAddress = () => {
  const i = ++signIns;
  return `10.200.${(i >> 8) & 255}.${i & 255}`;
};

type SignedIn = { token: string; refreshToken: string; user: { id: string } };

/** Signs in through the API; an account with two-step verification (every admin createUser makes) gives a code of its authenticator. */
export async function loginAs(t: TestApp, email: string, password = TEST_PASSWORD, deviceType: 'web' | 'desktop' = 'web'): Promise<SignedIn> {
  const remoteAddress = visitorAddress();
  const res = await t.call('POST', '/api/v1/auth/login', { body: { email, password, deviceType }, remoteAddress });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  const data = res.json().data as SignedIn | { secondFactor: { challenge: string } };
  if (!('secondFactor' in data)) return data;
  const user = await findUser(t, email);
  const code = await unusedAdminCode(t, user!.id);
  const second = await t.call('POST', '/api/v1/auth/login/second-factor', { body: { challenge: data.secondFactor.challenge, code }, remoteAddress });
  if (second.statusCode !== 200) throw new Error(`second step failed: ${second.body}`);
  return second.json().data as SignedIn;
}

export async function createUserAndLogin(t: TestApp, opts: CreateOptions = {}) {
  const created = await createUser(t, opts);
  const session = await loginAs(t, created.email, created.password, opts.deviceType);
  return { ...created, ...session };
}

export async function findUser(t: TestApp, email: string) {
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  return row;
}
