import { Page } from '../../components/page';

export const PrivacyPolicyPage = () => <Page title="Privacy Policy" />;
export const TermsOfServicePage = () => <Page title="Terms of Service" />;
export const TermsConditionsPage = () => <Page title="Terms and Conditions" />;
export const RefundPolicyPage = () => <Page title="Cancellations and Refunds" />;
export const ContactPage = () => <Page title="Contact Us" />;
