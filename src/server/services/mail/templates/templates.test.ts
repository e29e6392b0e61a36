import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { dateTimeWithZone, longDate } from '#shared/dates';
import type { Locale } from '#shared/i18n/locales';
import { REFUND_PAID_WITHIN_BUSINESS_DAYS } from '#shared/constants';
import { loadAreas, translator } from '#shared/i18n/runtime';
import { formatMoney } from '#shared/money';
import { site } from '#shared/site';
import { contactNoticeMail } from '../../contact/notice-mail';
import { linksInText } from '../links';
import { loadMailTexts, mailLocale } from '../texts';
import { BRAND_HEADER, type RenderedMail } from './layout';
import { dataExportedMail } from './data-exported';
import { desktopSignInMail } from './desktop-sign-in';
import { newSignInMail } from './new-sign-in';
import { passwordChangedMail } from './password-changed';
import { recoveryCodeUsedMail } from './recovery-code-used';
import { emailChangeConfirmMail, emailChangeNoticeMail, emailChangeTakenMail } from './email-change';
import { passwordResetMail } from './password-reset';
import { planNoticeMail, type PlanNotice } from './plan-notice';
import { receiptMail } from './receipt';
import { refundMail } from './refund';
import { renewalFailedMail } from './renewal-failed';
import { signupAttemptMail } from './signup-attempt';
import { recoveryCancelledMail, recoveryCompletedMail, recoveryReadyMail, recoveryRequestedMail, twoFactorResetByAdminMail } from './two-factor-recovery';
import { verifyEmailMail } from './verify-email';

const here = path.dirname(new URL(import.meta.url).pathname);

/** One plan notice of each kind (decision 123), its dates and prices written in the language. */
const planNotices = (locale: Locale): RenderedMail[] => {
  const until = dateTimeWithZone('2026-12-22T10:00:00Z', 'Asia/Kolkata', locale);
  const notices: PlanNotice[] = [
    { kind: 'cancelled', planName: 'Stealth Month', until, byTeam: false },
    { kind: 'cancelled', planName: 'Stealth Month', until, byTeam: true },
    { kind: 'ended', planName: 'Stealth Month', on: longDate('2026-11-22T10:00:00Z', 'Asia/Kolkata', locale) },
    { kind: 'complimentary', planName: 'Stealth Month', days: 7, until },
    { kind: 'trialExtended', days: 1, until },
    { kind: 'planChange', planName: 'Stealth Week', newPlanName: 'Stealth Month', price: formatMoney(29900, 'INR', locale), interval: 'month', at: until },
  ];
  return notices.map((notice, i) => planNoticeMail({ firstName: i % 2 ? '' : 'Asha', billingUrl: 'https://stealth.example/billing', notice }, locale));
};
const SITE = 'https://stealth.example';
const when = new Date('2026-11-22T10:00:00Z');
const timeZone = 'Asia/Kolkata';

/** A download of the account's data from a known browser and place, and from one the request told nothing of. */
const dataExports = (locale: Locale) => [
  dataExportedMail(
    { firstName: 'Asha', when, timeZone, browser: 'Firefox', os: 'macOS', place: 'Pune, IN', ip: '203.0.113.7', securityUrl: `${SITE}/settings?tab=security` },
    locale,
  ),
  dataExportedMail({ firstName: '', when, timeZone, browser: 'Unknown', os: 'Unknown', place: '', ip: '', securityUrl: `${SITE}/settings?tab=security` }, locale),
];
/** The recovery of two-step verification by e-mail (decision 201): each of its mails, and the admin's reset. */
const recoveryMails = (locale: Locale = 'en'): RenderedMail[] => {
  const later = new Date(when.getTime() + 72 * 3_600_000);
  const settingsUrl = `${SITE}/settings?tab=security`;
  return [
    recoveryRequestedMail(
      { firstName: 'Asha', browser: 'Chrome, Windows', place: 'Pune, IN', when, readyAt: later, timeZone, cancelUrl: `${SITE}/cancel-two-step-recovery?token=abc` },
      locale,
    ),
    recoveryRequestedMail({ firstName: '', browser: '', place: '', when, readyAt: later, timeZone, cancelUrl: `${SITE}/cancel-two-step-recovery?token=abc` }, locale),
    recoveryReadyMail({ firstName: 'Asha', requestedAt: when, until: later, timeZone, finishUrl: `${SITE}/finish-two-step-recovery?token=abc` }, locale),
    recoveryCompletedMail({ firstName: 'Asha', when: later, timeZone, settingsUrl }, locale),
    ...(['link', 'signedIn', 'session'] as const).map((how) => recoveryCancelledMail({ firstName: 'Asha', requestedAt: when, how, timeZone }, locale)),
    twoFactorResetByAdminMail({ firstName: 'Asha', when, timeZone, settingsUrl }, locale),
  ];
};
/** A new sign-in's mail (decision 200): a browser with its place, one whose browser, system and place are unknown, and a desktop device. */
const newSignIns = (locale: Locale): RenderedMail[] =>
  [
    { with: { browser: 'Firefox', os: 'macOS' }, place: 'Lagos, NG', ip: '198.51.100.7' },
    { with: { browser: '', os: '' }, place: '', ip: '' },
    { with: { device: 'Asha’s ThinkPad', os: 'Windows 11 Pro' }, place: 'Pune, IN', ip: '2001:db8::1' },
  ].map((seen) => newSignInMail({ firstName: 'Asha', ...seen, when, timeZone, secureUrl: `${SITE}/secure-account?token=abc` }, locale));

/** Every mail the site sends, by the template file that writes it (and the contact notice, which the support team gets). */
const MAILS: Record<string, RenderedMail[]> = {
  'verify-email.ts': [
    verifyEmailMail({ firstName: 'Asha', url: `${SITE}/verify-email?token=abc`, trial: true }),
    verifyEmailMail({ firstName: 'Asha', url: `${SITE}/verify-email?token=abc`, trial: false }),
  ],
  'password-reset.ts': [passwordResetMail({ firstName: 'Asha', url: `${SITE}/reset-password?token=abc` })],
  'password-changed.ts': (['changed', 'reset'] as const).map((how) => passwordChangedMail({ firstName: 'Asha', when, timeZone, how })),
  'recovery-code-used.ts': [9, 1, 0].map((left) => recoveryCodeUsedMail({ firstName: 'Asha', when, timeZone, left, settingsUrl: `${SITE}/settings` })),
  'two-factor-recovery.ts': recoveryMails(),
  'email-change.ts': [
    emailChangeConfirmMail({ firstName: 'Asha', newEmail: 'asha.new@example.com', url: `${SITE}/confirm-email-change?token=abc` }),
    emailChangeNoticeMail({ firstName: 'Asha', newEmail: 'asha.new@example.com', when, timeZone, undoUrl: `${SITE}/undo-email-change?token=abc` }),
    emailChangeTakenMail({ firstName: 'Asha' }),
  ],
  'desktop-sign-in.ts': [
    desktopSignInMail({ firstName: 'Asha', device: 'Asha’s ThinkPad', os: 'Windows 11 Pro', place: 'Pune, IN', when, timeZone, devicesUrl: `${SITE}/devices` }),
    desktopSignInMail({ firstName: '', device: '', os: '', place: '', when, timeZone, devicesUrl: `${SITE}/devices` }),
  ],
  'new-sign-in.ts': newSignIns('en'),
  'signup-attempt.ts': [null, `${SITE}/reset-password?token=abc`].map((resetUrl) => signupAttemptMail({ firstName: 'Asha', when, timeZone, signInUrl: `${SITE}/`, resetUrl })),
  'data-exported.ts': dataExports('en'),
  'receipt.ts': [
    receiptMail({
      firstName: 'Asha',
      amount: '₹299.00',
      planName: 'Stealth Month',
      accessUntil: 'December 22, 2026',
      document: { kind: 'receipt', number: '1001' },
      paymentId: 'pay_X1',
      billingUrl: `${SITE}/billing`,
    }),
    receiptMail({
      firstName: '',
      amount: '₹4,999.00',
      planName: 'Stealth Lifetime',
      accessUntil: null,
      document: { kind: 'tax_invoice', number: 'INV/26-27/000002' },
      paymentId: 'pay_X2',
      billingUrl: `${SITE}/billing`,
    }),
  ],
  'renewal-failed.ts': [
    renewalFailedMail({
      firstName: 'Asha',
      state: 'pending',
      planName: 'Stealth Month',
      amount: '₹299.00',
      paidUntil: 'December 22, 2026 (IST)',
      accessContinues: true,
      reason: 'Declined by the bank',
      billingUrl: `${SITE}/billing`,
    }),
    renewalFailedMail({
      firstName: '',
      state: 'halted',
      planName: 'Stealth Week',
      amount: '₹99.00',
      paidUntil: 'November 29, 2026 (IST)',
      accessContinues: false,
      reason: null,
      billingUrl: `${SITE}/billing`,
    }),
  ],
  'refund.ts': [
    refundMail({
      firstName: 'Asha',
      amount: '₹149.50',
      paymentAmount: '₹299',
      planName: 'Stealth Month',
      creditNoteNumber: 'CN/26-27/000001',
      paymentId: 'pay_X1',
      full: false,
      accessEnded: false,
      billingUrl: `${SITE}/billing`,
    }),
    refundMail({
      firstName: '',
      amount: '₹4,999',
      paymentAmount: '₹4,999',
      planName: 'Stealth Lifetime',
      creditNoteNumber: 'CN/26-27/000002',
      paymentId: 'pay_X2',
      full: true,
      accessEnded: true,
      billingUrl: `${SITE}/billing`,
    }),
  ],
  'plan-notice.ts': planNotices('en'),
  'contact notice': [
    contactNoticeMail({ id: 'x', name: 'Asha Rao', email: 'asha@example.com', subject: 'Hello', message: 'See https://example.com/page.', receivedAt: when }, SITE),
  ],
};

describe('one layout for every mail', () => {
  it('has a sample of every template in this folder', () => {
    const templates = readdirSync(here).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'layout.ts');
    expect(
      Object.keys(MAILS)
        .filter((k) => k.endsWith('.ts'))
        .sort(),
    ).toEqual(templates.sort());
  });

  for (const [name, mails] of Object.entries(MAILS)) {
    it(`${name}: opens with the brand header and closes with the brand footer`, () => {
      for (const mail of mails) {
        expect(mail.html).toMatch(/^<!doctype html>/);
        expect(mail.html).toContain(BRAND_HEADER);
        expect(mail.html).toContain(`© ${site.copyrightYear} ${site.productName}`);
        expect(mail.text).toContain(`The ${site.productName} team · ${site.supportEmail}`);
        expect(mail.html).toContain(`The ${site.productName} team · <a href="mailto:${site.supportEmail}"`);
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

describe('the notice of a download of the data', () => {
  it('says when, from which browser, where and from which address, and where to look', () => {
    const [known, unknown] = MAILS['data-exported.ts'];
    expect(known.subject).toBe(`Your ${site.productName} data was downloaded`);
    expect(known.text).toContain('When: November 22, 2026');
    expect(known.text).toContain('Browser: Firefox on macOS\nPlace: Pune, IN\nIP address: 203.0.113.7');
    expect(known.text).toContain(`Review your account's security:\n${SITE}/settings?tab=security\n`);
    expect(unknown.text).toContain('Browser: Unknown browser\nPlace: Unknown location');
    expect(unknown.text).not.toContain('IP address');
  });
});

describe('the new sign-in mail', () => {
  it('says what signed in, from where and when, that nothing is to be done if it was the owner, and the link if not', () => {
    const [browser, unknown, device] = MAILS['new-sign-in.ts'];
    expect(browser.subject).toBe(`New sign-in to your ${site.productName} account`);
    expect(browser.text).toContain('Browser and system: Firefox on macOS\nPlace: Lagos, NG\nIP address: 198.51.100.7\nTime: November 22, 2026 at 3:30 PM (Asia/Kolkata)\n');
    expect(browser.text).toContain('If this was you, you need do nothing.');
    expect(browser.text).toContain(`This wasn't me:\n${SITE}/secure-account?token=abc\n`);
    expect(browser.text).toContain('within 7 days');
    expect(unknown.text).toContain('Browser and system: Unknown browser on unknown system\nPlace: Unknown location\nIP address: Unknown\n');
    expect(device.text).toContain(`Browser and system: ${site.productName} desktop app on Asha’s ThinkPad (Windows 11 Pro)`);
  });
});

describe("every mail in the addressee's language (hi, es, fr)", () => {
  /** Each template's samples written in a language, from the same inputs as the English ones above. */
  const samples = (locale: Locale): Record<string, RenderedMail[]> => ({
    'verify-email.ts': [true, false].map((trial) => verifyEmailMail({ firstName: 'Asha', url: `${SITE}/verify-email?token=abc`, trial }, locale)),
    'password-reset.ts': [passwordResetMail({ firstName: 'Asha', url: `${SITE}/reset-password?token=abc` }, locale)],
    'password-changed.ts': (['changed', 'reset'] as const).map((how) => passwordChangedMail({ firstName: 'Asha', when, timeZone, how }, locale)),
    'recovery-code-used.ts': [9, 1, 0].map((left) => recoveryCodeUsedMail({ firstName: 'Asha', when, timeZone, left, settingsUrl: `${SITE}/settings` }, locale)),
    'two-factor-recovery.ts': recoveryMails(locale),
    'email-change.ts': [
      emailChangeConfirmMail({ firstName: 'Asha', newEmail: 'asha.new@example.com', url: `${SITE}/confirm-email-change?token=abc` }, locale),
      emailChangeNoticeMail({ firstName: 'Asha', newEmail: 'asha.new@example.com', when, timeZone, undoUrl: `${SITE}/undo-email-change?token=abc` }, locale),
      emailChangeTakenMail({ firstName: 'Asha' }, locale),
    ],
    'desktop-sign-in.ts': [
      desktopSignInMail({ firstName: 'Asha', device: 'Asha’s ThinkPad', os: 'Windows 11 Pro', place: 'Pune, IN', when, timeZone, devicesUrl: `${SITE}/devices` }, locale),
      desktopSignInMail({ firstName: '', device: '', os: '', place: '', when, timeZone, devicesUrl: `${SITE}/devices` }, locale),
    ],
    'new-sign-in.ts': newSignIns(locale),
    'signup-attempt.ts': [null, `${SITE}/reset-password?token=abc`].map((resetUrl) =>
      signupAttemptMail({ firstName: 'Asha', when, timeZone, signInUrl: `${SITE}/${locale}`, resetUrl }, locale),
    ),
    'data-exported.ts': dataExports(locale),
    'receipt.ts': [
      receiptMail(
        {
          firstName: 'Asha',
          amount: formatMoney(29900, 'INR', locale),
          planName: 'Stealth Month',
          accessUntil: longDate('2026-12-22T10:00:00Z', timeZone, locale),
          document: { kind: 'receipt', number: '1001' },
          paymentId: 'pay_X1',
          billingUrl: `${SITE}/billing`,
        },
        locale,
      ),
      receiptMail(
        {
          firstName: '',
          amount: formatMoney(499900, 'INR', locale),
          planName: 'Stealth Lifetime',
          accessUntil: null,
          document: { kind: 'tax_invoice', number: 'INV/26-27/000002' },
          paymentId: 'pay_X2',
          billingUrl: `${SITE}/billing`,
        },
        locale,
      ),
    ],
    'renewal-failed.ts': [
      renewalFailedMail(
        {
          firstName: 'Asha',
          state: 'pending',
          planName: 'Stealth Month',
          amount: '₹299',
          paidUntil: dateTimeWithZone(when, timeZone, locale),
          accessContinues: true,
          reason: 'Declined by the bank',
          billingUrl: `${SITE}/billing`,
        },
        locale,
      ),
      renewalFailedMail(
        { firstName: '', state: 'halted', planName: 'Stealth Week', amount: '₹99', paidUntil: null, accessContinues: false, reason: null, billingUrl: `${SITE}/billing` },
        locale,
      ),
    ],
    'plan-notice.ts': planNotices(locale),
    'refund.ts': [true, false].map((full) =>
      refundMail(
        {
          firstName: 'Asha',
          amount: '₹149.50',
          paymentAmount: '₹299',
          planName: 'Stealth Month',
          creditNoteNumber: 'CN/26-27/000001',
          paymentId: 'pay_X1',
          full,
          accessEnded: full,
          billingUrl: `${SITE}/billing`,
        },
        locale,
      ),
    ),
  });
  const english = samples('en');
  /** Words of the English mails that no translated mail may keep (a text left untranslated). */
  const ENGLISH_WORDS = /\b(Hi|Your|your|Thank|Please|Questions|If the button|The Stealth Browser team|Open|Verify my|Receipt number|Payment id|Access until)\b/;

  const SIGNED = { hi: `${site.productName} टीम`, es: `El equipo de ${site.productName}`, fr: `L’équipe ${site.productName}` };

  for (const locale of ['hi', 'es', 'fr'] as const) {
    describe(locale, () => {
      let mails: Record<string, RenderedMail[]>;
      beforeAll(async () => {
        await loadMailTexts(locale);
        mails = samples(locale);
      });

      it('has a sample of every template', () => {
        expect(Object.keys(mails).sort()).toEqual(
          Object.keys(MAILS)
            .filter((k) => k.endsWith('.ts'))
            .sort(),
        );
      });

      it('writes subject, text and HTML in the language, in the same layout, its footer too', () => {
        for (const [name, list] of Object.entries(mails)) {
          list.forEach((mail, i) => {
            const en = english[name]![i]!;
            expect(mail.subject, name).not.toBe(en.subject);
            expect(mail.html, name).toContain(`<html lang="${locale}">`);
            expect(mail.html, name).toContain(BRAND_HEADER);
            expect(mail.html, name).toContain(`© ${site.copyrightYear} ${site.productName}`);
            // Signed with the product's name, as the English mail is.
            expect(mail.text, name).toContain(`${SIGNED[locale]} · ${site.supportEmail}`);
            // Only names (product, plan, Razorpay, the bank's own words) stay in English.
            for (const part of [mail.subject, mail.text]) expect(part, `${name} ${part}`).not.toMatch(ENGLISH_WORDS);
            if (locale === 'hi') expect(mail.subject, name).toMatch(/[\u0900-\u097F]/);
            // Links stay where the mailbox finds them.
            for (const line of mail.text.split('\n').filter((l) => l.includes(SITE))) expect(linksInText(mail.text)).toContain(line);
          });
        }
      });

      it('greets by name, or without one, and fills in every value', () => {
        for (const [name, list] of Object.entries(mails)) for (const mail of list) expect(mail.text, name).not.toMatch(/\{|\}|undefined|null/);
        const [monthly, lifetime] = mails['receipt.ts']!;
        expect(monthly!.text).toContain('Asha');
        expect(lifetime!.text).not.toContain('Asha');
      });
    });
  }

  it('writes the Hindi mails as a Hindi reader expects them: words, dates and money', () => {
    const hi = samples('hi');
    const [verify] = hi['verify-email.ts']!;
    expect(verify!.subject).toBe('Stealth Browser के लिए अपना ईमेल सत्यापित करें');
    expect(verify!.text).toContain('मेरा ईमेल सत्यापित करें:');
    expect(verify!.text).toContain(`${site.productName} टीम · ${site.supportEmail}`);
    const [monthly] = hi['receipt.ts']!;
    expect(monthly!.subject).toBe('आपकी Stealth Browser रसीद #1001');
    expect(monthly!.text).toContain('नमस्ते Asha, Stealth Month के लिए ₹299 के भुगतान के लिए धन्यवाद। आपका ऐक्सेस 22 दिसंबर 2026 तक है।');
    expect(monthly!.text).toContain('रसीद संख्या: 1001');
    const [changed] = hi['password-changed.ts']!;
    expect(changed!.text).toContain('22 नवंबर 2026, 3:30 PM (Asia/Kolkata)');
  });

  it('writes French and Spanish money and dates their way', () => {
    const [fr] = samples('fr')['receipt.ts']!;
    expect(fr!.text).toMatch(/merci pour votre paiement de 299\s₹ pour Stealth Month\. Votre accès est valable jusqu’au 22 décembre 2026\./);
    const [es] = samples('es')['receipt.ts']!;
    expect(es!.subject).toBe('Tu recibo de Stealth Browser n.º 1001');
    expect(es!.text).toContain('hasta el 22 de diciembre de 2026');
  });

  it("chooses the account's language, else the page's, else English", () => {
    expect(mailLocale('de')).toBe('en');
    expect(mailLocale(null, 'hi')).toBe('hi');
    expect(mailLocale('fr', 'hi')).toBe('fr');
  });
});

describe('the refund mail says when the money comes as the refund policy says it', () => {
  /** The policy's delay as a reader sees it in each language. */
  const DELAY = { en: '10 business days', hi: '10 कार्यदिवसों', es: '10 días hábiles', fr: '10 jours ouvrés' } as const;
  for (const locale of ['en', 'hi', 'es', 'fr'] as const) {
    it(locale, async () => {
      await Promise.all([loadMailTexts(locale), loadAreas(locale, ['refund'])]);
      const policy = translator(locale, 'refund')('requestPaid', { days: REFUND_PAID_WITHIN_BUSINESS_DAYS });
      expect(policy).toContain(DELAY[locale]);
      for (const full of [true, false]) {
        const mail = refundMail(
          {
            firstName: 'Asha',
            amount: '₹149.50',
            paymentAmount: '₹299',
            planName: 'Stealth Month',
            creditNoteNumber: 'CN/26-27/000001',
            paymentId: 'pay_X1',
            full,
            accessEnded: full,
            billingUrl: `${SITE}/billing`,
          },
          locale,
        );
        expect(mail.text).toContain(DELAY[locale]);
        expect(mail.html).toContain(DELAY[locale]);
        // No second, different promise beside it.
        expect(mail.text).not.toMatch(/\b5\b/);
      }
    });
  }
});
