export { ContactPage } from './contact';
export { PrivacyPolicyPage } from './privacy-policy';
export { RefundPolicyPage } from './refund-policy';
export { TermsConditionsPage, TermsOfServicePage } from './terms';
