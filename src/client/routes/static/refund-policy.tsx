import { Link } from '../../components/router';
import { REFUND_PAID_WITHIN_BUSINESS_DAYS } from '#shared/constants';
import { longDate, SITE_TIME_ZONE } from '#shared/dates';
import { site } from '#shared/site';
import { rich, useLocale, useLocalePath, useT } from '../../i18n';
import { LegalLayout, type LegalSection } from './legal-layout';
import { MailLink } from './mail-link';

/** The day this version took effect (July 31, 2025), a day of the site's zone. */
const EFFECTIVE = '2025-07-31T00:00:00+05:30';

/** The six parts of the spec's refund policy: 48 hours to ask, an answer in 5 business days, the money in 10. */
export function RefundPolicyPage() {
  const t = useT('refund');
  const locale = useLocale();
  const lp = useLocalePath();
  const product = site.productName;
  const email = site.supportEmail;
  const strong = <strong />;
  const mail = <MailLink subject="Refund request" />;
  const contactForm = <Link to={lp('/contact-us')} />;
  const sections: LegalSection[] = [
    {
      id: 'overview',
      title: t('overviewTitle'),
      body: (
        <>
          <p>{t('overviewTrial', { product })}</p>
          <p>{t('overviewCancel')}</p>
        </>
      ),
    },
    {
      id: 'eligibility',
      title: t('eligibilityTitle'),
      body: (
        <>
          <p>{t('eligibilityIntro')}</p>
          <ol>
            <li>{rich(t('eligibilityFailure', { product }), [strong])}</li>
            <li>{rich(t('eligibilityTimeframe'), [strong])}</li>
            <li>{rich(t('eligibilityEvidence'), [strong])}</li>
            <li>{rich(t('eligibilitySupport'), [strong])}</li>
          </ol>
        </>
      ),
    },
    {
      id: 'non-refundable',
      title: t('nonRefundableTitle'),
      body: (
        <ul>
          <li>{t('nonRefundableLate')}</li>
          <li>{t('nonRefundableMind')}</li>
          <li>{t('nonRefundableSetup')}</li>
          <li>{t('nonRefundableConditional')}</li>
          <li>{t('nonRefundableRenewals')}</li>
          <li>{t('nonRefundableSuspended')}</li>
          <li>{t('nonRefundablePartial')}</li>
        </ul>
      ),
    },
    { id: 'free-plan', title: t('freePlanTitle'), body: <p>{rich(t('freePlan', { product }), [contactForm])}</p> },
    {
      id: 'how-to-request',
      title: t('requestTitle'),
      body: (
        <>
          <ol>
            <li>{rich(t('requestWrite', { email }), [mail])}</li>
            <li>{t('requestInclude')}</li>
            <li>{t('requestReview')}</li>
            <li>{t('requestPaid', { days: REFUND_PAID_WITHIN_BUSINESS_DAYS })}</li>
          </ol>
          <p>{t('requestEnds')}</p>
        </>
      ),
    },
    {
      id: 'contact-us',
      title: t('contactTitle'),
      body: (
        <div className="rounded-2xl border border-ink-700 bg-ink-900 p-6">
          <p className="font-semibold text-ink-100">{t('contactQuestion')}</p>
          <p className="mt-2">{rich(t('contact', { email }), [mail, contactForm])}</p>
        </div>
      ),
    },
  ];
  return (
    <LegalLayout
      kicker={t('kicker')}
      title="Cancellations and Refunds"
      dateLine={t('effective', { date: longDate(EFFECTIVE, SITE_TIME_ZONE, locale) })}
      intro={<p>{t('intro')}</p>}
      sections={sections}
      related={[
        { to: '/terms-of-service', label: 'Terms of Service' },
        { to: '/privacy-policy', label: 'Privacy Policy' },
        { to: '/contact-us', label: 'Contact Us' },
      ]}
    />
  );
}
