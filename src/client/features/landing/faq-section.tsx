import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LIMITS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { mailtoHref } from '../../../shared/mailto';
import { site } from '../../../shared/site';
import { Icon } from './icons';
import { Section } from './section';

const A = ({ to, children }: { to: string; children: ReactNode }) => (
  <Link to={to} className="text-accent-300 underline decoration-accent-300/40 underline-offset-2 hover:decoration-accent-300">
    {children}
  </Link>
);

const FAQ: { q: string; a: ReactNode }[] = [
  {
    q: `Is ${site.productName} really free to try?`,
    a: (
      <>
        Yes. {MSG.alwaysFree}, and {MSG.noCreditCard.toLowerCase()}. A new account also gets a {LIMITS.trialDays}-day trial of every feature,
        starting when you verify your email address; after that, paid plans start at ₹99 a week. See <A to="/#pricing">Pricing</A>.
      </>
    ),
  },
  {
    q: 'Will other people see it when I share my screen?',
    a: 'No, on the platforms marked Undetectable above. Windows leaves the window out of screen capture, so the people on your call, the recording and a remote viewer see whatever is behind it. On your own screen it stays fully visible.',
  },
  {
    q: 'Which versions of Windows are supported?',
    a: 'Windows 10 (version 2004 or later) and Windows 11, 64-bit. The installer sets everything up in about 30 seconds.',
  },
  {
    q: 'Is there a macOS version?',
    a: 'It is coming soon. Write to us through the contact form if you would like to hear when it is ready.',
  },
  {
    q: 'Why does Windows show a SmartScreen warning?',
    a: 'SmartScreen warns about new apps until they have been downloaded many times. Click More info, then Run anyway to continue the installation.',
  },
  {
    q: 'Can I cancel my subscription at any time?',
    a: (
      <>
        Yes, from Billing in your account. Your plan stays active until the end of the period you paid for and does not renew. Refunds follow
        our <A to="/refund-policy">Cancellations and Refunds</A> policy.
      </>
    ),
  },
  {
    q: 'What do you know about what I browse?',
    a: (
      <>
        Nothing. Pages, searches and conversations stay on your computer. We keep your account details, your subscription and which features
        you use, as our <A to="/privacy-policy">Privacy Policy</A> explains.
      </>
    ),
  },
  {
    q: 'May I use it in interviews and assessments?',
    a: 'That depends on the rules of the interview or test. You are responsible for following the rules of every platform, employer and assessment you take part in; where outside tools are not allowed, do not use them.',
  },
  {
    q: 'How do I get help?',
    a: (
      <>
        Write to us through the <A to="/contact-us">contact form</A> or at{' '}
        <a href={mailtoHref(site.supportEmail)} className="text-accent-300 underline decoration-accent-300/40 underline-offset-2 hover:decoration-accent-300">
          {site.supportEmail}
        </a>
        . We reply within 24 hours.
      </>
    ),
  },
];

/** Frequently asked questions: native <details name="faq">, so opening one closes the others, by mouse or keyboard. */
export function FaqSection() {
  return (
    <Section id="faq" kicker="FAQ" title="Frequently asked questions">
      <div className="mx-auto max-w-3xl divide-y divide-ink-800 rounded-2xl border border-ink-700 bg-ink-900">
        {FAQ.map((item, i) => (
          <details key={item.q} name="faq" open={i === 0} className="group" data-testid="faq-item">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 font-medium text-ink-100 hover:text-white sm:px-6 [&::-webkit-details-marker]:hidden">
              {item.q}
              <Icon name="chevronDown" className="h-5 w-5 shrink-0 text-ink-400 transition-transform group-open:rotate-180" />
            </summary>
            <div className="px-5 pb-5 leading-relaxed text-ink-300 sm:px-6">{item.a}</div>
          </details>
        ))}
      </div>
    </Section>
  );
}
