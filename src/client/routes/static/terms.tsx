import { Link } from '../../components/router';
import { LIMITS } from '../../../shared/constants';
import { site } from '../../../shared/site';
import { LegalLayout, type LegalSection } from './legal-layout';
import { MailLink } from './mail-link';

const P = site.productName;

/** The eleven sections of the spec, shared by /terms-of-service and /terms-conditions. */
const SECTIONS: LegalSection[] = [
  {
    id: 'eligibility-accounts',
    title: 'Eligibility & Accounts',
    body: (
      <>
        <p>
          You must be at least 18 years old and able to enter into a binding contract to use {P}. By creating an account you confirm that you
          are.
        </p>
        <p>
          Give us accurate details and keep them current. You are responsible for keeping your password safe and for everything done under
          your account. Tell us at once at <MailLink /> if you think someone else has used it. One account is for one person; accounts may
          not be shared or resold.
        </p>
      </>
    ),
  },
  {
    id: 'use-license',
    title: 'Use License & Restrictions',
    body: (
      <>
        <p>
          While your account is in good standing we grant you a personal, non-exclusive, non-transferable, revocable licence to install and
          use the {P} desktop program on computers you own or control, for the plan you are on.
        </p>
        <p>You may not:</p>
        <ul>
          <li>copy, modify, decompile or reverse engineer the program, except where the law expressly allows it;</li>
          <li>rent, sell, sublicense or redistribute it, or offer it as part of a service to others;</li>
          <li>remove notices of ownership, or bypass licence checks, usage limits or security measures;</li>
          <li>use it to break the law, or the rules of any platform, employer, institution or assessment that apply to you.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'refund-cancellation',
    title: 'Refund & Cancellation',
    body: (
      <>
        <p>
          You can cancel your subscription at any time from Billing in your account. Cancelling stops the next renewal; you keep access until
          the end of the period you have already paid for.
        </p>
        <p>
          Fees are non-refundable except as required by law or as set out here. If {P} does not work for you because of a technical fault
          on our side, you may ask for a refund <strong>within 24 hours</strong> of the payment. We answer within 1 day and, if the refund
          is approved, initiate it within 1 day to the original payment method. Our <Link to="/refund-policy">Cancellations and Refunds</Link>{' '}
          policy describes the process in detail.
        </p>
      </>
    ),
  },
  {
    id: 'subscription-payment',
    title: 'Subscription & Payment',
    body: (
      <>
        <p>
          Testing {P} is always free and needs no credit card. New accounts get a {LIMITS.trialDays}-day trial of every feature,
          starting when the account's email address is verified. Paid plans
          are billed weekly, monthly or yearly, or once for lifetime access, at the price shown in Indian rupees (₹) when you subscribe,
          including applicable taxes.
        </p>
        <p>
          Fees are billed in advance at the start of each period. Recurring plans renew automatically through our payment provider, Razorpay,
          until you cancel. If a renewal payment fails we may retry it, and we may suspend paid features until it succeeds. We tell you
          before we change the price of your plan, and the new price applies from your next period.
        </p>
      </>
    ),
  },
  {
    id: 'user-conduct',
    title: 'User Conduct & Content',
    body: (
      <>
        <p>You are responsible for how you use {P} and for what you do with it. In particular, you agree not to use it to:</p>
        <ul>
          <li>break any law, or infringe anyone's privacy, intellectual property or other rights;</li>
          <li>
            break the rules of a meeting, interview, examination or assessment, or the policies of your employer or institution, where those
            rules do not allow outside tools;
          </li>
          <li>spread malware, attack our systems or other people's, or interfere with the service;</li>
          <li>harass, deceive or harm anyone.</li>
        </ul>
        <p>
          What you write to us (for example through the contact form) remains yours; you allow us to use it to answer you and improve the
          service.
        </p>
      </>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual Property',
    body: (
      <p>
        {P}, its program, website, name, logo and content belong to us or our licensors and are protected by law. These terms give you no
        rights in them beyond the licence in section 2. If you send us ideas or feedback, we may use them without obligation to you.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Termination',
    body: (
      <>
        <p>
          You may stop using {P} and delete your account at any time from Settings. We may suspend or close your account if you seriously or
          repeatedly break these terms, if the law requires it, or to protect other users or the service. Where we reasonably can, we will
          tell you why first and give you a chance to respond.
        </p>
        <p>
          When your account ends, your licence ends and you must uninstall the program. If we close your account without cause, we refund the
          unused part of any prepaid period. Sections 5 to 9 continue to apply after termination.
        </p>
      </>
    ),
  },
  {
    id: 'disclaimers-liability',
    title: 'Disclaimers & Liability',
    body: (
      <>
        <p>
          {P} is provided “as is” and “as available”. Video-calling, remote-access and assessment platforms change without notice, and we
          cannot guarantee that {P} stays hidden on every platform, version or setting at all times. The compatibility we publish reflects
          our own tests at the time.
        </p>
        <p>
          To the extent the law allows, we are not liable for indirect, incidental, special or consequential losses, or for lost profits,
          data or opportunities, and <strong>our total liability to you is limited to the fees you paid us in the 12 months</strong> before
          the event that gave rise to the claim. Nothing in these terms limits liability that the law does not allow us to limit.
        </p>
      </>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing Law',
    body: (
      <p>
        These terms are governed by the laws of India. Before going to court, please write to us so that we can try to resolve the matter
        together. Disputes that remain are subject to the exclusive jurisdiction of the competent courts in India, without affecting any
        rights you have as a consumer under the laws of the place where you live.
      </p>
    ),
  },
  {
    id: 'modifications',
    title: 'Modifications',
    body: (
      <p>
        We may update these terms as the service and the law change. We publish every version here with its date, and tell you by e-mail at
        least 7 days before a material change takes effect. If you continue to use {P} after that, the new terms apply; if you do not agree,
        you can cancel and delete your account.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms? Write to <MailLink subject="Terms" /> or use our <Link to="/contact-us">contact form</Link>. We reply
        within 1 day.
      </p>
    ),
  },
];

const RELATED = [
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/refund-policy', label: 'Cancellations and Refunds' },
  { to: '/contact-us', label: 'Contact Us' },
];

function Terms({ title, other }: { title: string; other: { to: string; label: string } }) {
  return (
    <LegalLayout
      kicker="Legal"
      title={title}
      dateLine="Last updated 31 July 2025"
      intro={
        <p>
          These terms are the agreement between you and {P} for the use of our desktop program, website and subscriptions. Please read them
          before you create an account; by creating one, you accept them.
        </p>
      }
      sections={SECTIONS}
      related={[other, ...RELATED]}
    />
  );
}

export const TermsOfServicePage = () => <Terms title="Terms of Service" other={{ to: '/terms-conditions', label: 'Terms and Conditions' }} />;
export const TermsConditionsPage = () => <Terms title="Terms and Conditions" other={{ to: '/terms-of-service', label: 'Terms of Service' }} />;
