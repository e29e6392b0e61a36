import { Link } from '../../components/router';
import { longDate, SITE_TIME_ZONE } from '#shared/dates';
import { site } from '#shared/site';
import { rich, useLocale, useLocalePath, useT } from '../../i18n';
import { LegalLayout, type LegalSection } from './legal-layout';
import { MailLink } from './mail-link';

/** The day this version took effect (the spec's (R-2.21) "effective July 31, 2025"), a day of the site's zone. */
const EFFECTIVE = '2025-07-31T00:00:00+05:30';

export function PrivacyPolicyPage() {
  const t = useT('privacy');
  const locale = useLocale();
  const lp = useLocalePath();
  const product = site.productName;
  const email = site.supportEmail;
  const strong = <strong />;
  const mail = <MailLink subject="Privacy request" />;
  const sections: LegalSection[] = [
    {
      id: 'who-we-are',
      title: t('whoTitle'),
      body: (
        <>
          <p>{t('whoP1', { product })}</p>
          <p>{t('whoP2')}</p>
        </>
      ),
    },
    {
      id: 'what-we-collect',
      title: t('collectTitle'),
      body: (
        <>
          <h3>{t('collectGivenH')}</h3>
          <ul>
            <li>{rich(t('collectAccount'), [strong])}</li>
            <li>{rich(t('collectProfile'), [strong])}</li>
            <li>{rich(t('collectBilling'), [strong])}</li>
            <li>{rich(t('collectMessages'), [strong])}</li>
          </ul>
          <h3>{t('collectCreatedH', { product })}</h3>
          <ul>
            <li>{rich(t('collectPayments'), [strong])}</li>
            <li>{rich(t('collectUsage'), [strong])}</li>
            <li>{rich(t('collectSessions'), [strong])}</li>
            <li>{rich(t('collectDownloads'), [strong])}</li>
          </ul>
          <h3>{t('collectNotH')}</h3>
          <p>{t('collectNot', { product })}</p>
        </>
      ),
    },
    {
      id: 'how-we-use',
      title: t('useTitle'),
      body: (
        <>
          <ul>
            <li>{t('useAccount')}</li>
            <li>{t('useProgram')}</li>
            <li>{t('usePayments')}</li>
            <li>{t('useMail')}</li>
            <li>{t('useSupport')}</li>
            <li>{t('useProtect')}</li>
            <li>{t('useImprove')}</li>
          </ul>
          <p>{t('useNoSale')}</p>
        </>
      ),
    },
    { id: 'legal-basis', title: t('basisTitle'), body: <p>{t('basis')}</p> },
    {
      id: 'sharing',
      title: t('sharingTitle'),
      body: (
        <>
          <p>{t('sharingIntro')}</p>
          <ul>
            <li>{rich(t('sharingRazorpay'), [strong])}</li>
            <li>{rich(t('sharingHosting'), [strong])}</li>
            <li>{rich(t('sharingTurnstile'), [strong])}</li>
          </ul>
          <p>{t('sharingAuthorities', { product })}</p>
        </>
      ),
    },
    { id: 'transfers', title: t('transfersTitle'), body: <p>{t('transfers')}</p> },
    {
      id: 'retention',
      title: t('retentionTitle'),
      body: (
        <ul>
          <li>{t('retentionAccount')}</li>
          <li>{t('retentionPayments')}</li>
          <li>{t('retentionMessages')}</li>
          <li>{t('retentionBackups')}</li>
        </ul>
      ),
    },
    { id: 'security', title: t('securityTitle'), body: <p>{t('security', { product })}</p> },
    {
      id: 'your-rights',
      title: t('rightsTitle'),
      body: (
        <>
          <p>{t('rightsIntro')}</p>
          <ul>
            <li>{t('rightsSee')}</li>
            <li>{t('rightsCorrect')}</li>
            <li>{t('rightsDelete')}</li>
            <li>{t('rightsWithdraw')}</li>
            <li>{t('rightsNominate')}</li>
            <li>{t('rightsGrievance')}</li>
          </ul>
          <p>{rich(t('rightsHow', { email }), [mail, strong])}</p>
        </>
      ),
    },
    { id: 'children', title: t('childrenTitle'), body: <p>{t('children', { product })}</p> },
    { id: 'cookies', title: t('cookiesTitle'), body: <p>{t('cookies')}</p> },
    { id: 'changes', title: t('changesTitle'), body: <p>{t('changes')}</p> },
    {
      id: 'contact',
      title: t('contactTitle'),
      body: <p>{rich(t('contact', { email }), [mail, <Link to={lp('/contact-us')} />])}</p>,
    },
  ];
  return (
    <LegalLayout
      kicker={t('kicker')}
      title="Privacy Policy"
      dateLine={t('effective', { date: longDate(EFFECTIVE, SITE_TIME_ZONE, locale) })}
      intro={<p>{t('intro')}</p>}
      sections={sections}
      related={[
        { to: '/terms-of-service', label: 'Terms of Service' },
        { to: '/terms-conditions', label: 'Terms and Conditions' },
        { to: '/refund-policy', label: 'Cancellations and Refunds' },
        { to: '/contact-us', label: 'Contact Us' },
      ]}
    />
  );
}
