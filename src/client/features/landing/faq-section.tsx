import type { ReactElement, ReactNode } from 'react';
import { Link } from '../../components/router';
import { LIMITS } from '#shared/constants';
import { mailtoHref } from '#shared/mailto';
import { site } from '#shared/site';
import type { TextKey } from '#shared/i18n/runtime';
import { rich, useLocalePath, useT } from '../../i18n';
import { Icon } from './icons';
import { Section } from './section';

const A = ({ to, children }: { to: string; children?: ReactNode }) => (
  <Link to={to} className="text-accent-300 underline decoration-accent-300/40 underline-offset-2 hover:decoration-accent-300">
    {children}
  </Link>
);

type Key = TextKey<'landing'>;

/** The questions and answers by their keys; an answer's marked words become the links given with it. */
const FAQ: { q: Key; a: Key; links?: (lp: (path: string) => string) => ReactElement[] }[] = [
  { q: 'faqFreeQ', a: 'faqFreeA', links: (lp) => [<A to={lp('/#pricing')} />] },
  { q: 'faqShareQ', a: 'faqShareA' },
  { q: 'faqWindowsQ', a: 'faqWindowsA' },
  { q: 'faqMacQ', a: 'faqMacA' },
  { q: 'faqSmartScreenQ', a: 'faqSmartScreenA' },
  { q: 'faqCancelQ', a: 'faqCancelA', links: (lp) => [<A to={lp('/refund-policy')} />] },
  { q: 'faqPrivacyQ', a: 'faqPrivacyA', links: (lp) => [<A to={lp('/privacy-policy')} />] },
  { q: 'faqInterviewQ', a: 'faqInterviewA' },
  {
    q: 'faqHelpQ',
    a: 'faqHelpA',
    links: (lp) => [
      <A to={lp('/contact-us')} />,
      <a href={mailtoHref(site.supportEmail)} className="text-accent-300 underline decoration-accent-300/40 underline-offset-2 hover:decoration-accent-300" />,
    ],
  },
];

/** Frequently asked questions: native <details name="faq">, so opening one closes the others, by mouse or keyboard. */
export function FaqSection() {
  const t = useT('landing');
  const lp = useLocalePath();
  const values = { product: site.productName, days: LIMITS.trialDays, email: site.supportEmail };
  return (
    <Section id="faq" kicker={t('faqKicker')} title={t('faqTitle')}>
      <div className="mx-auto max-w-3xl divide-y divide-ink-800 rounded-2xl border border-ink-700 bg-ink-900">
        {FAQ.map((item, i) => (
          <details key={item.q} name="faq" open={i === 0} className="group" data-testid="faq-item">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 font-medium text-ink-100 hover:text-white sm:px-6 [&::-webkit-details-marker]:hidden">
              {t(item.q, values)}
              <Icon name="chevronDown" className="h-5 w-5 shrink-0 text-ink-400 transition-transform group-open:rotate-180" />
            </summary>
            <div className="px-5 pb-5 leading-relaxed text-ink-300 sm:px-6">{rich(t(item.a, values), item.links?.(lp) ?? [])}</div>
          </details>
        ))}
      </div>
    </Section>
  );
}
