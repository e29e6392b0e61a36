import { describe, expect, it } from 'vitest';
import { createAccessTokens } from './access-token';

const claims = { sub: 'user-1', sid: 'session-1', tv: 0 };

describe('access tokens remembered once verified', () => {
  it('answers a token verified before from memory until it expires, then expired', async () => {
    let clock = Date.now();
    const tokens = createAccessTokens('a-secret-of-enough-length-for-tests', 60, () => clock);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    clock += 61_000;
    expect(await tokens.verify(token)).toBe('expired');
  });

  it('never remembers a token that failed: a changed signature, payload or key stays invalid', async () => {
    const tokens = createAccessTokens('a-secret-of-enough-length-for-tests', 60);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    const [h, p, s] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), sub: 'admin' })).toString('base64url');
    expect(await tokens.verify(`${h}.${forgedPayload}.${s}`)).toBe('invalid');
    expect(await tokens.verify(`${h}.${p}.${s.slice(0, -2)}AA`)).toBe('invalid');
    expect(await tokens.verify(`${h}.${p}.${s.slice(0, -2)}AA`)).toBe('invalid');
    const other = createAccessTokens('another-secret-of-enough-length', 60);
    expect(await other.verify(token)).toBe('invalid');
  });

  it('names the account of an expired token of its own (to tell a deleted account), and of no other', async () => {
    let clock = Date.now();
    const tokens = createAccessTokens('a-secret-of-enough-length-for-tests', 60, () => clock);
    const token = await tokens.sign(claims);
    clock += 61_000;
    expect(await tokens.verify(token)).toBe('expired');
    expect(await tokens.expiredAccount(token)).toBe('user-1');
    expect(await createAccessTokens('another-secret-of-enough-length', 60).expiredAccount(token)).toBeNull();
    const [h, p, s] = token.split('.');
    expect(await tokens.expiredAccount(`${h}.${p}.${s.slice(0, -2)}AA`)).toBeNull();
  });
});
