import { Page } from '../components/page';

export function BillingPage() {
  return <Page title="Billing" />;
}
