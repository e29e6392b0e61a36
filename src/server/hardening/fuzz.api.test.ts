import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KIND, type TestApp } from '../test/harness';
import { createUserAndLogin } from '../test/users';
import { accepts, createDiscoveredApp, dataChecksum, expectCleanAnswer, fillUrl, paramNames, type DiscoveredRoute } from './support';

/** Runs per route and identity; FUZZ_RUNS raises it for a longer local run. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

let t: TestApp;
let routes: DiscoveredRoute[];
const tokens: Record<'visitor' | 'user' | 'admin', string | null> = { visitor: null, user: null, admin: null };

beforeAll(async () => {
  ({ t, routes } = await createDiscoveredApp());
  tokens.user = (await createUserAndLogin(t)).token;
  tokens.admin = (await createUserAndLogin(t, { role: 'admin' })).token;
});
afterAll(() => t.close());

// ---------- what hostile clients send ----------

const HOSTILE_STRINGS = [
  '',
  ' ',
  "' OR '1'='1",
  "'; drop table users; --",
  '1; select pg_sleep(5)',
  '" or ""="',
  '\u0000',
  '%00',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  'prototype',
  '${7*7}{{7*7}}',
  '\uD800',
  '\uFFFF\uFFFE',
  '🙂'.repeat(300),
  'a'.repeat(5000),
  'NaN',
  '-1',
  '1e309',
  '9'.repeat(40),
  'null',
  'true',
];

const hostileString = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 }), fc.integer().map(String));

/** JSON of every type, nested, with hostile leaves and prototype-pollution keys. */
const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(hostileString, fc.constantFrom('__proto__', 'constructor', 'email', 'password', 'id', 'token', 'role', 'amount')), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** An object with the route's own field names, each given a value of some wrong type. */
const fieldsOf = (route: DiscoveredRoute): string[] => {
  const shape = (route.schema.body as { shape?: Record<string, unknown>; def?: { in?: { shape?: Record<string, unknown> } } } | undefined) ?? undefined;
  const s = shape?.shape ?? shape?.def?.in?.shape;
  return s ? Object.keys(s) : [];
};
const wrongTypedBody = (fields: string[]) =>
  fields.length ? fc.record(Object.fromEntries(fields.map((f) => [f, fc.oneof(hostileJson, fc.constant([]), fc.constant({}), fc.integer())])), { requiredKeys: [] }) : hostileJson;

const INVALID_UTF8 = [Buffer.from([0xff, 0xfe, 0xfd]), Buffer.from([0xc0, 0xaf]), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0xe2, 0x82])];
const wrap = (prefix: string, bytes: Buffer, suffix: string) => Buffer.concat([Buffer.from(prefix), bytes, Buffer.from(suffix)]);

/** Fixed hostile bodies, named so that a failure report stays readable. */
const RAW_BODIES: Record<string, { payload: string | Buffer; contentType: string }> = {
  protoPollution: { payload: '{"__proto__":{"isAdmin":true,"role":"admin"}}', contentType: 'application/json' },
  constructorPollution: { payload: '{"constructor":{"prototype":{"isAdmin":true}}}', contentType: 'application/json' },
  deepArrays: { payload: `${'['.repeat(20_000)}${']'.repeat(20_000)}`, contentType: 'application/json' },
  deepObjects: { payload: `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`, contentType: 'application/json' },
  truncatedJson: { payload: '{"email": ', contentType: 'application/json' },
  emptyJson: { payload: '', contentType: 'application/json' },
  form: { payload: 'email=a@b.co&password=x', contentType: 'application/x-www-form-urlencoded' },
  text: { payload: 'hello', contentType: 'text/plain' },
  brokenMultipart: { payload: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nnot closed', contentType: 'multipart/form-data; boundary=x' },
  utf16: { payload: '{}', contentType: 'application/json; charset=utf-16' },
  ...Object.fromEntries(
    INVALID_UTF8.flatMap((bytes, i) => [
      [`invalidUtf8InString${i}`, { payload: wrap('{"email":"', bytes, '@example.com","password":"x","title":"t"}'), contentType: 'application/json' }],
      [`invalidUtf8Bare${i}`, { payload: bytes, contentType: 'application/json' }],
    ]),
  ),
};

type Body = { json: unknown } | { raw: string } | { none: true };

const bodyArb = (route: DiscoveredRoute): fc.Arbitrary<Body> =>
  fc.oneof(
    wrongTypedBody(fieldsOf(route)).map((json) => ({ json })),
    hostileJson.map((json) => ({ json })),
    fc.constant({ none: true as const }),
    fc.constantFrom(...Object.keys(RAW_BODIES)).map((raw) => ({ raw })),
  );

const queryArb = fc.array(
  fc.tuple(
    fc.oneof(fc.constantFrom('page', 'limit', 'status', 'to', '__proto__', 'constructor[prototype][x]', 'a[b][c]', 'page[]', ''), fc.string({ maxLength: 10 })),
    fc.oneof(hostileString, fc.constantFrom('%', '%ZZ', '%C0%AF', '%E0%A4%A', '%00', '-5', '0', '1.5', '99999999999999999999')),
    fc.boolean(),
  ),
  { maxLength: 5 },
);

/** Percent-encodes every byte (lone surrogates included, which encodeURIComponent refuses). */
const enc = (s: string) => [...Buffer.from(s)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

const paramArb = fc.oneof(
  hostileString.map(enc),
  fc.constantFrom('%', '%ZZ', '%C0%AF', '%00', '..%2F..%2F', '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', 'x'.repeat(600)),
);

const headerValue = fc.string({ maxLength: 60 }).map((s) => s.replace(/[^\x20-\x7e]/g, ''));
const headersArb = fc.record(
  {
    authorization: fc.oneof(
      headerValue.map((s) => `Bearer ${s}`),
      fc.constantFrom('Bearer ', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.', 'Basic Og==', 'Bearer a.b.c', 'bearer    '),
      headerValue,
    ),
    'x-request-id': headerValue,
    'x-forwarded-for': fc.constantFrom('1.2.3.4', 'not-an-ip', '::1, 999.1.1.1'),
    accept: fc.constantFrom('*/*', 'text/html', 'application/xml', '', 'application/json;q=0'),
    'accept-encoding': fc.constantFrom('gzip', 'br', 'deflate', 'identity;q=0', 'x-unknown'),
    cookie: headerValue,
    'x-razorpay-signature': headerValue,
  },
  { requiredKeys: [] },
);

const requestArb = (route: DiscoveredRoute) =>
  fc.record({
    params: fc.record(Object.fromEntries(paramNames(route.url).map((p) => [p, paramArb]))),
    query: queryArb,
    headers: headersArb,
    body: route.method === 'GET' ? fc.constant<Body>({ none: true }) : bodyArb(route),
  });

type Generated = { params: Record<string, string>; query: [string, string, boolean][]; headers: Record<string, string>; body: Body };

const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
};

/**
 * Whether this request could do what the route is for. A signed-in call that Fastify and zod would accept is not
 * hostile input but a real action (a valid logout ends the session): those are left to the other suites.
 */
function couldSucceed(route: DiscoveredRoute, req: Generated): boolean {
  const params = Object.fromEntries(Object.entries(req.params).map(([k, v]) => [k, decode(v)]));
  if (Object.values(params).some((v) => v === null)) return false;
  if (route.schema.params && !accepts(route.schema.params, params)) return false;
  if (route.method === 'GET') return true;
  // A route that takes no body ignores whatever is sent (Fastify parses JSON and plain text by default).
  if (!route.schema.body) return true;
  if ('raw' in req.body) {
    const { payload, contentType } = RAW_BODIES[req.body.raw];
    if (!contentType.startsWith('application/json')) {
      // A route that reads form bodies (the desktop program's OAuth endpoints, decision 185) may accept this one.
      if (!route.schema.consumes?.includes(contentType)) return false;
      return accepts(route.schema.body, Object.fromEntries(new URLSearchParams(Buffer.from(payload).toString('utf8'))));
    }
    try {
      return accepts(route.schema.body, JSON.parse(Buffer.from(payload).toString('utf8')));
    } catch {
      return false;
    }
  }
  return accepts(route.schema.body, 'json' in req.body ? req.body.json : undefined);
}

function toInject(route: DiscoveredRoute, req: Generated, token: string | null): InjectOptions {
  const qs = req.query.map(([k, v, raw]) => (raw ? `${k}=${v}` : `${enc(k)}=${enc(v)}`)).join('&');
  const url = fillUrl(route.url, req.params) + (qs ? `?${qs}` : '');
  const headers: Record<string, string> = { ...req.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: string | Buffer | undefined;
  if ('json' in req.body) {
    payload = JSON.stringify(req.body.json);
    headers['content-type'] = 'application/json';
  } else if ('raw' in req.body) {
    payload = RAW_BODIES[req.body.raw].payload;
    headers['content-type'] = RAW_BODIES[req.body.raw].contentType;
  }
  return { method: route.method as InjectOptions['method'], url, headers, payload };
}

/** Sends one generated request and checks the answer; returns whether it was sent. */
async function send(route: DiscoveredRoute, req: Generated, who: keyof typeof tokens): Promise<boolean> {
  // Writes are fuzzed only with input the route refuses: a valid sign-up would be a sign-up, a valid signed-in
  // DELETE /auth/account a deletion. A visitor's write to a guarded route is refused anyway. Reads are always sent.
  const write = route.method !== 'GET';
  const skip = write && couldSucceed(route, req) && (who !== 'visitor' || Boolean(route.schema.body));
  if (skip) return false;
  const inject = toInject(route, req, tokens[who]);
  const res = await t.app.inject(inject);
  expectCleanAnswer(res, route.url, `${who} ${inject.method} ${inject.url}`);
  return true;
}

const isAdminRoute = (r: DiscoveredRoute) => r.url.startsWith('/api/v1/admin/');

describe(`fuzzing every route on ${TEST_DB_KIND}`, () => {
  it('discovers the routes from the app itself', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.map((r) => r.key)).toEqual(
      expect.arrayContaining(['POST /api/v1/auth/login', 'GET /api/v1/users/dashboard', 'POST /api/v1/admin/blog/posts', 'POST /api/v1/webhooks/razorpay']),
    );
  });

  it('answers thousands of malformed requests without a 5xx, a leak or a broken envelope, and changes no data', async () => {
    const before = await dataChecksum(t);
    let sent = 0;
    for (const route of routes) {
      for (const who of ['visitor', 'user', 'admin'] as const) {
        if (who === 'admin' && !isAdminRoute(route) && route.method === 'GET') continue;
        await fc.assert(
          fc.asyncProperty(requestArb(route), async (req) => {
            if (await send(route, req as Generated, who)) sent++;
          }),
          { numRuns: who === 'visitor' ? RUNS * 2 : RUNS, seed: Number(process.env.FUZZ_SEED ?? 20250815) + route.key.length, endOnFailure: true },
        );
      }
    }
    expect(sent).toBeGreaterThan(routes.length * RUNS * 2);
    // The signed-in identities are still signed in: no fuzzed call did what a real one would.
    expect((await t.call('GET', '/api/v1/auth/me', { token: tokens.user! })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/v1/auth/me', { token: tokens.admin! })).statusCode).toBe(200);
    expect(await dataChecksum(t)).toEqual(before);
    // Nothing leaked into the prototypes of this process.
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).role).toBeUndefined();
  }, 240_000);

  it('refuses an oversized body on every route that takes one with 413 or a refusal, and keeps no data', async () => {
    const before = await dataChecksum(t);
    const huge = JSON.stringify({ email: 'a@example.com', content: 'x'.repeat(1_200_000) });
    for (const route of routes.filter((r) => r.method !== 'GET')) {
      for (const who of ['visitor', 'admin'] as const) {
        const res = await t.app.inject({
          method: route.method as InjectOptions['method'],
          url: fillUrl(route.url, {}),
          payload: huge,
          headers: { 'content-type': 'application/json', ...(tokens[who] ? { authorization: `Bearer ${tokens[who]}` } : {}) },
        });
        expectCleanAnswer(res, route.url, `${who} oversized ${route.key}`);
        expect(res.statusCode, route.key).toBeGreaterThanOrEqual(400);
      }
    }
    expect(await dataChecksum(t)).toEqual(before);
  }, 120_000);
});
