import { Link } from '../../components/router';
import { LIMITS } from '#shared/constants';
import { dayMonthYear, SITE_TIME_ZONE } from '#shared/dates';
import { site } from '#shared/site';
import { rich, useLocale, useLocalePath, useT } from '../../i18n';
import { LegalLayout, type LegalSection } from './legal-layout';
import { MailLink } from './mail-link';

/** The day of this version (the spec's (R-2.21) "last updated 31 July 2025"), a day of the site's zone. */
const LAST_UPDATED = '2025-07-31T00:00:00+05:30';

const RELATED = [
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/refund-policy', label: 'Cancellations and Refunds' },
  { to: '/contact-us', label: 'Contact Us' },
];

/** The eleven sections of the spec, shared by /terms-of-service and /terms-conditions. */
function Terms({ title, other }: { title: string; other: { to: string; label: string } }) {
  const t = useT('terms');
  const locale = useLocale();
  const lp = useLocalePath();
  const product = site.productName;
  const email = site.supportEmail;
  const strong = <strong />;
  const contactForm = <Link to={lp('/contact-us')} />;
  const sections: LegalSection[] = [
    {
      id: 'eligibility-accounts',
      title: t('eligibilityTitle'),
      body: (
        <>
          <p>{t('eligibilityAge', { product })}</p>
          <p>{rich(t('eligibilityAccount', { email }), [<MailLink />])}</p>
        </>
      ),
    },
    {
      id: 'use-license',
      title: t('licenseTitle'),
      body: (
        <>
          <p>{t('licenseGrant', { product })}</p>
          <p>{t('licenseMayNot')}</p>
          <ul>
            <li>{t('licenseCopy')}</li>
            <li>{t('licenseRent')}</li>
            <li>{t('licenseBypass')}</li>
            <li>{t('licenseLaw')}</li>
          </ul>
        </>
      ),
    },
    {
      id: 'refund-cancellation',
      title: t('refundTitle'),
      body: (
        <>
          <p>{t('refundCancel')}</p>
          <p>{rich(t('refundFees', { product }), [strong, <Link to={lp('/refund-policy')} />])}</p>
        </>
      ),
    },
    {
      id: 'subscription-payment',
      title: t('paymentTitle'),
      body: (
        <>
          <p>{t('paymentTrial', { product, days: LIMITS.trialDays })}</p>
          <p>{t('paymentAdvance')}</p>
        </>
      ),
    },
    {
      id: 'user-conduct',
      title: t('conductTitle'),
      body: (
        <>
          <p>{t('conductIntro', { product })}</p>
          <ul>
            <li>{t('conductLaw')}</li>
            <li>{t('conductRules')}</li>
            <li>{t('conductMalware')}</li>
            <li>{t('conductHarm')}</li>
          </ul>
          <p>{t('conductContent')}</p>
        </>
      ),
    },
    { id: 'intellectual-property', title: t('ipTitle'), body: <p>{t('ip', { product })}</p> },
    {
      id: 'termination',
      title: t('terminationTitle'),
      body: (
        <>
          <p>{t('terminationStop', { product })}</p>
          <p>{t('terminationEnd')}</p>
        </>
      ),
    },
    {
      id: 'disclaimers-liability',
      title: t('liabilityTitle'),
      body: (
        <>
          <p>{t('liabilityAsIs', { product })}</p>
          <p>{rich(t('liabilityLimit'), [strong])}</p>
        </>
      ),
    },
    { id: 'governing-law', title: t('lawTitle'), body: <p>{t('law')}</p> },
    { id: 'modifications', title: t('modificationsTitle'), body: <p>{t('modifications', { product })}</p> },
    {
      id: 'contact',
      title: t('contactTitle'),
      body: <p>{rich(t('contact', { email }), [<MailLink subject="Terms" />, contactForm])}</p>,
    },
  ];
  return (
    <LegalLayout
      kicker={t('kicker')}
      title={title}
      dateLine={t('lastUpdated', { date: dayMonthYear(LAST_UPDATED, SITE_TIME_ZONE, locale) })}
      intro={<p>{t('intro', { product })}</p>}
      sections={sections}
      related={[other, ...RELATED]}
    />
  );
}

export const TermsOfServicePage = () => <Terms title="Terms of Service" other={{ to: '/terms-conditions', label: 'Terms and Conditions' }} />;
export const TermsConditionsPage = () => <Terms title="Terms and Conditions" other={{ to: '/terms-of-service', label: 'Terms of Service' }} />;
