import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { RouteOptions } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { ZodType } from 'zod';
import { expect } from 'vitest';
import { queryRows } from '../db/client';
import { plans } from '../db/schema';
import type { BillingTestApp } from '../test/billing';
import { createTestApp, type TestApp } from '../test/harness';

/** One registered route, as the app itself reported it (HEAD twins of GET routes left out). */
export type DiscoveredRoute = {
  method: string;
  url: string;
  key: string;
  schema: { body?: ZodType; querystring?: ZodType; params?: ZodType; consumes?: string[] };
};

/** A test app that also reports every route it registered: new routes are tested without anyone listing them. */
export async function createDiscoveredApp(env: Record<string, string> = {}): Promise<{ t: TestApp; routes: DiscoveredRoute[] }> {
  const seen = new Map<string, DiscoveredRoute>();
  const t = await createTestApp(env, {
    onRoute: (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const schema = (route.schema ?? {}) as DiscoveredRoute['schema'];
      for (const method of methods) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        const key = `${method} ${route.url}`;
        seen.set(key, { method, url: route.url, key, schema: { body: schema.body, querystring: schema.querystring, params: schema.params, consumes: schema.consumes } });
      }
    },
  });
  return { t, routes: [...seen.values()].sort((a, b) => a.key.localeCompare(b.key)) };
}

/** The same, on a real port with the Razorpay simulator, as createBillingTestApp makes it. */
export async function createDiscoveredBillingApp(env: Record<string, string> = {}): Promise<{ t: BillingTestApp; routes: DiscoveredRoute[] }> {
  const { t, routes } = await createDiscoveredApp(env);
  const sim = t.app.ctx.simulator;
  if (!sim) throw new Error('the embedded Razorpay simulator is needed (no RAZORPAY_KEY_ID)');
  sim.setAutoDeliver(false);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const planId = async (code: string) => (await t.db.select({ id: plans.id }).from(plans).where(eq(plans.code, code)))[0].id;
  return { t: { ...t, sim, planId }, routes };
}

/** Route parameters of a URL pattern (`:id`, and `*` as `wildcard`). */
export const paramNames = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]).concat(url.includes('*') ? ['*'] : []);

/** Fills a URL pattern's parameters with (already encoded) values. */
export function fillUrl(url: string, values: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (_, name: string) => values[name] ?? 'x').replace('*', values['*'] ?? 'x');
}

/** Whether zod would accept this value (undefined schema: there is nothing to refuse). */
export const accepts = (schema: ZodType | undefined, value: unknown) => (schema ? schema.safeParse(value).success : true);

/** Columns that move on their own while a signed-in user merely reads (session last seen), left out of the checksum. */
const VOLATILE = ['last_seen_at'];

/**
 * Row count and content hash of every table: "the data unchanged" means this is equal before and after.
 * Rows are hashed as JSON, so every column of every row counts.
 */
export async function dataChecksum(t: TestApp): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    t.db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const strip = VOLATILE.map((c) => ` - '${c}'`).join('');
    const [row] = await queryRows<{ n: number; h: string | null }>(
      t.db,
      sql.raw(`select count(*)::int as n, md5(string_agg(j, '|' order by j)) as h from (select (to_jsonb(x)${strip})::text as j from "${name}" x) s`),
    );
    out[name] = `${row.n}:${row.h ?? ''}`;
  }
  return out;
}

/** What must never reach a client: stack frames, driver or SQL text, file paths of the server. */
const LEAKS: [string, RegExp][] = [
  ['stack frame', /\n\s+at [\w.<>]+ \(|at async |node:internal/],
  ['source path', /\/src\/server\/|node_modules\//],
  ['SQL', /\b(select\s+[\w"*]+.*\s+from|insert\s+into|update\s+"?\w+"?\s+set|delete\s+from)\b/i],
  [
    'driver error',
    /syntax error at or near|violates (unique|foreign key|check|not-null) constraint|duplicate key value|relation "\w+" does not exist|invalid input syntax for|DrizzleQueryError|Failed query/i,
  ],
];

export function leaksIn(body: string): string[] {
  return LEAKS.filter(([, re]) => re.test(body)).map(([name]) => name);
}

type Res = { statusCode: number; body: string; rawPayload?: Buffer; headers: Record<string, unknown> };

/** The body as the client reads it, compressed answers (a client asked for gzip or br) unpacked. */
export function bodyText(res: Res): string {
  const encoding = String(res.headers['content-encoding'] ?? '');
  const raw = res.rawPayload ?? Buffer.from(res.body);
  if (encoding === 'gzip') return gunzipSync(raw).toString('utf8');
  if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'deflate') return inflateSync(raw).toString('utf8');
  return res.body;
}

/**
 * The rules every answer to hostile input keeps: no 5xx, nothing internal, and under /api/v1 the JSON envelope
 * (`{ success: false, error, message }` for every refusal).
 */
export function expectCleanAnswer(res: Res, url: string, what = '', echoed: string[] = []): void {
  const text = bodyText(res);
  const label = `${what} → ${res.statusCode} ${text.slice(0, 300)}`;
  expect(res.statusCode, `5xx for ${label}`).toBeLessThan(500);
  // What the client sent and the route stored may come back (a saved profile); anything else SQL-like is a leak.
  const rest = echoed.reduce((acc, e) => acc.split(JSON.stringify(e).slice(1, -1)).join('').split(e).join(''), text);
  expect(leaksIn(rest), `internals leaked for ${label}`).toEqual([]);
  if (!url.startsWith('/api/v1/')) return;
  const type = String(res.headers['content-type'] ?? '');
  if (res.statusCode >= 400) {
    expect(type, `content type for ${label}`).toMatch(/^application\/json/);
    const body = JSON.parse(text);
    expect(body, `envelope for ${label}`).toMatchObject({ success: false, error: expect.any(String), message: expect.any(String) });
  } else if (type.startsWith('application/json')) {
    expect(JSON.parse(text).success, `envelope for ${label}`).toBe(true);
  }
}
