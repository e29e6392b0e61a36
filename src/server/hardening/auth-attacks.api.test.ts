import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { emailTokens, sessions } from '../db/schema';
import { safeEqual } from '../lib/crypto';
import { sharedSecret } from '../lib/secrets';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';
import { tokenFromMail } from '../test/mailbox';
import { createUser, createUserAndLogin } from '../test/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, ip: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, remoteAddress: ip });
const me = (token: string) => t.call('GET', '/api/v1/auth/me', { token });

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

describe(`authentication attacks on ${TEST_DB_KIND}`, () => {
  it('brute force on one account from many addresses is stopped per account, even for the right password', async () => {
    const victim = await createUser(t);
    const answers: number[] = [];
    for (let i = 0; i < 12; i++) answers.push((await login(victim.email, `Wrong!pass${i}`, `10.1.0.${i + 1}`)).statusCode);
    expect(answers.slice(0, 8)).toEqual(Array(8).fill(401));
    expect(answers.slice(8)).toEqual([429, 429, 429, 429]);
    const right = await login(victim.email, victim.password, '10.1.0.200');
    expect(right.statusCode).toBe(429);
    expect(JSON.parse(right.body)).toMatchObject({ success: false, error: 'TOO_MANY_REQUESTS' });
  });

  it('brute force from one address across many accounts is stopped per address; other addresses still sign in', async () => {
    const ip = '10.2.0.1';
    const codes: number[] = [];
    for (let i = 0; i < 32; i++) codes.push((await login(`nobody${i}@example.com`, 'Wrong!pass1', ip)).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 401)).toBe(true);
    expect(codes.slice(30)).toEqual([429, 429]);
    const someone = await createUser(t);
    expect((await login(someone.email, someone.password, ip)).statusCode).toBe(429);
    expect((await login(someone.email, someone.password, '10.2.0.2')).statusCode).toBe(200);
  });

  it('refuses tampered access tokens: alg none, wrong key, edited claims, expired, another session, another user', async () => {
    const a = await createUserAndLogin(t);
    const b = await createUserAndLogin(t);
    const secret = new TextEncoder().encode(await sharedSecret(t.db, 'jwt_secret'));
    const claims = decodeJwt(a.token);
    const [header, , signature] = a.token.split('.');
    const sign = (payload: Record<string, unknown>, key = secret, exp: string | number = '5m') =>
      new SignJWT(payload)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer('stealth-browser')
        .setAudience('stealth-browser-api')
        .setIssuedAt()
        .setExpirationTime(exp)
        .sign(key);

    const forged: [string, string, string][] = [
      ['alg none', `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, sub: b.user.id })}.`, 'TOKEN_INVALIDATED'],
      ['wrong key', await sign({ sub: a.user.id, sid: claims.sid, tv: claims.tv }, new TextEncoder().encode('x'.repeat(48))), 'TOKEN_INVALIDATED'],
      ['edited claims, old signature', `${header}.${b64({ ...claims, sub: b.user.id })}.${signature}`, 'TOKEN_INVALIDATED'],
      [
        'HS512 with the right key',
        await new SignJWT({ sid: claims.sid, tv: claims.tv })
          .setProtectedHeader({ alg: 'HS512' })
          .setSubject(a.user.id)
          .setIssuer('stealth-browser')
          .setAudience('stealth-browser-api')
          .setExpirationTime('5m')
          .sign(secret),
        'TOKEN_INVALIDATED',
      ],
      ['expired', await sign({ sub: a.user.id, sid: claims.sid, tv: claims.tv }, secret, Math.floor(Date.now() / 1000) - 60), 'TOKEN_EXPIRED'],
      ["another user's session id", await sign({ sub: a.user.id, sid: decodeJwt(b.token).sid, tv: claims.tv }), 'UNAUTHORIZED'],
      ['another user, own session', await sign({ sub: b.user.id, sid: claims.sid, tv: claims.tv }), 'UNAUTHORIZED'],
      ['old token version', await sign({ sub: a.user.id, sid: claims.sid, tv: Number(claims.tv) - 1 }), 'TOKEN_INVALIDATED'],
      ['unknown session', await sign({ sub: a.user.id, sid: '00000000-0000-4000-8000-000000000000', tv: claims.tv }), 'UNAUTHORIZED'],
    ];
    for (const [name, token, error] of forged) {
      const res = await me(token);
      expect(res.statusCode, name).toBe(401);
      expect(res.json(), name).toMatchObject({ success: false, error });
      expect(res.body, name).not.toContain(b.email);
    }
    expect((await me(a.token)).statusCode).toBe(200);
  });

  it('a refresh token used twice ends its session, even when both uses race', async () => {
    const u = await createUserAndLogin(t);
    const refresh = (token: string) => t.call('POST', '/api/v1/auth/refresh', { body: { refreshToken: token } });
    const [one, two] = await Promise.all([refresh(u.refreshToken), refresh(u.refreshToken)]);
    const codes = [one.statusCode, two.statusCode].sort();
    expect(codes[1]).toBe(401);
    const sid = decodeJwt(u.token).sid as string;
    if (codes[0] === 200) {
      // One won the race, the other was a reuse: the session must end anyway.
      const winner = one.statusCode === 200 ? one : two;
      const [row] = await t.db.select().from(sessions).where(eq(sessions.id, sid));
      expect(row.revokedReason).toBe('refresh_reuse');
      expect((await refresh(winner.json().data.refreshToken)).statusCode).toBe(401);
      expect((await me(winner.json().data.token)).statusCode).toBe(401);
    }
    expect((await me(u.token)).statusCode).toBe(401);
  });

  it('a reset link works once even when used twice at the same moment, and not after it expired', async () => {
    const u = await createUser(t);
    await t.call('POST', '/api/v1/auth/forgot-password', { body: { email: u.email } });
    const token = await tokenFromMail(t, u.email, 'password-reset');
    const reset = (password: string) => t.call('POST', '/api/v1/auth/reset-password', { body: { token, password } });
    const answers = await Promise.all([reset('N3w!Passw0rd-a'), reset('N3w!Passw0rd-b'), reset('N3w!Passw0rd-c')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);

    await t.call('POST', '/api/v1/auth/forgot-password', { body: { email: u.email } });
    const late = await tokenFromMail(t, u.email, 'password-reset');
    await t.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, u.user.id));
    expect((await t.call('POST', '/api/v1/auth/reset-password', { body: { token: late, password: 'N3w!Passw0rd-d' } })).statusCode).toBe(400);
  });

  it('a verification link verifies once even when opened three times at the same moment', async () => {
    const email = `verify.race.${Date.now()}@example.com`;
    const reg = await t.call('POST', '/api/v1/auth/register', {
      body: { firstName: 'Race', lastName: 'Twice', email, password: 'Str0ng!Passw0rd', confirmPassword: 'Str0ng!Passw0rd' },
    });
    expect(reg.statusCode).toBe(201);
    const token = await tokenFromMail(t, email, 'verify-email');
    const answers = await Promise.all([1, 2, 3].map(() => t.call('GET', `/api/v1/auth/verify-email/${encodeURIComponent(token)}`)));
    // One opening verifies (and starts the trial); the others find the address verified and say so.
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((r) => Boolean(r.json().data?.alreadyVerified)).sort()).toEqual([false, true, true]);
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from email_tokens where used_at is null and purpose = 'verify' and user_id = (select id from users where email = ${email})`,
    );
    expect(row.n).toBe(0);
  });

  it('compares secrets in constant time: safeEqual everywhere a secret is compared, tokens looked up by their hash', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
    expect(safeEqual('', '')).toBe(true);

    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const p = path.join(dir, name);
        if (statSync(p).isDirectory()) walk(p);
        else if (p.endsWith('.ts') && !p.endsWith('.test.ts') && !p.includes(`${path.sep}hardening${path.sep}`) && !p.includes(`${path.sep}test${path.sep}`)) files.push(p);
      }
    };
    walk(path.resolve('src/server'));
    // Plain equality next to a secret-sounding name is a timing leak, unless nothing secret is compared: a public value
    // (key id, token version), or two values the caller typed themselves (current and new password).
    const PUBLIC = /tokenVersion|keyId|input\.currentPassword === input\.newPassword/;
    const offenders = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${path.relative(process.cwd(), file)}:${i + 1}` }))
        .filter(
          ({ line }) =>
            /(signature|secret|token|password|hash|apiKey)\w*\s*[!=]==|[!=]==\s*[\w.]*(signature|secret|token|password|hash|apiKey)\b/i.test(line) && !PUBLIC.test(line),
        )
        .map(({ at, line }) => `${at}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);

    const source = (p: string) => readFileSync(path.resolve('src/server', p), 'utf8');
    expect(source('adapters/payments/signatures.ts')).toMatch(/safeEqual\(signCheckout[\s\S]*safeEqual\(hmacHex/);
    expect(source('lib/crypto.ts')).toContain('timingSafeEqual(');
    // Refresh, verification and reset tokens are found by their SHA-256, never compared as text.
    expect(source('services/auth/sessions.ts')).toContain('eq(refreshTokens.tokenHash, hash)');
    expect(source('services/auth/email-tokens.ts')).toContain('eq(emailTokens.tokenHash, sha256(token))');
    // Passwords: argon2's own verify (constant time), and a dummy hash for unknown addresses.
    expect(source('services/auth/login.ts')).toMatch(/verifyPassword\(await dummyHash\(\)/);
  });
});
