import { useState } from 'react';
import { Link, useParams } from '../../components/router';
import { dateTime, shortDate, type TimeZone } from '#shared/dates';
import { formatMoney } from '#shared/money';
import { paymentDocument, type PaymentDocument } from '#shared/payment-document';
import type { CustomerDetail } from '#shared/schemas/responses/admin-customers';
import { messageOf } from '../../api/client';
import { Spinner } from '../../components/spinner';
import { useToast } from '../../components/toast';
import { AdminLayout } from '../../features/admin/admin-layout';
import { useCustomer } from '../../features/admin/customers/api';
import { AuditEntries } from '../../features/admin/customers/audit-entries';
import { Badge, PlanBadge } from '../../features/admin/customers/badges';
import { CustomerActionDialogs, type OpenAction } from '../../features/admin/customers/customer-actions';
import { CustomerDevices } from '../../features/admin/customers/customer-devices';
import { PaymentRefundState, RefundAction } from '../../features/admin/customers/refund-dialog';
import { Empty, Fact, Section } from '../../features/admin/customers/section';
import { RequireAdmin } from '../../features/admin/require-admin';
import { useAuth } from '../../features/auth/auth-context';
import { useTimeZone } from '../../features/auth/use-time-zone';
import { downloadReceipt } from '../../features/billing/api';
import { INTERVAL_LABEL } from '../../features/billing/format';

const link = 'text-accent-300 underline decoration-accent-300/40 underline-offset-2 hover:decoration-accent-300';

function Access({ c, zone }: { c: CustomerDetail; zone: TimeZone }) {
  const { user, entitlement: e, verification: v } = c;
  const trial =
    user.isOnTrial && user.trialExpires
      ? `Until ${dateTime(user.trialExpires, zone)}`
      : user.trialExpires
        ? `Ended ${shortDate(user.trialExpires, zone)}`
        : user.isEmailVerified
          ? 'None'
          : 'Starts at verification';
  return (
    <Section id="access-heading" title="Verification and access">
      <dl className="grid gap-4 sm:grid-cols-2">
        <Fact term="E-mail">
          {user.isEmailVerified ? (
            <>Verified {v.emailVerifiedAt ? shortDate(v.emailVerifiedAt, zone) : ''}</>
          ) : (
            <span className="text-amber-300">Not verified{v.lastLinkSentAt ? ` · link sent ${dateTime(v.lastLinkSentAt, zone)}` : ''}</span>
          )}
        </Fact>
        <Fact term="Trial">
          <span data-testid="customer-trial">{trial}</span>
        </Fact>
        <Fact term="Access now">
          {e.entitled ? (
            <span className="text-emerald-300" data-testid="customer-access">
              {e.plan === 'trial' ? 'Trial' : (e.planName ?? e.plan)}
              {e.lifetime ? ' · lifetime' : e.validUntil ? ` · until ${shortDate(e.validUntil, zone)}` : ''}
              {e.status === 'cancelling' ? ' · not renewing' : ''}
            </span>
          ) : (
            <span className="text-ink-400" data-testid="customer-access">
              None ({e.status})
            </span>
          )}
        </Fact>
        <Fact term="Plan on the account">
          <PlanBadge
            plan={user.subscriptionPlan}
            planName={c.subscriptions.find((s) => s.planCode === user.subscriptionPlan)?.planName}
            status={user.subscriptionStatus}
            onTrial={user.isOnTrial}
          />
        </Fact>
      </dl>
    </Section>
  );
}

/** The customer's sign-in factors (never a secret or a code), and a recovery by e-mail waiting (decision 201). */
function SignInSecurity({ c, zone }: { c: CustomerDetail; zone: TimeZone }) {
  const s = c.security;
  return (
    <Section id="security-heading" title="Sign-in security" className="lg:col-span-2">
      <dl className="grid gap-4 sm:grid-cols-3" data-testid="customer-security">
        <Fact term="Two-step verification">
          {s.twoFactor ? (
            <span className="text-emerald-300">On{s.twoFactorSince ? ` since ${shortDate(s.twoFactorSince, zone)}` : ''}</span>
          ) : (
            <span className="text-ink-400">Off</span>
          )}
        </Fact>
        <Fact term="Passkeys">{s.passkeys}</Fact>
        <Fact term="Recovery by email">
          {s.recovery ? (
            <span className="text-amber-300">
              Asked {dateTime(s.recovery.requestedAt, zone)} · can finish from {dateTime(s.recovery.readyAt, zone)}
            </span>
          ) : (
            'None waiting'
          )}
        </Fact>
      </dl>
    </Section>
  );
}

function Profile({ c, zone }: { c: CustomerDetail; zone: TimeZone }) {
  const u = c.user;
  const address = [u.address.street, u.address.city, u.address.state, u.address.pincode, u.address.country].filter(Boolean).join(', ');
  return (
    <Section id="profile-heading" title="Profile">
      <dl className="grid gap-4 sm:grid-cols-2">
        <Fact term="Phone">{u.phone || '—'}</Fact>
        <Fact term="Company">{[u.company, u.designation].filter(Boolean).join(' · ') || '—'}</Fact>
        <Fact term="Address">{address || '—'}</Fact>
        <Fact term="Time zone">{u.preferences.timezone}</Fact>
        <Fact term="Joined">{dateTime(u.createdAt, zone)}</Fact>
        <Fact term="Last sign-in">{u.lastLoginAt ? dateTime(u.lastLoginAt, zone) : 'Never'}</Fact>
      </dl>
    </Section>
  );
}

/** What the customer typed at their latest checkout: who their tax invoices are to (decision 083). */
function Billing({ c, zone }: { c: CustomerDetail; zone: TimeZone }) {
  const b = c.billing;
  return (
    <Section id="billing-heading" title="Billing details" className="lg:col-span-2">
      {!b ? (
        <Empty>None given yet: they are asked for at checkout.</Empty>
      ) : (
        <>
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="customer-billing">
            <Fact term="Name">{b.name}</Fact>
            <Fact term="Company">{b.company ?? '—'}</Fact>
            <Fact term="GSTIN">{b.gstin ?? 'None (unregistered)'}</Fact>
            <Fact term="State">{b.state ?? '—'}</Fact>
            <Fact term="Address">{[b.address, b.country].filter(Boolean).join(', ')}</Fact>
            <Fact term="Billing e-mail">
              <span className="break-all">{b.email}</span>
            </Fact>
            {b.phone && <Fact term="Phone">{b.phone}</Fact>}
          </dl>
          <p className="mt-4 text-xs text-ink-500">
            Given at the checkout of {b.planName} on {shortDate(b.givenAt, zone)}.
          </p>
        </>
      )}
    </Section>
  );
}

function Sessions({ c, zone }: { c: CustomerDetail; zone: TimeZone }) {
  return (
    <Section id="sessions-heading" title="Sessions" aside={<span className="text-sm text-ink-400">{c.sessions.length} active</span>}>
      {c.sessions.length === 0 ? (
        <Empty>Not signed in anywhere.</Empty>
      ) : (
        <ul className="space-y-3" data-testid="customer-sessions">
          {c.sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
              <span className="text-ink-100">
                {s.browser} on {s.os}{' '}
                <span className="text-ink-400">
                  · {s.deviceType === 'desktop' ? 'Desktop program' : 'Browser'} · {s.place || 'Unknown location'}
                </span>
              </span>
              <span className="text-xs text-ink-400">Last seen {dateTime(s.lastSeenAt, zone)}</span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function Usage({ c, zone }: { c: CustomerDetail; zone: TimeZone }) {
  const u = c.usage;
  return (
    <Section id="usage-heading" title="Usage">
      <dl className="grid gap-4 sm:grid-cols-2">
        <Fact term="Desktop sign-ins">{u.desktopSessions}</Fact>
        <Fact term="Desktop last seen">{u.lastDesktopSeenAt ? dateTime(u.lastDesktopSeenAt, zone) : 'Never'}</Fact>
      </dl>
      {u.byFeature.length === 0 ? (
        <div className="mt-4">
          <Empty>The desktop program has reported no usage.</Empty>
        </div>
      ) : (
        <ul className="mt-4 divide-y divide-ink-800 text-sm">
          {u.byFeature.map((f) => (
            <li key={f.feature} className="flex flex-wrap justify-between gap-2 py-2">
              <span className="text-ink-100">{f.feature}</span>
              <span className="text-ink-400">
                {f.events} {f.events === 1 ? 'report' : 'reports'} · {f.quantity} uses · last {shortDate(f.lastUsedAt, zone)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-4 text-xs text-ink-500">Installer downloads are counted without an account, so they cannot be shown per customer.</p>
    </Section>
  );
}

function Subscriptions({ c, zone, onCancel }: { c: CustomerDetail; zone: TimeZone; onCancel: (a: OpenAction) => void }) {
  return (
    <Section id="subscriptions-heading" title="Subscriptions" className="lg:col-span-2">
      {c.subscriptions.length === 0 ? (
        <Empty>No subscriptions.</Empty>
      ) : (
        <ul className="divide-y divide-ink-800" data-testid="customer-subscriptions">
          {c.subscriptions.map((s) => (
            <li key={s.id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-medium text-ink-100">
                  {s.planName}
                  {s.kind === 'complimentary' && <Badge tone="accent">complimentary</Badge>}
                  {s.kind === 'order' && <Badge tone="neutral">lifetime</Badge>}
                  <Badge tone={s.grantsAccess ? (s.cancelAtPeriodEnd ? 'amber' : 'green') : 'neutral'}>
                    {s.cancelAtPeriodEnd && s.status === 'active' ? 'cancelling' : s.status}
                  </Badge>
                </p>
                <p className="mt-1 text-sm text-ink-400">
                  {s.kind === 'complimentary' ? 'No charge' : `${formatMoney(s.amount, s.currency)} / ${INTERVAL_LABEL[s.interval] ?? s.interval}`}
                  {s.currentStart ? ` · ${shortDate(s.currentStart, zone)}` : ''}
                  {s.currentEnd ? ` → ${shortDate(s.currentEnd, zone)}` : s.kind === 'order' ? ' · no end' : ''}
                </p>
                {s.cancellationReason && s.cancelledAt && (
                  <p className="mt-1 break-words text-xs text-ink-500">
                    Cancelled {shortDate(s.cancelledAt, zone)}: {s.cancellationReason}
                  </p>
                )}
              </div>
              {s.grantsAccess && (
                <button type="button" className="btn-secondary shrink-0 self-start sm:self-center" onClick={() => onCancel({ kind: 'cancel', subscription: s })}>
                  Cancel…
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** One payment: what it was, its document (the tax invoice when it has one, else the receipt), its refunds. */
function PaymentItem({
  p,
  customerId,
  zone,
  busy,
  onDownload,
}: {
  p: CustomerDetail['payments'][number];
  customerId: string;
  zone: TimeZone;
  busy: boolean;
  onDownload: (d: PaymentDocument) => void;
}) {
  const document_ = paymentDocument(p);
  const name = document_?.kind === 'tax_invoice' ? 'tax invoice' : 'receipt';
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="text-ink-100">
          {formatMoney(p.amount, p.currency)} <span className="text-ink-400">· {p.description}</span>
        </p>
        <p className="text-sm text-ink-400" data-testid="payment-facts">
          {dateTime(p.paymentDate, zone)} · {p.status}
          {p.method ? ` · ${p.method}` : ''}
          {document_ ? ` · ${name} ${document_.number}` : ''}
        </p>
        <PaymentRefundState payment={p} />
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2 self-start sm:self-center">
        {document_ ? (
          <button type="button" className="btn-ghost" disabled={busy} onClick={() => onDownload(document_)}>
            Download {name}
          </button>
        ) : null}
        <RefundAction payment={p} customerId={customerId} zone={zone} />
      </div>
    </li>
  );
}

function Payments({ c, zone }: { c: CustomerDetail; zone: TimeZone }) {
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  const download = (id: string, document_: PaymentDocument) => {
    setBusy(id);
    downloadReceipt(id, document_, '/admin/payments')
      .catch((err: unknown) => toast.error(messageOf(err, 'Could not download the document. Please try again.')))
      .finally(() => setBusy(null));
  };
  return (
    <Section
      id="payments-heading"
      title="Payments"
      className="lg:col-span-2"
      aside={
        c.paymentsTotal > c.payments.length ? (
          <span className="text-sm text-ink-400">
            Latest {c.payments.length} of {c.paymentsTotal}
          </span>
        ) : undefined
      }
    >
      {c.payments.length === 0 ? (
        <Empty>No payments.</Empty>
      ) : (
        <ul className="divide-y divide-ink-800" data-testid="customer-payments">
          {c.payments.map((p) => (
            <PaymentItem key={p._id} p={p} customerId={c.user.id} zone={zone} busy={busy === p._id} onDownload={(d) => download(p._id, d)} />
          ))}
        </ul>
      )}
    </Section>
  );
}

function Messages({ c, zone }: { c: CustomerDetail; zone: TimeZone }) {
  return (
    <Section id="messages-heading" title="Contact messages">
      {c.contactMessages.length === 0 ? (
        <Empty>
          No messages from <span className="break-all">{c.user.email}</span>.
        </Empty>
      ) : (
        <>
          {/* The contact form asks no one to prove an address: a message here may not be the customer's own. */}
          <p className="mb-3 text-xs text-ink-400">
            Sent from the contact form with this address. Anyone can type an address there: check with the customer before acting on a message.
          </p>
          <ul className="space-y-3">
            {c.contactMessages.map((m) => (
              <li key={m.id} className="text-sm">
                <p className="flex flex-wrap items-center gap-2 text-ink-100">
                  {m.subject} <Badge tone={m.handledAt ? 'green' : 'amber'}>{m.handledAt ? 'handled' : 'open'}</Badge>
                </p>
                <p className="mt-0.5 line-clamp-2 break-words text-ink-400">{m.message}</p>
                <p className="text-xs text-ink-500">{dateTime(m.createdAt, zone)}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </Section>
  );
}

function Customer({ id }: { id: string }) {
  const { data: c, error, isPending, refetch } = useCustomer(id);
  const { user: me } = useAuth();
  const zone = useTimeZone();
  const [open, setOpen] = useState<OpenAction | null>(null);
  if (isPending) return <Spinner label="Loading customer..." />;
  if (error || !c) {
    return (
      <div role="alert" className="rounded-2xl border border-red-500/30 bg-red-500/10 p-6 text-red-100">
        <p>{messageOf(error, 'Failed to load the customer')}</p>
        <div className="mt-4 flex gap-3">
          <button type="button" className="btn-secondary" onClick={() => void refetch()}>
            Retry
          </button>
          <Link to="/admin/customers" className="btn-ghost">
            Back to customers
          </Link>
        </div>
      </div>
    );
  }
  const u = c.user;
  // An admin's own two-step verification is theirs to change (Settings), never reset from here.
  const own = me?.id === u.id || me?.email === u.email;
  return (
    <>
      <Link to="/admin/customers" className="text-sm text-ink-400 hover:text-ink-100">
        ← Customers
      </Link>
      <div className="mt-3 flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-bold tracking-tight text-ink-100 sm:text-3xl">
            {u.firstName} {u.lastName}
          </h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-ink-400">
            <span className="break-all">{u.email}</span>
            {u.role === 'admin' && <Badge tone="accent">admin</Badge>}
            {!u.isEmailVerified && <Badge tone="amber">unverified</Badge>}
          </p>
        </div>
        <div className="flex flex-wrap gap-2" aria-label="Actions" role="group">
          {!u.isEmailVerified && (
            <button type="button" className="btn-secondary" onClick={() => setOpen({ kind: 'resend-verification' })}>
              Resend verification
            </button>
          )}
          {u.isEmailVerified && (
            <button type="button" className="btn-secondary" onClick={() => setOpen({ kind: 'extend-trial' })}>
              Extend trial
            </button>
          )}
          <button type="button" className="btn-secondary" onClick={() => setOpen({ kind: 'complimentary' })}>
            Grant complimentary period
          </button>
          <button type="button" className="btn-ghost text-red-300 hover:text-red-200" disabled={c.sessions.length === 0} onClick={() => setOpen({ kind: 'end-sessions' })}>
            End all sessions
          </button>
          {c.security.twoFactor && !own && (
            <button type="button" className="btn-ghost text-red-300 hover:text-red-200" onClick={() => setOpen({ kind: 'reset-two-factor' })}>
              Reset two-step verification
            </button>
          )}
        </div>
      </div>

      <div className="mt-6 grid grid-cols-1 gap-5 lg:grid-cols-2">
        <Access c={c} zone={zone} />
        <Profile c={c} zone={zone} />
        <SignInSecurity c={c} zone={zone} />
        <Billing c={c} zone={zone} />
        <Subscriptions c={c} zone={zone} onCancel={setOpen} />
        <Payments c={c} zone={zone} />
        <CustomerDevices customerId={u.id} zone={zone} />
        <Sessions c={c} zone={zone} />
        <Usage c={c} zone={zone} />
        <Messages c={c} zone={zone} />
        <Section
          id="audit-heading"
          title="Admin actions"
          aside={
            <Link to={`/admin/audit-log?userId=${u.id}`} className={`text-sm ${link}`}>
              All
            </Link>
          }
        >
          {c.audit.length === 0 ? <Empty>No admin has acted on this account.</Empty> : <AuditEntries entries={c.audit} zone={zone} showTarget={false} />}
        </Section>
      </div>
      <p className="mt-6 text-xs text-ink-500">Times in {zone}.</p>
      <CustomerActionDialogs customer={c} open={open} zone={zone} onClose={() => setOpen(null)} />
    </>
  );
}

/** /admin/customers/:id: one customer, and the actions on their account. */
export function AdminCustomerPage() {
  const { id = '' } = useParams();
  return (
    <RequireAdmin>
      <AdminLayout>
        <Customer key={id} id={id} />
      </AdminLayout>
    </RequireAdmin>
  );
}
