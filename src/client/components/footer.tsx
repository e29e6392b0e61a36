import { Link } from './router';
import { site } from '../../shared/site';
import { mailtoHref } from '../../shared/mailto';
import type { TextKey } from '../../shared/i18n/runtime';
import { useLocalePath, useT } from '../i18n';
import { LanguageSwitcher } from './language-switcher';
import { Logo } from './logo';
import { useShippedVersion } from '../features/landing/use-downloads-config';

type Label = TextKey<'chrome'>;

const COLUMNS: { title: Label; links: { label: Label; to: string }[] }[] = [
  {
    title: 'footerProduct',
    links: [
      { label: 'navFeatures', to: '/#features' },
      { label: 'navShortcuts', to: '/#shortcuts' },
      { label: 'footerHowItWorks', to: '/#how-it-works' },
      { label: 'footerVideos', to: '/#videos' },
      { label: 'navPricing', to: '/#pricing' },
      { label: 'footerDownload', to: '/#download' },
      { label: 'changelog', to: '/changelog' },
    ],
  },
  {
    title: 'footerCompany',
    links: [
      { label: 'footerAbout', to: `/blog/${site.aboutPostSlug}` },
      { label: 'navBlog', to: '/blog' },
    ],
  },
  {
    title: 'footerLegal',
    links: [
      { label: 'privacyPolicy', to: '/privacy-policy' },
      { label: 'termsConditions', to: '/terms-conditions' },
    ],
  },
  {
    title: 'footerPolicies',
    links: [
      { label: 'termsOfService', to: '/terms-of-service' },
      { label: 'refundPolicy', to: '/refund-policy' },
      { label: 'contactUs', to: '/contact-us' },
    ],
  },
];

const SOCIAL = [
  { label: 'X', href: site.social.x, path: 'M17.8 3h3.1l-6.8 7.8L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.3-8.3L2 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.4 4.7H5.5z', filled: true },
  { label: 'Instagram', href: site.social.instagram, path: 'M7 3h10a4 4 0 014 4v10a4 4 0 01-4 4H7a4 4 0 01-4-4V7a4 4 0 014-4zm5 5a4 4 0 100 8 4 4 0 000-8zm5.5-1.5h.01' },
  {
    label: 'LinkedIn',
    href: site.social.linkedin,
    path: 'M4 9h4v11H4zM6 4a2 2 0 110 4 2 2 0 010-4zm4 5h4v2c.6-1.2 2-2.2 4-2.2 3 0 4 2 4 5V20h-4v-5.5c0-1.5-.5-2.5-2-2.5s-2 1-2 2.5V20h-4z',
  },
];

export function Footer() {
  const t = useT('chrome');
  const lp = useLocalePath();
  const version = useShippedVersion();
  const inquiry = mailtoHref(site.teamEmail, { subject: t('inquirySubject'), body: `${t('inquiryBody', { brand: site.brand })}\n\n` });
  return (
    <footer className="border-t border-ink-800 bg-ink-950" data-testid="footer">
      <div className="container-page grid grid-cols-2 gap-x-6 gap-y-10 py-12 md:grid-cols-[1.4fr_repeat(4,1fr)]">
        <div className="col-span-2 space-y-4 md:col-span-1">
          <Logo />
          <p className="max-w-xs text-sm text-ink-400">{t('tagline')}</p>
          <div className="flex gap-2">
            {SOCIAL.map((s) => (
              <a
                key={s.label}
                href={s.href}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={s.label}
                className="rounded-lg border border-ink-700 p-2 text-ink-300 hover:text-ink-100"
              >
                <svg
                  width="18"
                  height="18"
                  viewBox="0 0 24 24"
                  fill={s.filled ? 'currentColor' : 'none'}
                  stroke={s.filled ? 'none' : 'currentColor'}
                  strokeWidth="1.8"
                  aria-hidden="true"
                >
                  <path d={s.path} />
                </svg>
              </a>
            ))}
            <a href={inquiry} aria-label={t('email')} className="rounded-lg border border-ink-700 p-2 text-ink-300 hover:text-ink-100">
              <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
                <path d="M3 6h18v12H3zM3 6l9 7 9-7" />
              </svg>
            </a>
          </div>
        </div>
        {COLUMNS.map((col) => (
          <div key={col.title}>
            <h2 className="mb-3 text-sm font-semibold text-ink-100">{t(col.title)}</h2>
            <ul className="space-y-2">
              {col.links.map((l) => (
                <li key={l.label}>
                  <Link to={lp(l.to)} className="text-sm text-ink-400 hover:text-ink-100">
                    {t(l.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      {/*
        The bottom row: stacked on a phone; from 1024 px two lines of two, the copyright and the languages, then the
        status and the credit, each item on one line of its own in every language (none wraps inside).
      */}
      <div className="border-t border-ink-800">
        <div className="container-page flex flex-col gap-3 py-6 text-sm text-ink-400 lg:grid lg:grid-cols-[1fr_auto] lg:items-center lg:gap-x-8 lg:[&>*]:whitespace-nowrap">
          <p>{t('rightsReserved', { year: site.copyrightYear, product: site.productName })}</p>
          <LanguageSwitcher className="lg:flex-nowrap lg:justify-self-end" />
          <div className="flex items-center gap-4">
            <span className="flex items-center gap-2" data-testid="system-status">
              <span className="h-2 w-2 rounded-full bg-emerald-400" aria-hidden="true" />
              <span className="hidden sm:inline">{t('systemsOperational')}</span>
              <span className="sm:hidden">{t('online')}</span>
            </span>
            <Link to={lp('/changelog')} className="hover:text-ink-100" data-testid="footer-version">
              {version}
            </Link>
          </div>
          <p className="lg:justify-self-end">{t('madeWith')}</p>
        </div>
      </div>
    </footer>
  );
}
