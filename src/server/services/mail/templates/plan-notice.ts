import type { Locale } from '#shared/i18n/locales';
import { site } from '#shared/site';
import { greeting, mailText } from '../texts';
import { renderMail } from './layout';

/**
 * What changed in a customer's access (decision 123): each written with its dates already in the customer's zone and
 * language, and its prices with their currency.
 * - cancelled: autopay turned off (by the customer, or by our team at the period's end); access runs to `until`.
 * - ended: our team ended the plan now (an admin's "Cancel now"); access has ended.
 * - complimentary: our team gave `days` of a plan free, running until `until`.
 * - trialExtended: our team lengthened the free trial by `days`; it now ends `until`.
 * - planChange: another recurring plan from `at` (decision 086), at `price` a cycle.
 */
export type PlanNotice =
  | { kind: 'cancelled'; planName: string; until: string; byTeam: boolean }
  | { kind: 'ended'; planName: string; on: string }
  | { kind: 'complimentary'; planName: string; days: number; until: string }
  | { kind: 'trialExtended'; days: number; until: string }
  | { kind: 'planChange'; planName: string; newPlanName: string; price: string; interval: string; at: string };

export type PlanNoticeMailInput = { firstName: string; billingUrl: string; notice: PlanNotice };

/** The mail of a change to a customer's plan or trial that they did not see happen on a screen, or that they should keep. */
export const planNoticeMail = ({ firstName, billingUrl, notice: n }: PlanNoticeMailInput, locale: Locale = 'en') => {
  const t = mailText(locale);
  const product = site.productName;
  const hi = greeting(t, firstName);
  const footnote = t('questions', { email: site.supportEmail });
  const action = { label: t('openBilling'), url: billingUrl };
  switch (n.kind) {
    case 'cancelled':
      return renderMail(
        t('cancelledSubject', { product }),
        {
          preheader: t('cancelledPreheader', { plan: n.planName, date: n.until }),
          heading: t('cancelledHeading'),
          paragraphs: [
            n.byTeam ? t('cancelledIntroTeam', { greeting: hi, plan: n.planName }) : t('cancelledIntro', { greeting: hi, plan: n.planName }),
            t('renewKeep', { plan: n.planName, date: n.until }),
            t('cancelledBack'),
          ],
          details: [
            [t('plan'), n.planName],
            [t('status'), t('statusAutopayOff')],
            [t('accessUntil'), n.until],
          ],
          action,
          footnote,
        },
        locale,
      );
    case 'ended':
      return renderMail(
        t('endedSubject', { product }),
        {
          preheader: t('endedPreheader', { plan: n.planName }),
          heading: t('endedHeading'),
          paragraphs: [t('endedIntro', { greeting: hi, plan: n.planName, date: n.on }), t('endedMoney'), t('endedBack')],
          details: [
            [t('plan'), n.planName],
            [t('status'), t('statusEnded')],
          ],
          action,
          footnote,
        },
        locale,
      );
    case 'complimentary':
      return renderMail(
        t('complimentarySubject', { product, days: n.days }),
        {
          preheader: t('complimentaryPreheader', { plan: n.planName, date: n.until }),
          heading: t('complimentaryHeading'),
          paragraphs: [t('complimentaryIntro', { greeting: hi, plan: n.planName, days: n.days, date: n.until }), t('complimentaryNoCharge')],
          details: [
            [t('plan'), n.planName],
            [t('status'), t('statusComplimentary')],
            [t('accessUntil'), n.until],
          ],
          action,
          footnote,
        },
        locale,
      );
    case 'trialExtended':
      return renderMail(
        t('trialSubject', { product }),
        {
          preheader: t('trialPreheader', { date: n.until }),
          heading: t('trialHeading'),
          paragraphs: [t('trialIntro', { greeting: hi, days: n.days, date: n.until }), t('trialNext')],
          details: [[t('trialEnds'), n.until]],
          action,
          footnote,
        },
        locale,
      );
    case 'planChange': {
      const price = t('priceEvery', { amount: n.price, interval: n.interval });
      const values = { from: n.planName, to: n.newPlanName, date: n.at, price };
      return renderMail(
        t('changeSubject', { product }),
        {
          preheader: t('changePreheader', values),
          heading: t('changeHeading'),
          paragraphs: [t('changeIntro', { greeting: hi, ...values }), t('changeCharge', values), t('changeUndo', values)],
          details: [
            [t('plan'), n.planName],
            [t('newPlan'), n.newPlanName],
            [t('newPrice'), price],
            [t('changesOn'), n.at],
          ],
          action,
          footnote,
        },
        locale,
      );
    }
  }
};
