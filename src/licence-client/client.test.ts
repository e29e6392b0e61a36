import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LEASE_ALG, LEASE_TYP } from '../shared/licence/lease';
import { LicenceClient, SignInError, type LicenceClientOptions } from './client';

/**
 * The client against a fake site: a fetch that answers as the API does (envelopes, OAuth errors), leases signed here
 * with keys of the test's own, a clock the test turns and sleeps that only advance it.
 */
const SITE = 'https://site.test';
const DAY = 86_400;
type Key = { kid: string; privateKey: CryptoKey; jwk: JWK };
let pinned: Key;
let unpinned: Key;

async function makeKey(kid: string): Promise<Key> {
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'EdDSA', use: 'sig' } };
}
beforeAll(async () => {
  pinned = await makeKey('2026-11');
  unpinned = await makeKey('rogue');
});

type Reply = { status: number; body: unknown } | 'network-error';
type Handler = (req: { method: string; path: string; token: string | null; body: Record<string, unknown>; form: boolean }) => Reply | Promise<Reply>;

let dir: string;
let clock: number;
let requests: { method: string; path: string; token: string | null; body: Record<string, unknown>; form: boolean }[];
let handler: Handler;
let sleeps: number[];

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'licence-client-'));
  clock = Date.UTC(2026, 10, 28, 10, 0, 0);
  requests = [];
  sleeps = [];
  handler = () => ({ status: 404, body: { success: false, error: 'NOT_FOUND', code: 'NOT_FOUND' } });
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const fakeFetch: typeof fetch = async (input, init) => {
  const url = new URL(String(input));
  const text = String(init?.body ?? '');
  const headers = init?.headers as Record<string, string>;
  const form = headers['content-type'] === 'application/x-www-form-urlencoded';
  const body = text ? (form ? Object.fromEntries(new URLSearchParams(text)) : JSON.parse(text)) : {};
  const token = headers.authorization?.replace(/^Bearer /, '') ?? null;
  const req = { method: init?.method ?? 'GET', path: url.pathname.replace('/api/v1', ''), token, body, form };
  requests.push(req);
  const reply = await handler(req);
  if (reply === 'network-error') throw new TypeError('fetch failed');
  return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
};

function client(over: Partial<LicenceClientOptions> = {}) {
  return new LicenceClient({
    baseUrl: SITE,
    pinnedJwks: { keys: [pinned.jwk] },
    statePath: path.join(dir, 'licence.json'),
    hardwareId: 'hw-hash-of-this-machine',
    device: { name: 'Asha laptop', os: 'Windows 11 Pro', appVersion: '2.1.0' },
    fetch: fakeFetch,
    now: () => clock,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock += ms;
    },
    ...over,
  });
}

const nowS = () => Math.floor(clock / 1000);
/** An access token as the site's: only its `sub` is read by the client. */
const accessToken = (sub: string, n = 1) => `h.${Buffer.from(JSON.stringify({ sub, n })).toString('base64url')}.s`;

async function lease(dev: string, over: { key?: Key; iat?: number; exp?: number; min?: string } = {}) {
  const key = over.key ?? pinned;
  const iat = over.iat ?? nowS();
  return new SignJWT({ dev, plan: 'stealth_month', valid_until: iat + 30 * DAY, features: ['Invisible during screen sharing'], min_app_version: over.min ?? '2.1.0' })
    .setProtectedHeader({ alg: LEASE_ALG, kid: key.kid, typ: LEASE_TYP })
    .setIssuer(SITE)
    .setSubject('user-1')
    .setIssuedAt(iat)
    .setExpirationTime(over.exp ?? iat + 7 * DAY)
    .sign(key.privateKey);
}
const leaseAnswer = async (status: number, dev: string, over?: Parameters<typeof lease>[1]): Promise<Reply> => ({
  status,
  body: { success: true, data: { device: { id: dev }, lease: await lease(dev, over), expiresAt: '' } },
});
const refusal = (status: number, code: string, params?: Record<string, unknown>): Reply => ({
  status,
  body: { success: false, error: status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN', code, params, message: `server says ${code}` },
});

/** A client signed in (adopted tokens) and activated as device d1, its lease signed at the clock now. */
async function activated(c = client()) {
  await c.adoptSession({ token: accessToken('user-1'), refreshToken: 'refresh-1' });
  handler = (req) => (req.path === '/devices' ? leaseAnswer(201, 'd1') : leaseAnswer(200, 'd1'));
  const status = await c.activate();
  expect(status).toMatchObject({ licensed: true, action: null, code: null, offline: false });
  return c;
}

describe('sign-in through the browser (RFC 8628)', () => {
  const code = {
    device_code: 'dc-secret',
    user_code: 'BCDF-GHJK',
    verification_uri: `${SITE}/activate`,
    verification_uri_complete: `${SITE}/activate?code=BCDF-GHJK`,
    expires_in: 600,
    interval: 5,
  };

  it('asks a code, hands the page to open, polls at the interval, 5 s longer after slow_down, and keeps the session', async () => {
    const polls = ['authorization_pending', 'slow_down', 'authorization_pending', 'ok'];
    handler = (req) => {
      if (req.path === '/auth/device/code') return { status: 200, body: code };
      const next = polls.shift()!;
      if (next === 'ok')
        return { status: 200, body: { access_token: accessToken('user-1'), token_type: 'Bearer', expires_in: 900, refresh_token: 'refresh-1', user: {}, device: {} } };
      return { status: 400, body: next === 'slow_down' ? { error: next, interval: 10 } : { error: next } };
    };
    const shown: unknown[] = [];
    const c = client({ locale: 'hi' });
    await c.signInWithBrowser({ onCode: (given) => void shown.push(given) });

    expect(shown).toEqual([{ userCode: 'BCDF-GHJK', verificationUri: `${SITE}/activate`, verificationUriComplete: `${SITE}/activate?code=BCDF-GHJK`, expiresIn: 600 }]);
    expect(requests[0]).toMatchObject({
      path: '/auth/device/code',
      form: true,
      body: { client_id: 'stealth-browser-desktop', device_name: 'Asha laptop', device_os: 'Windows 11 Pro', ui_locales: 'hi' },
    });
    expect(requests.slice(1).map((r) => r.body)).toEqual(Array(4).fill({ grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: 'dc-secret' }));
    expect(sleeps).toEqual([5000, 5000, 10_000, 10_000]);
    const state = JSON.parse(await readFile(path.join(dir, 'licence.json'), 'utf8'));
    expect(state.session).toEqual({ accessToken: accessToken('user-1'), refreshToken: 'refresh-1', account: 'user-1' });
  });

  it('denied in the browser: access_denied; expired: expired_token; a network failure while polling is waited out', async () => {
    handler = (req) => (req.path === '/auth/device/code' ? { status: 200, body: code } : { status: 400, body: { error: 'access_denied' } });
    await expect(client().signInWithBrowser({ onCode: () => {} })).rejects.toMatchObject({ reason: 'access_denied' });

    let polled = 0;
    handler = (req) => {
      if (req.path === '/auth/device/code') return { status: 200, body: code };
      return ++polled < 3 ? 'network-error' : { status: 400, body: { error: 'expired_token' } };
    };
    const err = await client()
      .signInWithBrowser({ onCode: () => {} })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SignInError);
    expect(err).toMatchObject({ reason: 'expired_token' });
    expect(polled).toBe(3);
  });

  it('stops polling by itself once the code has lived its expires_in', async () => {
    handler = (req) => (req.path === '/auth/device/code' ? { status: 200, body: { ...code, expires_in: 12 } } : { status: 400, body: { error: 'authorization_pending' } });
    await expect(client().signInWithBrowser({ onCode: () => {} })).rejects.toMatchObject({ reason: 'expired_token' });
    expect(requests.filter((r) => r.path === '/auth/device/token')).toHaveLength(2);
  });
});

describe('activation, refresh and the lease verified offline', () => {
  it('activates with the install id kept in the state, the hardware id, name, OS and version; the lease verifies offline', async () => {
    const c = await activated();
    const body = requests.find((r) => r.path === '/devices')!;
    const installId = await c.installId();
    expect(body).toMatchObject({
      method: 'POST',
      token: accessToken('user-1'),
      body: { installId, hardwareId: 'hw-hash-of-this-machine', name: 'Asha laptop', os: 'Windows 11 Pro', appVersion: '2.1.0' },
    });
    // Another start of the program reads the same install id and lease, with no request.
    const again = client();
    const before = requests.length;
    expect(await again.installId()).toBe(installId);
    expect(await again.check()).toMatchObject({ licensed: true, claims: { dev: 'd1', plan: 'stealth_month' } });
    expect(requests).toHaveLength(before);
  });

  it('without a session or a device, says what to do first', async () => {
    expect(await client().check()).toMatchObject({ licensed: false, action: 'sign_in', code: 'NOT_SIGNED_IN' });
    const c = client();
    await c.adoptSession({ token: accessToken('user-1'), refreshToken: 'r' });
    expect(await c.refresh()).toMatchObject({ licensed: false, action: 'activate', code: 'NOT_ACTIVATED' });
  });

  it('trusts only the pinned keys: a lease signed by a key the site serves but the program does not pin changes nothing', async () => {
    const c = await activated();
    handler = () => leaseAnswer(200, 'd1', { key: unpinned });
    // The stored lease still holds; the program must update to learn the site's key.
    expect(await c.refresh()).toMatchObject({ licensed: true, action: 'update', code: 'UNKNOWN_KEY' });
    const fresh = client({ pinnedJwks: { keys: [unpinned.jwk] } });
    // The same state read by a program that pins another key: its lease verifies nothing, and goes.
    expect(await fresh.check()).toMatchObject({ licensed: false, action: 'update', code: 'UNKNOWN_KEY' });
  });

  it('offline the stored lease holds until its exp, with 5 minutes of tolerance; then the program must go online', async () => {
    const c = await activated();
    handler = () => 'network-error';
    clock += 7 * DAY * 1000 + 299_000;
    expect(await c.refresh()).toMatchObject({ licensed: true, offline: true, action: null });
    handler = () => ({ status: 503, body: { success: false, error: 'SERVICE_UNAVAILABLE' } });
    clock += 2_000;
    expect(await c.refresh()).toMatchObject({ licensed: false, offline: true, action: 'go_online', code: 'EXPIRED' });
  });

  it('a clock turned back before the last server time is refused (a skew under 5 minutes is not)', async () => {
    const c = await activated();
    clock -= 299_000;
    expect(await c.check()).toMatchObject({ licensed: true });
    clock -= 2_000;
    expect(await c.check()).toMatchObject({ licensed: false, action: 'fix_clock', code: 'CLOCK_TURNED_BACK' });
    // Set right again, the lease holds.
    clock += 301_000;
    expect(await c.check()).toMatchObject({ licensed: true });
  });

  it('a lease whose min_app_version is newer than the program asks for the update', async () => {
    const c = await activated();
    handler = () => leaseAnswer(200, 'd1', { min: '2.2.0' });
    expect(await c.refresh()).toMatchObject({ licensed: false, action: 'update', code: 'APP_TOO_OLD', params: { minVersion: '2.2.0' } });
  });

  it('a state copied to another machine (another hardware id) is not its licence', async () => {
    await activated();
    expect(await client({ hardwareId: 'hw-other-machine' }).check()).toMatchObject({ licensed: false, action: 'activate', code: 'NOT_ACTIVATED' });
  });

  it('two refreshes at once make one request', async () => {
    const c = await activated();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    handler = async () => {
      asked++;
      await held;
      return leaseAnswer(200, 'd1');
    };
    const both = Promise.all([c.refresh(), c.refresh()]);
    release();
    const [a, b] = await both;
    expect(asked).toBe(1);
    expect(a).toBe(b);
    expect(a).toMatchObject({ licensed: true });
  });
});

describe('what each refused refresh makes the program do', () => {
  it.each([
    ['NO_ENTITLEMENT', 403, 'choose_plan', { device: true, session: true }],
    ['TOO_MANY_DEVICES', 403, 'free_a_seat', { device: true, session: true }],
    ['APP_TOO_OLD', 403, 'update', { device: true, session: true }],
    ['DEVICE_REMOVED', 403, 'activate', { device: false, session: true }],
    ['DEVICE_HARDWARE_MISMATCH', 403, 'activate', { device: false, session: true }],
    ['ACCOUNT_CLOSED', 401, 'sign_in', { device: false, session: false }],
  ] as const)('%s: %s, the lease forgotten', async (code, status, action, kept) => {
    const c = await activated();
    handler = () => refusal(status, code, code === 'APP_TOO_OLD' ? { minVersion: '2.2.0' } : undefined);
    const refused = await c.refresh();
    expect(refused).toMatchObject({ licensed: false, action, code, offline: false, message: `server says ${code}` });
    expect(await c.check()).toMatchObject({ licensed: false });
    const state = JSON.parse(await readFile(path.join(dir, 'licence.json'), 'utf8'));
    expect({ lease: state.lease, device: state.device !== null, session: state.session !== null }).toEqual({ lease: null, ...kept });
  });

  it('an expired access token is renewed at /auth/refresh once and the call made again; a session ended keeps the lease until its end', async () => {
    const c = await activated();
    const renewed = accessToken('user-1', 2);
    handler = (req) => {
      if (req.path === '/auth/refresh') return { status: 200, body: { success: true, data: { token: renewed, refreshToken: 'refresh-2' } } };
      return req.token === renewed ? leaseAnswer(200, 'd1') : refusal(401, 'TOKEN_EXPIRED');
    };
    expect(await c.refresh()).toMatchObject({ licensed: true, action: null });
    // Each refresh names this machine's hardware hash: the site refuses a device's lease to other hardware.
    expect(requests.at(-1)!.body).toEqual({ hardwareId: 'hw-hash-of-this-machine', appVersion: '2.1.0' });
    expect(requests.slice(-3).map((r) => [r.path, r.token ?? r.body.refreshToken])).toEqual([
      ['/devices/d1/lease', accessToken('user-1')],
      ['/auth/refresh', 'refresh-1'],
      ['/devices/d1/lease', renewed],
    ]);

    handler = (req) => (req.path === '/auth/refresh' ? refusal(401, 'SESSION_NOT_FOUND') : refusal(401, 'TOKEN_EXPIRED'));
    expect(await c.refresh()).toMatchObject({ licensed: true, action: 'sign_in', code: 'SIGNED_OUT' });
    // Signed out, no request is made, and the lease runs out at its exp.
    const before = requests.length;
    expect(await c.refresh()).toMatchObject({ licensed: true, action: 'sign_in', code: 'SIGNED_OUT' });
    expect(requests).toHaveLength(before);
    clock += 8 * DAY * 1000;
    expect(await c.check()).toMatchObject({ licensed: false, action: 'sign_in', code: 'EXPIRED' });
  });

  it('a session of another account forgets the device and lease of the first', async () => {
    const c = await activated();
    await c.adoptSession({ token: accessToken('user-2'), refreshToken: 'r2' });
    expect(await c.check()).toMatchObject({ licensed: false, action: 'activate', code: 'NOT_ACTIVATED' });
  });
});
