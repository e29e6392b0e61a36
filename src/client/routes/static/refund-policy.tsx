import { Link } from '../../components/router';
import { site } from '../../../shared/site';
import { LegalLayout, type LegalSection } from './legal-layout';
import { MailLink } from './mail-link';

const P = site.productName;

/** The six parts of the spec's refund policy: 48 hours to ask, an answer in 5 business days, the money in 10. */
const SECTIONS: LegalSection[] = [
  {
    id: 'overview',
    title: 'Overview',
    body: (
      <>
        <p>
          We want you to pay for {P} only once you know it works for you. That is why testing is always free, needs no credit card, and every
          new account gets a full trial. Because you can try everything before paying, refunds are reserved for cases where {P} fails for a
          technical reason we cannot fix.
        </p>
        <p>
          You can cancel a subscription at any time from Billing in your account. Cancelling stops the next renewal; you keep access until the
          end of the period you have paid for, and no further payments are taken.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility',
    title: 'Refund Eligibility',
    body: (
      <>
        <p>A payment qualifies for a refund when all four of these are true:</p>
        <ol>
          <li>
            <strong>Technical failure</strong>: {P} does not work as described on your computer because of a fault in the program, for example
            it does not install or start, or it does not stay hidden on a platform we list as Undetectable.
          </li>
          <li>
            <strong>Timeframe</strong>: you ask within 2 days (48 hours) of the payment.
          </li>
          <li>
            <strong>Evidence</strong>: you describe the problem and send what helps us see it, such as screenshots or a screen recording, your
            Windows version and the platform concerned.
          </li>
          <li>
            <strong>Support attempt</strong>: you have contacted our support and given us a fair chance to fix the problem first.
          </li>
        </ol>
      </>
    ),
  },
  {
    id: 'non-refundable',
    title: 'Non-Refundable Cases',
    body: (
      <ul>
        <li>Requests made more than 48 hours after the payment.</li>
        <li>A change of mind, or not having used the plan you paid for.</li>
        <li>Problems caused by your computer, network, security software or settings, or by a platform that is not supported.</li>
        <li>Platforms marked Conditional, whose behaviour depends on how each session is set up.</li>
        <li>Renewals you did not cancel before they were charged, once the new period has been used.</li>
        <li>Accounts suspended or closed for breaking our Terms of Service.</li>
        <li>Partially used periods after a cancellation, which stay active until their end instead.</li>
      </ul>
    ),
  },
  {
    id: 'free-plan',
    title: 'Free Plan Recommendation',
    body: (
      <p>
        Before buying, use the free plan and the trial on the computer and the platforms you will actually use. Testing is always free and
        needs no credit card, so you can confirm that {P} does what you need, with your own setup, before you pay anything. If something does
        not work during the trial, <Link to="/contact-us">tell us</Link>: we would rather fix it than refund it.
      </p>
    ),
  },
  {
    id: 'how-to-request',
    title: 'How to Request a Refund',
    body: (
      <>
        <ol>
          <li>
            Write to <MailLink subject="Refund request" /> from the e-mail address of your account within 48 hours of the payment.
          </li>
          <li>Include the payment date, the plan, the payment or receipt number, a description of the problem and your evidence.</li>
          <li>We review your request and answer within 5 business days.</li>
          <li>If it is approved, the refund is paid to your original payment method within 10 business days. Your bank may take a few more days to show it.</li>
        </ol>
        <p>An approved refund ends the subscription it belongs to.</p>
      </>
    ),
  },
  {
    id: 'contact-us',
    title: 'Contact Us',
    body: (
      <div className="rounded-2xl border border-ink-700 bg-ink-900 p-6">
        <p className="font-semibold text-ink-100">Questions about a payment or a refund?</p>
        <p className="mt-2">
          E-mail us at <MailLink subject="Refund request" /> or use the <Link to="/contact-us">contact form</Link>. We answer every message
          within 24 hours.
        </p>
      </div>
    ),
  },
];

export function RefundPolicyPage() {
  return (
    <LegalLayout
      kicker="Refund Policy"
      title="Cancellations and Refunds"
      dateLine="Effective July 31, 2025"
      intro={<p>How to cancel a subscription, when a payment can be refunded, and how to ask for it.</p>}
      sections={SECTIONS}
      related={[
        { to: '/terms-of-service', label: 'Terms of Service' },
        { to: '/privacy-policy', label: 'Privacy Policy' },
        { to: '/contact-us', label: 'Contact Us' },
      ]}
    />
  );
}
