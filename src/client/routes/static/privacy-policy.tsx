import { Link } from '../../components/router';
import { site } from '../../../shared/site';
import { LegalLayout, type LegalSection } from './legal-layout';
import { MailLink } from './mail-link';

const P = site.productName;

const SECTIONS: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <>
        <p>
          {P} (“{P}”, “we”, “us”) makes a desktop browser for Windows and runs this website, the account area and the services the desktop
          program connects to. We are the data fiduciary (controller) for the personal data described in this policy.
        </p>
        <p>
          This policy explains what we collect, why, who we share it with, how long we keep it and the rights you have. It applies to the
          website, your account, the desktop program and any e-mail you exchange with us.
        </p>
      </>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'Information we collect',
    body: (
      <>
        <h3>Information you give us</h3>
        <ul>
          <li>
            <strong>Account details</strong>: your first and last name, e-mail address and password. We store only a salted hash of your
            password, never the password itself.
          </li>
          <li>
            <strong>Profile details you choose to add</strong>: phone number, company, designation, postal address and your preferences
            (notifications, time zone and language).
          </li>
          <li>
            <strong>Billing details</strong>: the name, e-mail, company, country, address, city and postal code you enter at checkout.
          </li>
          <li>
            <strong>Messages</strong>: what you write to us through the contact form or by e-mail, with your name and e-mail address.
          </li>
        </ul>
        <h3>Information created as you use {P}</h3>
        <ul>
          <li>
            <strong>Subscription and payment records</strong>: your plan, its dates and status, amounts, and the payment identifiers our
            payment provider returns. Card, UPI and bank details are entered on the payment provider's own checkout; we never see or store
            your full card number.
          </li>
          <li>
            <strong>Feature usage</strong>: which features of the desktop program you use, how often and when (for example “AI helper
            opened, 3 times”). It powers the recent activity in your dashboard and helps us improve the product.
          </li>
          <li>
            <strong>Sign-in and security data</strong>: the sessions you open (web or desktop), their IP address, browser or device
            description and times, and records of security events such as password changes.
          </li>
          <li>
            <strong>Downloads</strong>: when the installer is downloaded we count it with the browser's description only.
          </li>
        </ul>
        <h3>What we do not collect</h3>
        <p>
          The pages you open in {P}, what you search for, what you type or say, and the contents of your screen or your calls stay on your
          computer. We do not record them and could not hand them to anyone.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-use',
    title: 'How we use your information',
    body: (
      <>
        <ul>
          <li>To create and run your account, sign you in and keep your sessions secure.</li>
          <li>To provide the desktop program and its features, including your trial and your subscription.</li>
          <li>To take payments, issue receipts and keep the accounting records the law requires.</li>
          <li>
            To send service e-mail: address verification, password resets, receipts and changes to your subscription. These are not
            marketing and you cannot opt out of them while you have an account.
          </li>
          <li>To answer your messages and give you support.</li>
          <li>To protect the service: limit repeated attempts, detect abuse and fraud, and check that forms are sent by people.</li>
          <li>To understand, in aggregate, which features are used so that we can improve them.</li>
        </ul>
        <p>
          We do not sell your personal data, we do not show advertising, and we do not use third-party advertising or analytics trackers.
        </p>
      </>
    ),
  },
  {
    id: 'legal-basis',
    title: 'Why we are allowed to use it',
    body: (
      <p>
        We process personal data under India's Digital Personal Data Protection Act, 2023 and the Information Technology Act, 2000 and its
        rules. We rely on the consent you give when you create an account, subscribe or write to us, and on the legitimate uses the law
        allows, such as complying with legal obligations and keeping the service secure. Where you are protected by other data protection
        laws, such as the GDPR, we rely on the performance of our contract with you, our legitimate interests in running a secure service,
        our legal obligations and, where required, your consent.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>We share personal data only with service providers who process it for us under contract, and only what they need:</p>
        <ul>
          <li>
            <strong>Razorpay</strong>, our payment provider, which processes your payments and subscriptions.
          </li>
          <li>
            <strong>Our hosting and e-mail delivery providers</strong>, which run our servers and databases and deliver our e-mail.
          </li>
          <li>
            <strong>Cloudflare Turnstile</strong>, when it is switched on for sign-up and contact forms, to check that a person is sending
            them.
          </li>
        </ul>
        <p>
          We disclose data to authorities only when the law requires it. If {P} is ever merged or sold, your data would pass to the new
          owner under the terms of this policy, and we would tell you first.
        </p>
      </>
    ),
  },
  {
    id: 'transfers',
    title: 'International transfers',
    body: (
      <p>
        Our providers may process data outside India. When they do, we use providers that protect it to the standard this policy describes
        and that the law of India permits us to transfer data to.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <ul>
        <li>
          Account, profile, usage, session and sign-in data: while your account exists. Deleting your account (Settings, Danger Zone) erases
          them at once.
        </li>
        <li>Payment and invoice records: for as long as Indian tax and accounting law requires, even after the account is deleted.</li>
        <li>Contact messages: as long as we need them to help you, and never longer than 24 months. Ask us and we delete them sooner.</li>
        <li>Copies in our backups disappear as the backups are replaced on their regular cycle.</li>
      </ul>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    body: (
      <p>
        All traffic to {P} is encrypted in transit. Passwords are hashed with Argon2id; links in our e-mails are single use and expire;
        sessions can be ended from your account and end when you change your password. Access to personal data within {P} is limited to the
        people who need it to run the service. No system is perfectly secure: if a breach affects your data, we will tell you and the
        authorities as the law requires.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <>
        <p>You can:</p>
        <ul>
          <li>see the personal data we hold about you and get a summary of how we use it;</li>
          <li>correct or complete it (most of it directly in Settings);</li>
          <li>delete your account and its data (Settings, Danger Zone), or ask us to erase specific data;</li>
          <li>withdraw a consent you have given, with effect for the future;</li>
          <li>nominate someone to exercise your rights if you cannot;</li>
          <li>raise a grievance with us, and then with the Data Protection Board of India.</li>
        </ul>
        <p>
          Write to <MailLink subject="Privacy request" /> from the address on your account. <strong>We respond to every rights request within 1 day</strong>{' '}
          and complete it as soon as we can, usually within a few days.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: <p>{P} is for adults. You must be at least 18 years old to create an account, and we do not knowingly collect data from children.</p>,
  },
  {
    id: 'cookies',
    title: 'Cookies and browser storage',
    body: (
      <p>
        We do not use advertising or tracking cookies. The website keeps your sign-in tokens and basic account details in your browser's
        local storage so that you stay signed in; signing out removes them. If the form check is on, Cloudflare may set a cookie that is
        strictly necessary for it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        When we change this policy we publish the new version here with its effective date. If a change matters to how we use your data, we
        also tell you by e-mail before it takes effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact and grievance officer',
    body: (
      <p>
        Questions, requests and complaints about your personal data go to our grievance officer at <MailLink subject="Privacy request" />.
        You can also use our <Link to="/contact-us">contact form</Link>.
      </p>
    ),
  },
];

export function PrivacyPolicyPage() {
  return (
    <LegalLayout
      kicker="Legal"
      title="Privacy Policy"
      dateLine="Effective July 31, 2025"
      intro={<p>Your browsing is yours. This policy describes the little we need to know to run your account, and how we look after it.</p>}
      sections={SECTIONS}
      related={[
        { to: '/terms-of-service', label: 'Terms of Service' },
        { to: '/terms-conditions', label: 'Terms and Conditions' },
        { to: '/refund-policy', label: 'Cancellations and Refunds' },
        { to: '/contact-us', label: 'Contact Us' },
      ]}
    />
  );
}
