import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_TEXTS, FIELD_LABELS, PROVIDER_ACTIONS, englishError, englishIssue, issue, readIssue, type ErrorCode, type ErrorParamValues } from './errors';
import { profileSchema } from './schemas/account';
import { adminReason } from './schemas/admin';
import { changePasswordSchema, loginSchema, refreshSchema, registerSchema, resetPasswordSchema, verifyEmailParams } from './schemas/auth';
import { blogPostInputSchema } from './schemas/blog';
import { contactFormSchema, contactSchema } from './schemas/contact';
import { LOCALES } from './i18n/locales';
import { loadAreas, translator } from './i18n/runtime';

const here = path.dirname(new URL(import.meta.url).pathname);
const catalog = (locale: string) => JSON.parse(readFileSync(path.join(here, 'i18n/catalogs/errors', `${locale}.json`), 'utf8')) as Record<string, string>;

/** Params for every code whose text names values: each variant of a `select` once. */
const SAMPLES: Partial<Record<ErrorCode, ErrorParamValues[]>> = {
  RATE_LIMITED: [{ minutes: 1 }, { minutes: 15 }],
  SESSION_INVALID: [{ reason: 'displaced' }, { reason: 'refresh_reuse' }],
  SESSION_NOT_FOUND: [{ reason: 'signed_out_by_user' }, { reason: 'ended_by_admin' }, { reason: 'unknown' }],
  BOT_CHECK_FAILED: [{ reason: 'timeout-or-duplicate' }],
  REQUIRED: Object.keys(FIELD_LABELS).map((field) => ({ field })),
  NAME_TOO_SHORT: Object.keys(FIELD_LABELS).map((field) => ({ field })),
  NAME_TOO_LONG: Object.keys(FIELD_LABELS).map((field) => ({ field })),
  NAME_ALPHABETS: Object.keys(FIELD_LABELS).map((field) => ({ field })),
  TEXT_TOO_LONG: [{ max: 300 }],
  TOO_SHORT: [{ min: 8 }],
  NUMBER_TOO_LARGE: [{ max: 365 }],
  NUMBER_TOO_SMALL: [{ min: 1 }],
  TOO_MANY_ITEMS: [{ max: 50 }],
  FIELD_TOO_LONG: [...Object.keys(FIELD_LABELS).map((field) => ({ field, max: 100 })), { field: 'message', max: 5000 }],
  CHECKOUT_REQUIRED: [{ fields: 'City, ZIP Code' }],
  NOT_RECURRING: [{ kind: 'order' }, { kind: 'complimentary' }],
  PROVIDER_ERROR: Object.keys(PROVIDER_ACTIONS).map((action) => ({ action })),
  HAS_PAID_PLAN: [{ plan: 'Monthly', until: ' until 5 Dec 2026' }],
  REFUND_TOO_LARGE: [{ amount: '₹400.00' }],
  TOO_MANY_DEVICES: [
    { limit: 1, devices: 'Asha laptop', days: 30 },
    { limit: 3, devices: 'Laptop, Desktop, Office PC', days: 30 },
  ],
  APP_TOO_OLD: [{ minVersion: '2.1.0' }],
  RELEASE_VERSION_TAKEN: [{ version: '2.2.0', channel: 'stable' }],
  RELEASE_TOO_LARGE: [{ maxMb: 500 }],
  BLOCKMAP_TOO_LARGE: [{ maxMb: 64 }],
};

describe('error codes (decision 150)', () => {
  it('has a text for every code in each of the four languages, and no text for a code that is not in the list', () => {
    for (const locale of LOCALES) expect(Object.keys(catalog(locale)).sort(), locale).toEqual([...ERROR_CODES].sort());
  });

  it("says in English, through the catalog, exactly the code's English text (the spec's words)", async () => {
    await loadAreas('en', ['errors']);
    const t = translator('en', 'errors');
    for (const code of ERROR_CODES) {
      const needsParams = typeof ERROR_TEXTS[code] === 'function';
      expect(needsParams, `${code} has samples`).toBe(code in SAMPLES);
      for (const params of SAMPLES[code] ?? [undefined]) expect(t(code, params), code).toBe(englishError(code, params));
    }
  });

  it('translates every variant of a text with values, naming no English field or action', async () => {
    await loadAreas('hi', ['errors']);
    const t = translator('hi', 'errors');
    expect(t('NOT_RECURRING', { kind: 'order' })).toBe('लाइफ़टाइम प्लान में रद्द करने के लिए कोई ऑटोपे नहीं है।');
    expect(t('REQUIRED', { field: 'firstName' })).toBe('पहला नाम आवश्यक है');
    expect(t('PROVIDER_ERROR', { action: 'startSubscription' })).toBe('भुगतान प्रदाता यह काम नहीं कर सका: सब्सक्रिप्शन शुरू करना। कृपया फिर से कोशिश करें।');
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      await loadAreas(locale, ['errors']);
      const tl = translator(locale, 'errors');
      for (const [code, samples] of Object.entries(SAMPLES) as [ErrorCode, ErrorParamValues[]][]) {
        if (code === 'HAS_PAID_PLAN' || code === 'BOT_CHECK_FAILED' || code === 'CHECKOUT_REQUIRED' || code === 'REFUND_TOO_LARGE') continue;
        for (const params of samples) expect(tl(code, params), `${locale} ${code} ${JSON.stringify(params)}`).not.toBe(englishError(code, params));
      }
    }
  });

  it("carries a form issue's code and params through zod's message", () => {
    expect(readIssue(issue('EMAIL_REQUIRED'))).toEqual({ code: 'EMAIL_REQUIRED' });
    expect(readIssue(issue('REQUIRED', { field: 'firstName' }))).toEqual({ code: 'REQUIRED', params: { field: 'firstName' } });
    expect(readIssue('Invalid input: expected string, received undefined')).toBeNull();
    expect(readIssue('NOT_A_CODE {"a":1}')).toBeNull();
  });

  it("keys every issue of the shared schemas by a code that each language's catalog says (no English left to look up)", async () => {
    const long = (n: number) => 'a'.repeat(n + 1);
    const issues = [
      registerSchema.safeParse({}),
      registerSchema.safeParse({ firstName: long(50), lastName: 'R2', email: 'x', password: 'short', confirmPassword: 'other' }),
      registerSchema.safeParse({ firstName: 'A', lastName: 'Rao', email: 'a@example.com', password: 'longenough', confirmPassword: 'longenough' }),
      registerSchema.safeParse({ firstName: 'Asha', lastName: 'Rao', email: 'a@example.com', password: 'Longenough', confirmPassword: 'x' }),
      registerSchema.safeParse({ firstName: 'Asha', lastName: 'Rao', email: 'a@example.com', password: 'Longenough1', confirmPassword: 'x' }),
      loginSchema.safeParse({ email: '', password: '' }),
      refreshSchema.safeParse({ refreshToken: '' }),
      resetPasswordSchema.safeParse({ token: '', password: 'short' }),
      changePasswordSchema.safeParse({ currentPassword: '', newPassword: 'Longenough1!', confirmPassword: 'x' }),
      verifyEmailParams.safeParse({ token: '' }),
      contactSchema.safeParse({ name: long(100), email: 'a@example.com', subject: '', message: long(5000) }),
      contactFormSchema.safeParse({ name: '', email: '', subject: long(200), message: '' }),
      profileSchema.safeParse({
        firstName: 'Asha',
        lastName: 'Rao',
        phone: 'x',
        company: long(100),
        designation: long(100),
        address: { street: long(200), city: long(100), state: long(100), country: long(100), pincode: long(20) },
        preferences: { timezone: 'Mars', language: 'xx' },
      }),
      blogPostInputSchema.safeParse({ title: '', slug: 'Not A Slug', content: 'x\u0000', featured_image: 'javascript:x', read_time: 0.5, status: 'gone', excerpt: long(1000) }),
      adminReason.safeParse(''),
      adminReason.safeParse(long(500)),
    ].flatMap((result) => result.error?.issues ?? []);
    const codes = new Set<string>();
    for (const { message } of issues) {
      const found = readIssue(message);
      expect(found, message).not.toBeNull();
      codes.add(found!.code);
    }
    expect(codes.size).toBeGreaterThan(30);
    for (const locale of LOCALES) {
      await loadAreas(locale, ['errors']);
      const t = translator(locale, 'errors');
      for (const { message } of issues) {
        const { code, params } = readIssue(message)!;
        const text = t(code, params);
        expect(text, `${locale} ${message}`).not.toMatch(/[A-Z]{3,}_|\{/);
        if (locale === 'en') expect(text).toBe(englishIssue(message));
        else if (code !== 'CHECKOUT_REQUIRED') expect(text, `${locale} ${message}`).not.toBe(englishIssue(message));
      }
    }
  });
});
