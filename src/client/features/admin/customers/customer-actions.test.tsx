import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AdminSubscription, CustomerDetail } from '#shared/schemas/responses/admin-customers';
import { ToastProvider } from '#client/components/toast';
import { CustomerActionDialogs, type OpenAction } from './customer-actions';

const subscription: AdminSubscription = {
  id: 'sub-1',
  planCode: 'stealth_month',
  planName: 'Stealth Month',
  kind: 'subscription',
  status: 'active',
  amount: 29_900,
  currency: 'INR',
  interval: 'month',
  currentStart: '2026-11-01T00:00:00.000Z',
  currentEnd: '2026-12-01T00:00:00.000Z',
  cancelAtPeriodEnd: false,
  cancelledAt: null,
  cancellationReason: null,
  grantsAccess: true,
  razorpaySubscriptionId: 'sub_X1',
  razorpayOrderId: null,
  createdAt: '2026-11-01T00:00:00.000Z',
};
const customer = { user: { id: 'user-1', firstName: 'Kavya', lastName: 'Iyer', email: 'kavya@example.com' } } as unknown as CustomerDetail;

/** The buttons of the dialog an admin opens, by their words. */
function buttonsOf(open: OpenAction): string[] {
  const html = renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>
        <CustomerActionDialogs customer={customer} open={open} zone="UTC" onClose={() => {}} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map(([, text]) => text);
}

describe("the admin's cancel dialog", () => {
  it('pairs "Cancel now" with a way out that says it keeps the plan, not a second "Cancel"', () => {
    for (const s of [subscription, { ...subscription, kind: 'complimentary' as const, razorpaySubscriptionId: null }]) {
      const buttons = buttonsOf({ kind: 'cancel', subscription: s });
      expect(buttons).toContain('Keep the plan');
      expect(buttons.some((b) => /^Cancel (now|at period end)$/.test(b))).toBe(true);
      expect(buttons).not.toContain('Cancel');
    }
  });

  it('keeps "Cancel" as the way out of the dialogs whose action is not a cancellation', () => {
    expect(buttonsOf({ kind: 'extend-trial' })).toEqual(['Cancel', 'Extend trial']);
  });
});
