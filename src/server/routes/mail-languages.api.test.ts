import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema';
import { TEST_DB_KIND } from '../test/harness';
import { buy, createBillingTestApp, pdfText, verifyBody, type BillingTestApp } from '../test/billing';
import { lastMailTo } from '../test/mailbox';
import { createUserAndLogin, findUser, TEST_PASSWORD } from '../test/users';

let t: BillingTestApp;
beforeAll(async () => {
  t = await createBillingTestApp({ SELLER_NAME: 'Stealth Software Pvt Ltd', SELLER_ADDRESS: '1 Residency Road, Bengaluru 560025, India' });
});
afterAll(() => t.close());

let n = 0;
const uniqueEmail = (name: string) => `${name}.${++n}.${Date.now()}@example.com`;
const signup = (email: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    headers,
    payload: { firstName: 'Asha', lastName: 'Verma', email, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD },
    remoteAddress: `198.51.100.${n}`,
  });

/** A signed-in customer whose preferences.language is `language`. */
async function customer(language: 'en' | 'hi') {
  const u = await createUserAndLogin(t);
  const res = await t.call('PUT', '/api/v1/auth/profile', { token: u.token, body: { firstName: 'Test', lastName: 'User', preferences: { language } } });
  expect(res.statusCode, res.body).toBe(200);
  return u;
}

/** Buys a month and answers the receipt mail and the receipt downloaded from the history. */
async function buyMonth(u: Awaited<ReturnType<typeof customer>>) {
  const { result } = await buy(t, u.token, 'stealth_month');
  await t.call('POST', '/api/v1/payments/verify', { token: u.token, body: verifyBody(result.response) });
  const [payment] = (await t.call('GET', '/api/v1/payments', { token: u.token })).json().data.payments;
  const [mail] = await t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, 'receipt'), eq(outbox.toAddress, u.email)));
  const download = await t.app.inject({ method: 'GET', url: `/api/v1/payments/${payment._id}/receipt`, headers: { authorization: `Bearer ${u.token}` } });
  return { payment, mail: mail!, attached: pdfText(Buffer.from(mail!.attachments![0]!.contentBase64, 'base64')), downloaded: pdfText(download.rawPayload) };
}

describe(`mails in the addressee's language on ${TEST_DB_KIND}`, () => {
  it('a sign-up from a Hindi page gets its account in Hindi and the verification mail in Hindi; one without a language, the English mail', async () => {
    const hindi = uniqueEmail('hindi');
    expect((await signup(hindi, { 'accept-language': 'hi' })).statusCode).toBe(201);
    expect((await findUser(t, hindi)).language).toBe('hi');
    const mail = await lastMailTo(t, hindi, 'verify-email');
    expect(mail?.subject).toBe('Stealth Browser के लिए अपना ईमेल सत्यापित करें');
    expect(mail?.text).toContain('Stealth Browser में आपका स्वागत है, Asha!');
    expect(mail?.text).toContain('मेरा ईमेल सत्यापित करें:');
    expect(mail?.html).toContain('<html lang="hi">');
    // Its link opens the page in Hindi whatever the device remembers; the token is its only secret.
    const link = new URL(/https?:\/\/\S+\/verify-email\?\S+/.exec(mail!.text)![0]);
    expect([...link.searchParams.keys()]).toEqual(['token', 'lang']);
    expect(link.searchParams.get('lang')).toBe('hi');
    expect(mail?.html).toContain(`/verify-email?token=${link.searchParams.get('token')}&amp;lang=hi"`);
    // Signed up again from a French page while unverified: the owner's notice, with a reset link, is still Hindi.
    expect((await signup(hindi, { 'accept-language': 'fr' })).statusCode).toBe(201);
    const notice = await lastMailTo(t, hindi, 'signup-attempt');
    expect(notice?.text).toContain('इसे पूरा करने के लिए नीचे दिए बटन से अपना पासवर्ड चुनें');
    expect(notice?.text).toMatch(/अपना पासवर्ड चुनें:\n\S+\/reset-password\?token=[^\s&]+&lang=hi\n/);

    const english = uniqueEmail('english');
    expect((await signup(english)).statusCode).toBe(201);
    expect((await findUser(t, english)).language).toBe('en');
    const en = await lastMailTo(t, english, 'verify-email');
    expect(en?.subject).toBe('Verify your email for Stealth Browser');
    expect(en?.text).toContain('Welcome to Stealth Browser, Asha!');
    expect(en?.html).toContain('<html lang="en">');
    expect(en?.text).toMatch(/\/verify-email\?token=[^\s&]+&lang=en\n/);
  });

  it("writes the owner's notice of a second sign-up and the reset mail in the owner's language, whatever the page of the attempt", async () => {
    const owner = await customer('hi');
    expect((await signup(owner.email, { 'accept-language': 'fr' })).statusCode).toBe(201);
    const notice = await lastMailTo(t, owner.email, 'signup-attempt');
    expect(notice?.subject).toBe('किसी ने आपके ईमेल से Stealth Browser पर साइन अप करने की कोशिश की');
    expect(notice?.text).toContain(`${t.config.publicUrl}/hi\n`);

    await t.call('POST', '/api/v1/auth/forgot-password', { body: { email: owner.email } });
    const reset = await lastMailTo(t, owner.email, 'password-reset');
    expect(reset?.subject).toBe('अपना Stealth Browser पासवर्ड रीसेट करें');
    expect(reset?.text).toContain('नमस्ते Test, हमें आपके Stealth Browser खाते का पासवर्ड रीसेट करने का अनुरोध मिला है।');
    expect(reset?.text).toMatch(/\/reset-password\?token=[^\s&]+&lang=hi\n/);
  });

  it('a customer who prefers Hindi gets the receipt mail and its PDF in Hindi, and downloads the same Hindi receipt', async () => {
    const u = await customer('hi');
    const { payment, mail, attached, downloaded } = await buyMonth(u);
    expect(mail.subject).toBe(`आपकी Stealth Browser रसीद #${payment.receiptNumber}`);
    expect(mail.text).toContain('नमस्ते Test, Stealth Month के लिए ₹299 के भुगतान के लिए धन्यवाद।');
    expect(mail.text).toContain(`रसीद संख्या: ${payment.receiptNumber}`);
    for (const text of [attached, downloaded]) {
      for (const expected of ['भुगतान रसीद', 'रसीद संख्या', 'बिल प्राप्तकर्ता', 'कुल भुगतान', 'Stealth Month', 'INR 299.00', 'Indian Rupees Two Hundred Ninety-Nine Only'])
        expect(text, expected).toContain(expected);
      expect(text).not.toContain('Payment receipt');
    }
  });

  it('a customer who prefers English gets the same English receipt as before', async () => {
    const u = await customer('en');
    const { payment, mail, attached, downloaded } = await buyMonth(u);
    expect(mail.subject).toBe(`Your Stealth Browser receipt #${payment.receiptNumber}`);
    expect(mail.text).toContain('Hi Test, thank you for your payment of ₹299 for Stealth Month.');
    for (const text of [attached, downloaded])
      for (const expected of ['Payment receipt', 'Receipt number', 'BILLED TO', 'Total paid', 'INR 299.00']) expect(text, expected).toContain(expected);
  });
});
