import type { MouseEvent, ReactNode } from 'react';
import { Link, useLocation } from '../../components/router';
import { splitLocale } from '#shared/i18n/locales';
import type { TextKey } from '#shared/i18n/runtime';
import { useLocale, useLocalePath, useT } from '../../i18n';

/** The policies by address, as the chrome's texts name them (the title and the related links in every language). */
const POLICY_NAMES: Record<string, TextKey<'chrome'>> = {
  '/privacy-policy': 'privacyPolicy',
  '/terms-of-service': 'termsOfService',
  '/terms-conditions': 'termsConditions',
  '/refund-policy': 'refundPolicy',
  '/contact-us': 'contactUs',
};

export type LegalSection = { id: string; title: string; body: ReactNode };

// In-page links scroll by hand: a plain hash change would let the app's scroll manager jump to the top.
function jumpTo(e: MouseEvent<HTMLAnchorElement>, id: string) {
  const el = document.getElementById(id);
  if (!el) return;
  e.preventDefault();
  el.scrollIntoView({ behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth', block: 'start' });
  window.history.replaceState(window.history.state, '', `#${id}`);
  el.focus({ preventScroll: true });
}

/** A policy page: title, date line, intro, a table of contents, and numbered sections. */
export function LegalLayout({
  kicker,
  title,
  dateLine,
  intro,
  sections,
  related,
}: {
  kicker: string;
  title: string;
  dateLine: string;
  intro: ReactNode;
  sections: LegalSection[];
  related: { to: string; label: string }[];
}) {
  const t = useT('chrome');
  const locale = useLocale();
  const lp = useLocalePath();
  const { pathname } = useLocation();
  // A policy in another language is a translation (each policy's own area): its reader is told the English text
  // governs, with a link to it.
  const english = locale === 'en';
  const named = (path: string, fallback: string) => (POLICY_NAMES[path] ? t(POLICY_NAMES[path]) : fallback);
  return (
    <main className="pt-16">
      <header className="border-b border-ink-800 bg-ink-900/50">
        <div className="container-page py-12 sm:py-16">
          <p className="text-sm font-semibold uppercase tracking-wider text-accent-400">{kicker}</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink-100 sm:text-5xl">{named(splitLocale(pathname).path, title)}</h1>
          <p className="mt-3 text-sm text-ink-400" data-testid="legal-date">
            {dateLine}
          </p>
          {!english && (
            <p className="mt-4 max-w-3xl rounded-xl border border-amber-400/30 bg-amber-400/10 px-4 py-3 text-sm text-amber-100" data-testid="english-governs">
              {t('englishGoverns')}{' '}
              <Link to={splitLocale(pathname).path} hrefLang="en" className="underline underline-offset-2">
                {t('readInEnglish')}
              </Link>
            </p>
          )}
          <div className="mt-6 max-w-3xl text-lg leading-relaxed text-ink-300">{intro}</div>
        </div>
      </header>
      <div className="container-page grid gap-10 py-12 sm:py-16 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-16">
        <nav aria-label={t('onThisPage')} className="lg:order-none">
          <div className="rounded-2xl border border-ink-800 bg-ink-900/60 p-5 lg:sticky lg:top-24 lg:border-0 lg:bg-transparent lg:p-0">
            <p className="text-sm font-semibold text-ink-100">{t('onThisPage')}</p>
            <ol className="mt-3 space-y-2 text-sm">
              {sections.map((s, i) => (
                <li key={s.id}>
                  <a href={`#${s.id}`} onClick={(e) => jumpTo(e, s.id)} className="flex gap-2 text-ink-400 hover:text-ink-100">
                    <span className="w-5 shrink-0 tabular-nums text-ink-400">{i + 1}.</span>
                    {s.title}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>
        <article className="max-w-3xl">
          {sections.map((s, i) => (
            <section
              key={s.id}
              id={s.id}
              tabIndex={-1}
              aria-labelledby={`${s.id}-h`}
              className="scroll-mt-24 border-b border-ink-800 py-8 first:pt-0 last:border-b-0 focus:outline-none"
            >
              <h2 id={`${s.id}-h`} className="text-xl font-semibold text-ink-100 sm:text-2xl">
                <span className="mr-2 text-ink-400">{i + 1}.</span>
                {s.title}
              </h2>
              <div className="mt-4 space-y-4 leading-relaxed text-ink-300 [&_a]:text-accent-300 [&_a]:underline [&_a]:decoration-accent-300/40 [&_a]:underline-offset-2 [&_a:hover]:decoration-accent-300 [&_h3]:pt-2 [&_h3]:font-semibold [&_h3]:text-ink-100 [&_li]:pl-1 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-5 [&_strong]:font-semibold [&_strong]:text-ink-100 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-5">
                {s.body}
              </div>
            </section>
          ))}
          <aside className="mt-10 rounded-2xl border border-ink-700 bg-ink-900 p-6" aria-label={t('relatedPolicies')}>
            <p className="font-semibold text-ink-100">{t('related')}</p>
            <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm">
              {related.map((r) => (
                <li key={r.to}>
                  <Link to={lp(r.to)} className="text-accent-300 underline decoration-accent-300/40 underline-offset-2 hover:decoration-accent-300">
                    {named(r.to, r.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </aside>
        </article>
      </div>
    </main>
  );
}
