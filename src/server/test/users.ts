import { eq } from 'drizzle-orm';
import { profiles, users } from '../db/schema';
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

/** Creates a verified user (or admin) directly in the database and signs in through the API. */
export async function createUser(t: TestApp, opts: { role?: 'user' | 'admin'; email?: string; verified?: boolean; deviceType?: 'web' | 'desktop' } = {}) {
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
  return { user, email, password: TEST_PASSWORD };
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

export async function loginAs(t: TestApp, email: string, password = TEST_PASSWORD, deviceType: 'web' | 'desktop' = 'web') {
  const res = await t.call('POST', '/api/v1/auth/login', { body: { email, password, deviceType }, remoteAddress: visitorAddress() });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  const data = res.json().data as { token: string; refreshToken: string; user: { id: string } };
  return data;
}

export async function createUserAndLogin(t: TestApp, opts: Parameters<typeof createUser>[1] = {}) {
  const created = await createUser(t, opts);
  const session = await loginAs(t, created.email, created.password, opts.deviceType);
  return { ...created, ...session };
}

export async function findUser(t: TestApp, email: string) {
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  return row;
}
