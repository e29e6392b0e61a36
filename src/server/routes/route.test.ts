import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DECLARATION_MODULE, browserCopy } from '../../shared/endpoints/browser-copy';
import { errorsOf, fillPath, queryString, type Endpoint } from '../../shared/endpoints/endpoint';
import { endpoints } from '../../shared/endpoints';
import { AUTH_LIMITS } from '../services/auth/rate-limits';
import { BILLING_LIMITS } from '../services/billing/checkout/rate-limits';
import { CONTACT_LIMIT } from '../services/contact/rate-limits';
import { DEVICE_GRANT_LIMITS, DEVICE_LIMITS } from '../services/licence/rate-limits';
import { USAGE_LIMITS } from '../services/users/rate-limits';
import { RATE_LIMITS } from './rate-limits';
import { operationIdOf } from './route';

const DIR = path.resolve(import.meta.dirname, '../../shared/endpoints');
const all: Endpoint[] = Object.values(endpoints).flatMap((area) => Object.values(area) as Endpoint[]);

describe('the endpoint declarations (decision 155)', () => {
  it('declare each method and path once, each path under /api/v1 as Fastify writes it', () => {
    const keys = all.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(all.length).toBeGreaterThan(55);
    for (const e of all) expect(e.path, e.path).toMatch(/^\/[a-z0-9/:.-]+$/i);
    expect(new Set(all.map((e) => operationIdOf(e.method, e.path))).size).toBe(all.length);
  });

  it('name only rate limits the server has, each with whom it counts (routes/rate-limits.ts), and every limit is named by one', () => {
    const limits = [
      ...Object.values(AUTH_LIMITS),
      ...Object.values(BILLING_LIMITS),
      ...Object.values(USAGE_LIMITS),
      ...Object.values(DEVICE_LIMITS),
      ...Object.values(DEVICE_GRANT_LIMITS),
      CONTACT_LIMIT,
    ];
    expect(Object.keys(RATE_LIMITS).sort()).toEqual(limits.map((l) => l.name).sort());
    for (const e of all) for (const limit of e.limits ?? []) expect(Object.keys(RATE_LIMITS), `${e.method} ${e.path}: ${limit}`).toContain(limit);
    expect(new Set(all.flatMap((e) => e.limits ?? []))).toEqual(new Set(Object.keys(RATE_LIMITS)));
  });

  it('add the refusals of the guard, the input and the limits to their own errors', () => {
    const e = { method: 'POST', path: '/x', guard: 'admin', limits: ['contact-ip'], errors: ['NOT_FOUND', 'FORBIDDEN'] } as const;
    expect(errorsOf(e, { validated: true })).toEqual([
      'VALIDATION_ERROR',
      'UNAUTHORIZED',
      'UNAUTHORIZED:SESSION_NOT_FOUND',
      'UNAUTHORIZED:ACCOUNT_CLOSED',
      'TOKEN_EXPIRED:TOKEN_EXPIRED',
      'TOKEN_INVALIDATED:TOKEN_INVALIDATED',
      'TOKEN_INVALIDATED:TOKEN_VERSION_MISMATCH',
      'SESSION_INVALID:SESSION_INVALID',
      'FORBIDDEN:ADMIN_ONLY',
      'FORBIDDEN:ADMIN_TWO_FACTOR_REQUIRED',
      'TOO_MANY_REQUESTS:RATE_LIMITED',
      'NOT_FOUND',
      'FORBIDDEN',
    ]);
    expect(errorsOf({ ...e, guard: 'public', limits: [] }, { validated: false })).toEqual(['NOT_FOUND', 'FORBIDDEN']);
  });

  it('fill a path with its parameters, URI-encoded, and write a query of the values given', () => {
    expect(fillPath('/admin/users/:id/subscriptions/:subscriptionId/cancel', { id: 'a b', subscriptionId: 'c/d' })).toBe('/admin/users/a%20b/subscriptions/c%2Fd/cancel');
    expect(() => fillPath('/blog/posts/:slug', {})).toThrow(/:slug/);
    expect(queryString({ page: 2, lang: undefined, q: '' })).toBe('?page=2&q=');
    expect(queryString({})).toBe('');
  });

  it('write each field of the server (schemas, /api/docs texts) on one line, so the browser build leaves every one out', () => {
    const modules = readdirSync(DIR).filter((f) => DECLARATION_MODULE.test(`/src/shared/endpoints/${f}`));
    expect(modules).toEqual(expect.arrayContaining(['auth.ts', 'billing.ts', 'admin.ts', 'site.ts', 'account.ts']));
    for (const file of modules) {
      const stripped = browserCopy(readFileSync(path.join(DIR, file), 'utf8'));
      expect(stripped, file).not.toMatch(/^\s+((summary|description|errors|limits|guard|tag|schemas):|(guard|tag),)/m);
      // What stays is what the browser needs: each declaration's method and path.
      if (file !== 'index.ts') expect(stripped, file).toMatch(/method: '(GET|POST)'/);
    }
  });
});
