import type { ReactNode } from 'react';
import { Link } from '../../components/router';
import { site } from '#shared/site';
import { mailtoHref } from '#shared/mailto';
import { Icon, type IconName } from '../../features/landing/icons';
import type { TextKey } from '#shared/i18n/runtime';
import { useLocalePath, useT } from '../../i18n';
import { ContactForm } from './contact-form';
import { PageHeader } from '../../components/page-header';

const INFO: { icon: IconName; title: TextKey<'contact'>; body: ReactNode | TextKey<'contact'> }[] = [
  {
    icon: 'mail',
    title: 'emailSupport',
    body: (
      <a href={mailtoHref(site.supportEmail)} className="text-accent-300 underline decoration-accent-300/40 underline-offset-2 hover:decoration-accent-300">
        {site.supportEmail}
      </a>
    ),
  },
  { icon: 'clock', title: 'responseTime', body: 'responseTimeBody' },
  { icon: 'globe', title: 'worldwide', body: 'worldwideBody' },
];

const QUICK_LINKS: { to: string; label: TextKey<'contact'> }[] = [
  { to: '/#faq', label: 'linkFaq' },
  { to: '/refund-policy', label: 'linkRefund' },
  { to: '/terms-of-service', label: 'linkTerms' },
];

export function ContactPage() {
  const t = useT('contact');
  const chrome = useT('chrome');
  const lp = useLocalePath();
  return (
    <main className="pt-16">
      <PageHeader kicker={t('kicker')} title={chrome('contactUs')} lead={t('lead', { product: site.productName })} />
      <div className="container-page grid gap-8 py-12 sm:py-16 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-12">
        <section aria-labelledby="contact-form-title" className="card sm:p-8">
          <h2 id="contact-form-title" className="text-xl font-semibold text-ink-100">
            {t('formTitle')}
          </h2>
          <div className="mt-6">
            <ContactForm />
          </div>
        </section>
        <aside className="space-y-6" aria-label={t('otherWays')}>
          <ul className="space-y-4">
            {INFO.map((item) => (
              <li key={item.title} className="flex gap-4 rounded-2xl border border-ink-700 bg-ink-900 p-5">
                <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-accent-500/15 text-accent-300">
                  <Icon name={item.icon} />
                </span>
                <div>
                  <h2 className="font-semibold text-ink-100">{t(item.title)}</h2>
                  <p className="mt-1 text-sm text-ink-300">{typeof item.body === 'string' ? t(item.body as TextKey<'contact'>) : item.body}</p>
                </div>
              </li>
            ))}
          </ul>
          <nav aria-labelledby="quick-links-title" className="rounded-2xl border border-ink-700 bg-ink-900 p-5">
            <h2 id="quick-links-title" className="font-semibold text-ink-100">
              {t('quickLinks')}
            </h2>
            <ul className="mt-3 space-y-2 text-sm">
              {QUICK_LINKS.map((l) => (
                <li key={l.to}>
                  <Link to={lp(l.to)} className="flex items-center justify-between gap-2 rounded-lg px-2 py-1.5 text-ink-300 hover:bg-ink-800 hover:text-ink-100">
                    {t(l.label)}
                    <Icon name="arrowRight" className="h-4 w-4 text-ink-400" />
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </aside>
      </div>
    </main>
  );
}
