import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInProofs as proofRows } from '../db/schema';
import { SIGN_IN_PROOFS_PER_USER } from '../services/auth/sign-in-proofs';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';
import { tokenFromMail } from '../test/mailbox';
import { createUser, createUserAndLogin } from '../test/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Attempt = { email: string; password: string; ip: string; deviceType?: 'web' | 'desktop'; signInProof?: string; deviceToken?: string };
const login = async ({ ip, ...body }: Attempt) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: body, remoteAddress: ip });
  return { status: res.statusCode, body: JSON.parse(res.body) };
};

let net = 0;
/** A fresh /24 for each test, so that per-IP counts of one test do not reach another. */
const subnet = () => `10.${40 + ++net}.0`;

/** Strangers use up the account's shared bound (8 wrong guesses from addresses of their own). */
const lockOut = async (email: string) => {
  for (let i = 0; i < 8; i++) expect((await login({ email, password: `Wrong!pass${i}`, ip: `${subnet()}.9` })).status).toBe(401);
  expect((await login({ email, password: 'Wrong!pass9', ip: `${subnet()}.9` })).status).toBe(429);
};

describe(`sign-in lockout (decision 061) on ${TEST_DB_KIND}`, () => {
  it('strangers guessing from many addresses cannot keep the owner out of a browser or desktop program that signed in before', async () => {
    const owner = await createUser(t);
    const net = subnet();
    // The owner signs in once on the web and once in the desktop program (JSON only, no cookies): each stores its proof.
    const web = await login({ email: owner.email, password: owner.password, ip: `${net}.1` });
    const desktop = await login({ email: owner.email, password: owner.password, ip: `${net}.2`, deviceType: 'desktop' });
    expect([web.status, desktop.status]).toEqual([200, 200]);
    expect(typeof web.body.data.signInProof).toBe('string');
    expect(typeof desktop.body.data.signInProof).toBe('string');

    const attacker: number[] = [];
    for (let i = 0; i < 20; i++) attacker.push((await login({ email: owner.email, password: `Wrong!pass${i}`, ip: `${subnet()}.9` })).status);
    expect(attacker.slice(0, 8)).toEqual(Array(8).fill(401));
    expect(attacker.slice(8)).toEqual(Array(12).fill(429));

    const again = await login({ email: owner.email, password: owner.password, ip: `${net}.1`, signInProof: web.body.data.signInProof });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ success: true, message: 'Login successful! Redirecting...' });
    const fromDesktop = await login({ email: owner.email, password: owner.password, ip: `${net}.2`, deviceType: 'desktop', signInProof: desktop.body.data.signInProof });
    expect(fromDesktop.status).toBe(200);
    // A typo on the owner's own device is still just a wrong password.
    expect((await login({ email: owner.email, password: 'Typo!pass1', ip: `${net}.1`, signInProof: again.body.data.signInProof })).status).toBe(401);
    expect((await login({ email: owner.email, password: owner.password, ip: `${net}.1`, signInProof: again.body.data.signInProof })).status).toBe(200);

    // A client that never signed in to the account shares the locked bound, even with the right password.
    const stranger = await login({ email: owner.email, password: owner.password, ip: `${net}.3` });
    expect(stranger.status).toBe(429);
    expect(stranger.body).toMatchObject({ success: false, error: 'TOO_MANY_REQUESTS' });
  });

  it('a proof of another account, a forged or a garbled one counts as no proof', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const net = subnet();
    const otherToken = (await login({ email: other.email, password: other.password, ip: `${net}.1` })).body.data.signInProof as string;
    const [header, payload] = otherToken.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: owner.user.id })).toString('base64url')}.${otherToken.split('.')[2]}`;
    for (let i = 0; i < 8; i++) expect((await login({ email: owner.email, password: `Wrong!pass${i}`, ip: `${subnet()}.9` })).status).toBe(401);
    for (const signInProof of [otherToken, forged, 'garbage', 'x'.repeat(1024)]) {
      expect((await login({ email: owner.email, password: owner.password, ip: `${net}.2`, signInProof })).status, signInProof.slice(0, 20)).toBe(429);
    }
    expect((await login({ email: owner.email, password: owner.password, ip: `${net}.2`, signInProof: 'x'.repeat(1025) })).status).toBe(400);
  });

  it('guessing stays bounded: from one address, from many addresses, and with a sign-in proof', async () => {
    // From one address: the account's bound (8), and the address's own bound across accounts (30, auth-attacks).
    const a = await createUser(t);
    const one = `${subnet()}.1`;
    const fromOne: number[] = [];
    for (let i = 0; i < 10; i++) fromOne.push((await login({ email: a.email, password: `Wrong!pass${i}`, ip: one })).status);
    expect(fromOne).toEqual([...Array(8).fill(401), 429, 429]);

    // From many addresses: the same bound of 8 per window for every client without a proof.
    const b = await createUser(t);
    const fromMany: number[] = [];
    for (let i = 0; i < 10; i++) fromMany.push((await login({ email: b.email, password: `Wrong!pass${i}`, ip: `${subnet()}.1` })).status);
    expect(fromMany).toEqual([...Array(8).fill(401), 429, 429]);

    // With a sign-in proof (stolen, say): 8 guesses for that proof, then it is refused too, right password or not.
    const c = await createUser(t);
    const net = subnet();
    const token = (await login({ email: c.email, password: c.password, ip: `${net}.1` })).body.data.signInProof as string;
    const withToken: number[] = [];
    for (let i = 0; i < 10; i++) withToken.push((await login({ email: c.email, password: `Wrong!pass${i}`, ip: `${subnet()}.1`, signInProof: token })).status);
    expect(withToken).toEqual([...Array(8).fill(401), 429, 429]);
    expect((await login({ email: c.email, password: c.password, ip: `${net}.1`, signInProof: token })).status).toBe(429);
    // ...which neither locks the account for other clients nor gives more guesses there.
    expect((await login({ email: c.email, password: c.password, ip: `${net}.2` })).status).toBe(200);
  });
});

describe(`sign-in proofs under their old name, deviceToken (decision 179), on ${TEST_DB_KIND}`, () => {
  it('a sign-in answers its proof in both fields, and a client made before the rename still gets past the lockout with deviceToken', async () => {
    const owner = await createUser(t);
    const net = subnet();
    const first = await login({ email: owner.email, password: owner.password, ip: `${net}.1`, deviceType: 'desktop' });
    expect(first.status).toBe(200);
    expect(typeof first.body.data.signInProof).toBe('string');
    expect(first.body.data.deviceToken).toBe(first.body.data.signInProof);
    const second = await login({ email: owner.email, password: owner.password, ip: `${net}.2` });

    await lockOut(owner.email);
    // The old field alone (a desktop program or a browser of before the rename), and the new field alone.
    const old = await login({ email: owner.email, password: owner.password, ip: `${net}.1`, deviceType: 'desktop', deviceToken: first.body.data.deviceToken });
    expect(old.status).toBe(200);
    expect(old.body.data.deviceToken).toBe(old.body.data.signInProof);
    expect((await login({ email: owner.email, password: owner.password, ip: `${net}.2`, signInProof: second.body.data.signInProof })).status).toBe(200);
    // Both sent: the new field is the one read, so a stale old field does not shadow it.
    const both = await login({ email: owner.email, password: owner.password, ip: `${net}.3`, signInProof: old.body.data.signInProof, deviceToken: 'stale' });
    expect(both.status).toBe(200);
    expect((await login({ email: owner.email, password: owner.password, ip: `${net}.3`, signInProof: 'stale', deviceToken: both.body.data.signInProof })).status).toBe(429);
    // The old field is held to the same size as the new one.
    expect((await login({ email: owner.email, password: owner.password, ip: `${net}.3`, deviceToken: 'x'.repeat(1025) })).status).toBe(400);
  });

  it('/api/docs describes signInProof and marks deviceToken deprecated, in the request and in the response', async () => {
    const doc = (await t.call('GET', '/api/docs/json')).json();
    const op = doc.paths['/api/v1/auth/login'].post;
    const resolve = (schema: { $ref?: string }) => (schema.$ref ? doc.components.schemas[schema.$ref.split('/').pop()!] : schema);
    const body = resolve(op.requestBody.content['application/json'].schema);
    expect(body.properties.signInProof.deprecated).toBeUndefined();
    expect(body.properties.deviceToken.deprecated).toBe(true);
    // The answer is a session, or the second step of an account with two-step verification (decision 192).
    const reply = resolve(resolve(op.responses['200'].content['application/json'].schema).properties.data) as { anyOf: { $ref?: string }[] };
    const branches = reply.anyOf.map(resolve) as { properties: Record<string, { deprecated?: boolean }>; required: string[] }[];
    expect(branches.some((b) => 'secondFactor' in b.properties)).toBe(true);
    const data = branches.find((b) => 'signInProof' in b.properties)!;
    expect(data.properties.signInProof!.deprecated).toBeUndefined();
    expect(data.properties.deviceToken!.deprecated).toBe(true);
    expect(data.required).toEqual(expect.arrayContaining(['signInProof', 'deviceToken']));
  });
});

describe(`sign-in proofs are retired with the sessions, and an account keeps a handful (decision 102) on ${TEST_DB_KIND}`, () => {
  const admin = async () => {
    const a = await createUserAndLogin(t, { role: 'admin' });
    return a.token;
  };

  const events: [string, (owner: { email: string; password: string; user: { id: string }; token: string }) => Promise<string>][] = [
    [
      'a password change',
      async (owner) => {
        const res = await t.call('PUT', '/api/v1/auth/change-password', {
          token: owner.token,
          body: { currentPassword: owner.password, newPassword: 'N3w!Password', confirmPassword: 'N3w!Password' },
        });
        expect(res.statusCode).toBe(200);
        return 'N3w!Password';
      },
    ],
    [
      'a password reset',
      async (owner) => {
        await t.call('POST', '/api/v1/auth/forgot-password', { body: { email: owner.email }, remoteAddress: `${subnet()}.1` });
        const res = await t.call('POST', '/api/v1/auth/reset-password', { body: { token: await tokenFromMail(t, owner.email, 'password-reset'), password: 'N3w!Password' } });
        expect(res.statusCode).toBe(200);
        return 'N3w!Password';
      },
    ],
    [
      '"sign out of all other sessions"',
      async (owner) => {
        expect((await t.call('POST', '/api/v1/auth/sessions/revoke-others', { token: owner.token })).statusCode).toBe(200);
        return owner.password;
      },
    ],
    [
      'an admin\'s "end sessions"',
      async (owner) => {
        const res = await t.call('POST', `/api/v1/admin/users/${owner.user.id}/end-sessions`, { token: await admin(), body: { reason: 'Customer reported a stolen laptop' } });
        expect(res.statusCode).toBe(200);
        return owner.password;
      },
    ],
  ];

  it.each(events)('after %s, a proof handed out before counts as none: 429 while the account is locked, and a new sign-in gets a proof that works', async (_, event) => {
    const owner = await createUserAndLogin(t);
    const net = subnet();
    const old = (await login({ email: owner.email, password: owner.password, ip: `${net}.1` })).body.data.signInProof as string;
    const password = await event(owner);
    await lockOut(owner.email);
    expect((await login({ email: owner.email, password, ip: `${net}.1`, signInProof: old })).status).toBe(429);
    expect((await login({ email: owner.email, password: 'Wrong!guess', ip: `${net}.1`, signInProof: old })).status).toBe(429);

    // A sign-in after the event, from a browser the account knew (before the strangers came), gets a proof that works.
    const owner2 = await createUserAndLogin(t);
    const before = (await login({ email: owner2.email, password: owner2.password, ip: `${net}.2` })).body.data.signInProof as string;
    const password2 = await event(owner2);
    const after = (await login({ email: owner2.email, password: password2, ip: `${net}.2`, signInProof: before })).body.data.signInProof as string;
    await lockOut(owner2.email);
    expect((await login({ email: owner2.email, password: password2, ip: `${net}.2`, signInProof: before })).status).toBe(429);
    expect((await login({ email: owner2.email, password: password2, ip: `${net}.2`, signInProof: after })).status).toBe(200);
  });

  it(`an account keeps its newest ${SIGN_IN_PROOFS_PER_USER} sign-in proofs: minting more in advance retires the oldest`, async () => {
    const owner = await createUser(t);
    const net = subnet();
    const minted: string[] = [];
    for (let i = 0; i < SIGN_IN_PROOFS_PER_USER + 2; i++)
      minted.push((await login({ email: owner.email, password: owner.password, ip: `${net}.1` })).body.data.signInProof as string);
    expect(await t.db.select().from(proofRows).where(eq(proofRows.userId, owner.user.id))).toHaveLength(SIGN_IN_PROOFS_PER_USER);
    await lockOut(owner.email);
    expect((await login({ email: owner.email, password: owner.password, ip: `${net}.1`, signInProof: minted[0] })).status).toBe(429);
    expect((await login({ email: owner.email, password: owner.password, ip: `${net}.1`, signInProof: minted[1] })).status).toBe(429);
    expect((await login({ email: owner.email, password: owner.password, ip: `${net}.1`, signInProof: minted[2] })).status).toBe(200);
  });

  // On PostgreSQL the sign-ins below really run at once (PGlite runs them one after the other); before, their proofs were
  // written side by side and an account could keep more than five.
  it(`sign-ins at the same moment leave the account its ${SIGN_IN_PROOFS_PER_USER} newest sign-in proofs, and none fails`, async () => {
    for (let round = 0; round < 6; round++) {
      const owner = await createUser(t);
      const net = subnet();
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => login({ email: owner.email, password: owner.password, ip: `${net}.${i + 1}` })));
      // More at once than the account's bound on attempts in flight get 429; a sign-in whose session a newer one displaced
      // before its proof was handed out is told so; none is a 500.
      for (const a of answers) expect(a.status === 200 || a.status === 429 || (a.status === 401 && a.body.code === 'SESSION_INVALID'), JSON.stringify(a.body)).toBe(true);
      expect((await t.db.select().from(proofRows).where(eq(proofRows.userId, owner.user.id))).length).toBeLessThanOrEqual(SIGN_IN_PROOFS_PER_USER);
    }
  });

  // A sign-in whose password was checked just before the owner changed it, or signed every other session out, must not
  // come away with a sign-in proof that outlives that change (decision 102): the owner's step lands between the
  // sign-in's session and its proof.
  it.each([
    [
      'a password change',
      (owner: { token: string; password: string }) =>
        t.call('PUT', '/api/v1/auth/change-password', {
          token: owner.token,
          body: { currentPassword: owner.password, newPassword: 'N3w!Passw0rd', confirmPassword: 'N3w!Passw0rd' },
        }),
    ],
    ['signing out everywhere', (owner: { token: string }) => t.call('POST', '/api/v1/auth/sessions/revoke-others', { token: owner.token })],
  ])('a sign-in proof minted while the owner makes %s does not outlive it', async (_step, ownerStep) => {
    const owner = await createUserAndLogin(t);
    const net = subnet();
    const proofs = t.app.ctx.signInProofs;
    const issue = proofs.issue;
    proofs.issue = async (...args: Parameters<typeof issue>) => {
      proofs.issue = issue;
      expect((await ownerStep(owner)).statusCode).toBe(200);
      return issue(...args);
    };
    const raced = await login({ email: owner.email, password: owner.password, ip: `${net}.7` });
    proofs.issue = issue;
    const proof = raced.status === 200 ? (raced.body.data.signInProof as string) : undefined;
    await lockOut(owner.email);
    // Whatever the racing sign-in was answered, it holds no exemption from the account's bound.
    expect((await login({ email: owner.email, password: 'Wrong!guess1', ip: `${net}.7`, signInProof: proof })).status).toBe(429);
    expect(await t.db.select().from(proofRows).where(eq(proofRows.userId, owner.user.id))).toHaveLength(0);
  });
});
