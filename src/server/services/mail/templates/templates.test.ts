import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { site } from '../../../../shared/site';
import { contactNoticeMail } from '../../contact/notice-mail';
import { linksInText } from '../links';
import { BRAND_HEADER, type RenderedMail } from './layout';
import { passwordChangedMail } from './password-changed';
import { passwordResetMail } from './password-reset';
import { receiptMail } from './receipt';
import { refundMail } from './refund';
import { renewalFailedMail } from './renewal-failed';
import { signupAttemptMail } from './signup-attempt';
import { verifyEmailMail } from './verify-email';

const here = path.dirname(new URL(import.meta.url).pathname);
const SITE = 'https://stealth.example';
const when = new Date('2026-11-22T10:00:00Z');
const timeZone = 'Asia/Kolkata';

/** Every mail the site sends, by the template file that writes it (and the contact notice, which the support team gets). */
const MAILS: Record<string, RenderedMail[]> = {
  'verify-email.ts': [verifyEmailMail({ firstName: 'Asha', url: `${SITE}/verify-email?token=abc`, trial: true }), verifyEmailMail({ firstName: 'Asha', url: `${SITE}/verify-email?token=abc`, trial: false })],
  'password-reset.ts': [passwordResetMail({ firstName: 'Asha', url: `${SITE}/reset-password?token=abc` })],
  'password-changed.ts': (['changed', 'reset'] as const).map((how) => passwordChangedMail({ firstName: 'Asha', when, timeZone, how })),
  'signup-attempt.ts': [null, `${SITE}/verify-email?token=abc`].map((verifyUrl) => signupAttemptMail({ firstName: 'Asha', when, timeZone, signInUrl: `${SITE}/`, verifyUrl })),
  'receipt.ts': [
    receiptMail({ firstName: 'Asha', amount: '₹299.00', planName: 'Stealth Month', accessUntil: 'December 22, 2026', receiptNumber: 1001, paymentId: 'pay_X1', billingUrl: `${SITE}/billing` }),
    receiptMail({ firstName: '', amount: '₹4,999.00', planName: 'Stealth Lifetime', accessUntil: null, receiptNumber: 1002, paymentId: 'pay_X2', billingUrl: `${SITE}/billing` }),
  ],
  'renewal-failed.ts': [
    renewalFailedMail({ firstName: 'Asha', state: 'pending', planName: 'Stealth Month', amount: '₹299.00', paidUntil: 'December 22, 2026 (IST)', accessContinues: true, reason: 'Declined by the bank', billingUrl: `${SITE}/billing` }),
    renewalFailedMail({ firstName: '', state: 'halted', planName: 'Stealth Week', amount: '₹99.00', paidUntil: 'November 29, 2026 (IST)', accessContinues: false, reason: null, billingUrl: `${SITE}/billing` }),
  ],
  'refund.ts': [
    refundMail({ firstName: 'Asha', amount: '₹149.50', paymentAmount: '₹299', planName: 'Stealth Month', creditNoteNumber: 'CN/26-27/000001', paymentId: 'pay_X1', full: false, accessEnded: false, billingUrl: `${SITE}/billing` }),
    refundMail({ firstName: '', amount: '₹4,999', paymentAmount: '₹4,999', planName: 'Stealth Lifetime', creditNoteNumber: 'CN/26-27/000002', paymentId: 'pay_X2', full: true, accessEnded: true, billingUrl: `${SITE}/billing` }),
  ],
  'contact notice': [contactNoticeMail({ id: 'x', name: 'Asha Rao', email: 'asha@example.com', subject: 'Hello', message: 'See https://example.com/page.', receivedAt: when }, SITE)],
};

describe('one layout for every mail', () => {
  it('has a sample of every template in this folder', () => {
    const templates = readdirSync(here).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'layout.ts');
    expect(Object.keys(MAILS).filter((k) => k.endsWith('.ts')).sort()).toEqual(templates.sort());
  });

  for (const [name, mails] of Object.entries(MAILS)) {
    it(`${name}: opens with the brand header and closes with the brand footer`, () => {
      for (const mail of mails) {
        expect(mail.html).toMatch(/^<!doctype html>/);
        expect(mail.html).toContain(BRAND_HEADER);
        expect(mail.html).toContain(`© ${site.copyrightYear} ${site.productName}`);
        expect(mail.text).toContain(`The ${site.brand} team · ${site.supportEmail}`);
      }
    });

    it(`${name}: the plain text puts every link of the site where no punctuation sticks to it`, () => {
      for (const mail of mails) {
        const siteLinks = mail.text.split('\n').filter((line) => line.includes(SITE));
        // A mail whose HTML links to the site gives the link in its text too.
        expect(siteLinks.length > 0).toBe(mail.html.includes(`href="${SITE}`));
        // Each site link stands alone on its line, exactly as the mailbox lists it.
        for (const line of siteLinks) expect(linksInText(mail.text)).toContain(line);
      }
    });
  }

  it('no mail outside the templates builds its own HTML', () => {
    const server = path.resolve(here, '../../..');
    const sources = readdirSync(server, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.includes('.test.') && !f.split(path.sep).includes('test'));
    const senders = sources.filter((f) => readFileSync(path.join(server, f), 'utf8').includes('enqueueMail('));
    expect(senders.length).toBeGreaterThan(3);
    for (const f of senders) expect(readFileSync(path.join(server, f), 'utf8'), f).not.toMatch(/<(p|table|strong|a|br)[\s>]/);
  });
});

describe('the receipt mail', () => {
  it('says what was paid, until when, and where the receipt downloads again, in the text as in the HTML', () => {
    const [monthly, lifetime] = MAILS['receipt.ts'];
    expect(monthly.subject).toBe(`Your ${site.productName} receipt #1001`);
    expect(monthly.text).toContain('Hi Asha, thank you for your payment of ₹299.00 for Stealth Month. Your access runs until December 22, 2026.');
    expect(monthly.text).toContain('Receipt number: 1001\nPayment id: pay_X1');
    expect(monthly.text).toContain(`Open Payment History:\n${SITE}/billing\n`);
    expect(monthly.html).toContain(`href="${SITE}/billing"`);
    expect(monthly.html).toContain('>pay_X1</td>');
    expect(lifetime.text).toContain('Hi there, thank you for your payment of ₹4,999.00 for Stealth Lifetime. Your access has no end date.');
    expect(lifetime.text).toContain('Access until: No end date');
  });
});
