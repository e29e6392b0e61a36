import { englishIssue } from '../errors';
import { describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { EMAIL_PATTERN, isEmailAddress, normaliseEmail } from '../email';
import { trimChars } from '../text';
import {
  changePasswordSchema,
  emailOnlySchema,
  loginSchema,
  refreshSchema,
  registerSchema,
  resetPasswordFormSchema,
  resetPasswordSchema,
  sessionIdParams,
  verifyEmailParams,
} from './auth';
import { profileSchema, usageSchema } from './account';
import { billingFormSchema, cancelSubscriptionSchema, createSubscriptionSchema, idParam, paymentsQuerySchema, verifyPaymentSchema } from './billing';
import { adminBlogListQuerySchema, blogListQuerySchema, blogPostInputSchema, previewSchema, slugify, slugParamSchema } from './blog';
import { contactFormSchema, contactInboxQuery, contactSchema, markHandledSchema } from './contact';
import { uuidParam } from './fields';

const SIZE = 100_000;
/**
 * A backtracking pattern on 100 KB takes seconds (n² ≈ 10¹⁰ steps); a linear one a few milliseconds. The bound sits
 * between the two with room on both sides, so that a loaded machine (CI beside other work) cannot fail a linear
 * pattern while a quadratic one still fails by far.
 */
const LIMIT_MS = 500;
const fill = (unit: string, tail = '') => unit.repeat(Math.ceil(SIZE / unit.length)).slice(0, SIZE) + tail;

/** The shapes that make backtracking patterns slow: long runs of what a quantifier takes, then a character that fails the match. */
const HOSTILE: Record<string, string> = {
  'dots between two @': `a@${fill('.')}@`,
  'many @': fill('@'),
  'many dots': fill('.'),
  'dotted local part, no domain': fill('a.', '@'),
  'dotted domain, bad end': `a@${fill('a.', '-')}`,
  'hyphenated domain': `a@${fill('a-', '.')}`,
  'letters then a digit': fill('a', '1'),
  'letters and spaces then a digit': fill('a ', '1'),
  'spaces then a letter': fill(' ', 'x'),
  'hyphens inside letters': `a${fill('-')}a!`,
  'underscores inside letters': `a${fill('_')}a`,
  'slashes then a space': fill('/', ' '),
  'a long URL then a quote': `http://${fill('a', '"')}`,
  'digits then a letter': fill('1', 'x'),
  'accented letters': fill('é', '@'),
  'tabs and newlines': fill('\t\n', 'x'),
};

type Case = { name: string; schema: z.ZodType; base: Record<string, unknown>; fields: string[][] };

const uuid = '00000000-0000-4000-8000-000000000000';
const CASES: Case[] = [
  { name: 'loginSchema', schema: loginSchema, base: { email: 'a@example.com', password: 'x' }, fields: [['email'], ['password'], ['deviceType']] },
  { name: 'refreshSchema', schema: refreshSchema, base: { refreshToken: 'x' }, fields: [['refreshToken']] },
  {
    name: 'registerSchema',
    schema: registerSchema,
    base: { firstName: 'Asha', lastName: 'Rao', email: 'a@example.com', password: 'Str0ng!pass', confirmPassword: 'Str0ng!pass' },
    fields: [['firstName'], ['lastName'], ['email'], ['password'], ['confirmPassword'], ['cf-turnstile-response']],
  },
  { name: 'emailOnlySchema', schema: emailOnlySchema, base: { email: 'a@example.com' }, fields: [['email']] },
  { name: 'resetPasswordSchema', schema: resetPasswordSchema, base: { token: 't', password: 'Str0ng!pass' }, fields: [['token'], ['password'], ['confirmPassword']] },
  {
    name: 'resetPasswordFormSchema',
    schema: resetPasswordFormSchema,
    base: { password: 'Str0ng!pass', confirmPassword: 'Str0ng!pass' },
    fields: [['password'], ['confirmPassword']],
  },
  {
    name: 'changePasswordSchema',
    schema: changePasswordSchema,
    base: { currentPassword: 'x', newPassword: 'Str0ng!pass', confirmPassword: 'Str0ng!pass' },
    fields: [['currentPassword'], ['newPassword'], ['confirmPassword']],
  },
  { name: 'verifyEmailParams', schema: verifyEmailParams, base: { token: 't' }, fields: [['token']] },
  { name: 'sessionIdParams', schema: sessionIdParams, base: { id: uuid }, fields: [['id']] },
  { name: 'uuidParam', schema: uuidParam, base: { id: uuid }, fields: [['id']] },
  {
    name: 'contactSchema',
    schema: contactSchema,
    base: { name: 'Asha', email: 'a@example.com', subject: 's', message: 'm' },
    fields: [['name'], ['email'], ['subject'], ['message'], ['cf-turnstile-response']],
  },
  {
    name: 'contactFormSchema',
    schema: contactFormSchema,
    base: { name: 'Asha', email: 'a@example.com', subject: 's', message: 'm' },
    fields: [['name'], ['email'], ['subject'], ['message']],
  },
  { name: 'contactInboxQuery', schema: contactInboxQuery, base: {}, fields: [['page'], ['limit'], ['status']] },
  { name: 'markHandledSchema', schema: markHandledSchema, base: { handled: true }, fields: [['handled']] },
  {
    name: 'profileSchema',
    schema: profileSchema,
    base: { firstName: 'Asha', lastName: 'Rao' },
    fields: [
      ['firstName'],
      ['lastName'],
      ['phone'],
      ['company'],
      ['designation'],
      ['address', 'street'],
      ['address', 'pincode'],
      ['preferences', 'timezone'],
      ['preferences', 'language'],
    ],
  },
  { name: 'usageSchema', schema: usageSchema, base: { feature: 'f' }, fields: [['feature'], ['description'], ['quantity']] },
  {
    name: 'billingFormSchema',
    schema: billingFormSchema,
    base: { firstName: 'A', lastName: 'R', email: 'a@example.com', country: 'IN', state: '29', address: 'x', city: 'y', zipCode: '1' },
    fields: [['firstName'], ['lastName'], ['email'], ['company'], ['country'], ['address'], ['city'], ['zipCode']],
  },
  {
    name: 'createSubscriptionSchema',
    schema: createSubscriptionSchema,
    base: { planId: 'p', billing: { firstName: 'A', lastName: 'R', email: 'a@example.com', country: 'IN', state: '29', address: 'x', city: 'y', zipCode: '1' } },
    fields: [['planId'], ['planName'], ['totalCount'], ['billing', 'email'], ['billing', 'firstName']],
  },
  {
    name: 'verifyPaymentSchema',
    schema: verifyPaymentSchema,
    base: { paymentId: 'p', orderId: 'o', signature: 's' },
    fields: [['paymentId'], ['orderId'], ['subscriptionId'], ['signature']],
  },
  { name: 'cancelSubscriptionSchema', schema: cancelSubscriptionSchema, base: {}, fields: [['cancellationReason']] },
  { name: 'paymentsQuerySchema', schema: paymentsQuerySchema, base: {}, fields: [['page'], ['limit']] },
  { name: 'idParam', schema: idParam, base: { id: 'x' }, fields: [['id']] },
  {
    name: 'blogPostInputSchema',
    schema: blogPostInputSchema,
    base: { title: 'T', slug: 't', content: '<p>x</p>' },
    fields: [['title'], ['slug'], ['excerpt'], ['content'], ['featured_image'], ['status'], ['meta_title'], ['meta_keywords'], ['meta_image']],
  },
  { name: 'previewSchema', schema: previewSchema, base: { content: '' }, fields: [['content']] },
  { name: 'blogListQuerySchema', schema: blogListQuerySchema, base: {}, fields: [['page']] },
  { name: 'adminBlogListQuerySchema', schema: adminBlogListQuerySchema, base: {}, fields: [['page'], ['limit']] },
  { name: 'slugParamSchema', schema: slugParamSchema, base: { slug: 's' }, fields: [['slug']] },
];

function withField(base: Record<string, unknown>, field: string[], value: string): Record<string, unknown> {
  const copy = structuredClone(base);
  let at = copy;
  for (const key of field.slice(0, -1)) at = (at[key] ??= {}) as Record<string, unknown>;
  at[field.at(-1)!] = value;
  return copy;
}

/** The best of three runs: a slow pattern is slow every time, a busy machine only now and then. */
function fastest(run: () => unknown): number {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

describe(`every shared schema answers within ${LIMIT_MS} ms on ${SIZE / 1000} KB hostile fields`, () => {
  for (const c of CASES) {
    it(c.name, () => {
      const slow: string[] = [];
      for (const field of c.fields) {
        for (const [shape, value] of Object.entries(HOSTILE)) {
          const ms = fastest(() => c.schema.safeParse(withField(c.base, field, value)));
          if (ms > LIMIT_MS) slow.push(`${field.join('.')} / ${shape}: ${ms.toFixed(0)} ms`);
        }
      }
      expect(slow).toEqual([]);
    });
  }

  it('the shared helpers too: address normalisation and check, slugs, trimming', () => {
    const slow: string[] = [];
    const helpers: [string, (v: string) => unknown][] = [
      ['normaliseEmail', normaliseEmail],
      ['isEmailAddress', isEmailAddress],
      ['EMAIL_PATTERN', (v) => EMAIL_PATTERN.test(v)],
      ['slugify', slugify],
      ['trimChars', (v) => trimChars(v, '-._/ ')],
    ];
    for (const [name, run] of helpers) {
      for (const [shape, value] of Object.entries(HOSTILE)) {
        const ms = fastest(() => run(value));
        if (ms > LIMIT_MS) slow.push(`${name} / ${shape}: ${ms.toFixed(0)} ms`);
      }
    }
    expect(slow).toEqual([]);
  });
});

describe('length before pattern', () => {
  // zod looks for surrogate pairs with one character class when it measures a string: linear, and not a rule of ours.
  const ZOD_SURROGATES = String(/[\uD800-\uDBFF]/);
  const longest = (spy: { mock: { calls: unknown[][]; contexts: unknown[] } }) =>
    Math.max(0, ...spy.mock.calls.map(([arg], i) => (typeof arg === 'string' && String(spy.mock.contexts[i]) !== ZOD_SURROGATES ? arg.length : 0)));

  it('an over-long address is refused by its length alone: the address pattern never sees it', () => {
    const test = vi.spyOn(EMAIL_PATTERN, 'test');
    const result = emailOnlySchema.safeParse({ email: `a@${'.'.repeat(64_000)}@` });
    expect(result.error?.issues.map((i) => englishIssue(i.message))).toEqual(['Please enter a valid email address']);
    expect(test).not.toHaveBeenCalled();
    // A normal address still goes through the pattern.
    expect(emailOnlySchema.parse({ email: 'a@example.com' })).toEqual({ email: 'a@example.com' });
    expect(test).toHaveBeenCalledTimes(1);
  });

  it('no pattern of a form sees more characters than its field allows', () => {
    const test = vi.spyOn(RegExp.prototype, 'test');
    const exec = vi.spyOn(RegExp.prototype, 'exec');
    const long = fill('a', '1');
    registerSchema.safeParse({ firstName: long, lastName: long, email: `${long}@example.com`, password: `A1!${long}`, confirmPassword: long });
    profileSchema.safeParse({ firstName: long, lastName: long, phone: long });
    contactSchema.safeParse({ name: long, email: long, subject: 's', message: 'm' });
    billingFormSchema.safeParse({ firstName: 'A', lastName: 'R', email: long, country: 'IN', state: '29', address: 'x', city: 'y', zipCode: '1' });
    expect(longest(test)).toBeLessThanOrEqual(256);
    expect(longest(exec)).toBeLessThanOrEqual(256);
    expect(englishIssue(registerSchema.safeParse({ firstName: long }).error?.issues.find((i) => i.path[0] === 'firstName')?.message ?? '')).toBe(
      'First name should not exceed 50 characters',
    );
  });
});
