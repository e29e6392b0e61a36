import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans } from '#server/db/schema';
import { createTestApp, TEST_DB_KIND, type TestApp } from '#server/test/harness';
import { createPublicPlansCache, listPublicPlans, PUBLIC_PLANS_TTL_MS } from './plans';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe(`the public plan list kept in each language on ${TEST_DB_KIND}`, () => {
  it('keeps the Hindi list with the English one, and an admin edit of a plan reaches both when the kept list goes', async () => {
    let clock = 1_000;
    const ctx = { db: t.app.ctx.db, caches: { ...t.app.ctx.caches, publicPlans: createPublicPlansCache(() => clock) } };
    const seeded = {
      description: 'Seven days of full access for an interview week.',
      features: {
        'Invisible during screen sharing': true,
        'AI helpers: ChatGPT, Grok, DeepSeek': true,
        'All keyboard shortcuts': true,
        'Click-through and opacity control': true,
        'Email support': true,
      },
    };

    const hindi = await listPublicPlans(ctx, 'hi');
    expect(hindi[0].description).toBe('इंटरव्यू वाले हफ़्ते के लिए सात दिन की पूरी पहुँच।');
    // Asked again, the same list is answered: not made again from the English one.
    expect(await listPublicPlans(ctx, 'hi')).toBe(hindi);
    expect((await listPublicPlans(ctx, 'fr'))[0].description).toBe('Sept jours d’accès complet pour une semaine d’entretiens.');

    // An admin rewrites the week plan's description and one feature in the database.
    await t.app.ctx.db
      .update(plans)
      .set({ description: 'Our summer week: everything, seven days.', features: { ...seeded.features, 'Email support': false, 'Summer support hours': true } })
      .where(eq(plans.code, 'stealth_week'));
    try {
      // Within the kept list's age every language still answers the list it was made from, English as Hindi.
      clock += PUBLIC_PLANS_TTL_MS - 1;
      expect((await listPublicPlans(ctx, 'hi'))[0].description).toBe(hindi[0].description);
      expect((await listPublicPlans(ctx))[0].description).toBe(seeded.description);

      // Once the English list goes, the Hindi one goes with it: the edit as stored, the seeded features in Hindi.
      clock += 2;
      const edited = (await listPublicPlans(ctx, 'hi'))[0];
      expect(edited.description).toBe('Our summer week: everything, seven days.');
      expect(edited.features).toMatchObject({ 'स्क्रीन शेयरिंग के दौरान अदृश्य': true, 'ईमेल सहायता': false, 'Summer support hours': true });
      expect((await listPublicPlans(ctx))[0].description).toBe('Our summer week: everything, seven days.');
    } finally {
      await t.app.ctx.db.update(plans).set(seeded).where(eq(plans.code, 'stealth_week'));
    }
  });

  it('answers the edit through the route once the kept list is forgotten', async () => {
    const ask = async () => (await t.call('GET', '/api/v1/subscriptions/plans/public?lang=es')).json().data.plans as { description: string }[];
    const before = (await ask())[1].description;
    expect(before).toBe('Acceso completo, renovado cada mes.');
    await t.app.ctx.db.update(plans).set({ description: 'A month of everything, this summer.' }).where(eq(plans.code, 'stealth_month'));
    try {
      t.app.ctx.caches.publicPlans.clear();
      expect((await ask())[1].description).toBe('A month of everything, this summer.');
    } finally {
      await t.app.ctx.db.update(plans).set({ description: 'Full access, renewed every month.' }).where(eq(plans.code, 'stealth_month'));
      t.app.ctx.caches.publicPlans.clear();
    }
  });

  it('sends the kept answer of each language: one ETag per list and language, 304 when held, brotli when accepted, a new ETag after an edit', async () => {
    const url = '/api/v1/subscriptions/plans/public';
    const hindi = await t.call('GET', `${url}?lang=hi`);
    const english = await t.call('GET', url);
    expect(hindi.headers.etag).toMatch(/^"[\w-]{27}"$/);
    expect(english.headers.etag).not.toBe(hindi.headers.etag);
    expect((await t.call('GET', `${url}?lang=hi`)).headers.etag).toBe(hindi.headers.etag);
    expect(hindi.json().data.plans[0].description).toBe('इंटरव्यू वाले हफ़्ते के लिए सात दिन की पूरी पहुँच।');

    const held = await t.call('GET', `${url}?lang=hi`, { headers: { 'if-none-match': String(hindi.headers.etag) } });
    expect(held.statusCode).toBe(304);
    expect(held.body).toBe('');
    const compressed = await t.app.inject({ method: 'GET', url: `${url}?lang=hi`, headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString())).toEqual(hindi.json());

    await t.app.ctx.db.update(plans).set({ description: 'A month of everything, this summer.' }).where(eq(plans.code, 'stealth_month'));
    try {
      t.app.ctx.caches.publicPlans.clear();
      const edited = await t.call('GET', url, { headers: { 'if-none-match': String(english.headers.etag) } });
      expect(edited.statusCode).toBe(200);
      expect(edited.headers.etag).not.toBe(english.headers.etag);
      expect(edited.json().data.plans[1].description).toBe('A month of everything, this summer.');
    } finally {
      await t.app.ctx.db.update(plans).set({ description: 'Full access, renewed every month.' }).where(eq(plans.code, 'stealth_month'));
      t.app.ctx.caches.publicPlans.clear();
    }
  });
});
