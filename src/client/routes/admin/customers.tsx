import { useState, type FormEvent } from 'react';
import type { CustomerRow } from '#shared/schemas/responses/admin-customers';
import { Link, useSearchParams } from '../../components/router';
import { CUSTOMER_QUERY_MAX } from '#shared/schemas/admin';
import { shortDate, type TimeZone } from '#shared/dates';
import { messageOf } from '../../api/client';
import { Pager, useAddressFollowsPage, usePageParam } from '../../components/pager';
import { Spinner } from '../../components/spinner';
import { AdminLayout } from '../../features/admin/admin-layout';
import { useCustomerSearch } from '../../features/admin/customers/api';
import { Badge, PlanBadge } from '../../features/admin/customers/badges';
import { RequireAdmin } from '../../features/admin/require-admin';
import { useTimeZone } from '../../features/auth/use-time-zone';

/** One person found: name and address, then their badges (a customer's plan in words) and when they joined. */
function PersonItem({ c, zone }: { c: CustomerRow; zone: TimeZone }) {
  return (
    <li>
      <Link
        to={`/admin/customers/${c.id}`}
        className="flex flex-col gap-2 px-4 py-3 hover:bg-ink-850 sm:flex-row sm:items-center sm:justify-between sm:px-5"
        data-testid="customer-row"
      >
        <div className="min-w-0">
          <p className="truncate font-medium text-ink-100">{c.name}</p>
          <p className="truncate text-sm text-ink-400">{c.email}</p>
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-2 text-xs text-ink-400">
          {c.role === 'admin' && <Badge tone="accent">admin</Badge>}
          {!c.isEmailVerified && <Badge tone="amber">unverified</Badge>}
          {c.role !== 'admin' && (
            <PlanBadge
              plan={c.subscriptionPlan}
              planName={c.subscriptionPlanName}
              status={c.subscriptionStatus}
              onTrial={Boolean(c.trialExpires && new Date(c.trialExpires).getTime() > Date.now())}
            />
          )}
          <span className="tabular-nums">Joined {shortDate(c.createdAt, zone)}</span>
        </div>
      </Link>
    </li>
  );
}

/** The administrators who match the search: the site's team, apart from the customers and in no count. */
function Admins({ admins, zone }: { admins: CustomerRow[]; zone: TimeZone }) {
  if (admins.length === 0) return null;
  return (
    <section aria-labelledby="admins-heading" className="mt-8">
      <h2 id="admins-heading" className="mb-3 text-sm font-semibold text-ink-300">
        Administrators <span className="font-normal text-ink-400">· not customers, in no count</span>
      </h2>
      <ul className="divide-y divide-ink-800 overflow-hidden rounded-2xl border border-ink-700 bg-ink-900" data-testid="admin-results">
        {admins.map((c) => (
          <PersonItem key={c.id} c={c} zone={zone} />
        ))}
      </ul>
    </section>
  );
}

/** The search form and its results; `q` is the address's (?q=), so Back and a shared link show the same search. */
function CustomerSearch({ q }: { q: string }) {
  const [, setParams] = useSearchParams();
  const page = usePageParam();
  const [text, setText] = useState(q);
  const { data, error, isPending, isPlaceholderData, refetch } = useCustomerSearch(q, page);
  useAddressFollowsPage(page, isPlaceholderData ? undefined : data?.pagination.currentPage);
  const zone = useTimeZone();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = text.trim();
    setParams(next ? { q: next } : {});
  };

  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight text-ink-100 sm:text-3xl">Customers</h1>
      <p className="mt-1 text-ink-400">Find a customer by the start of their e-mail, their name or last name, or @domain.</p>
      <form role="search" onSubmit={submit} className="mt-6 flex flex-col gap-2 sm:flex-row">
        <label htmlFor="customer-q" className="sr-only">
          Search customers
        </label>
        <input
          id="customer-q"
          type="search"
          className="input sm:max-w-md"
          placeholder="ann@example.com, Ann Lee, @acme.com"
          maxLength={CUSTOMER_QUERY_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoComplete="off"
        />
        <button type="submit" className="btn-primary">
          Search
        </button>
      </form>

      <div className="mt-6">
        {isPending ? (
          <Spinner label="Loading customers..." />
        ) : error ? (
          <div role="alert" className="rounded-2xl border border-red-500/30 bg-red-500/10 p-6 text-red-100">
            <p>{messageOf(error, 'Failed to load customers')}</p>
            <button type="button" className="btn-secondary mt-4" onClick={() => void refetch()}>
              Retry
            </button>
          </div>
        ) : (
          <>
            {data.customers.length === 0 ? (
              <div className="rounded-2xl border border-dashed border-ink-700 px-6 py-14 text-center">
                <p className="font-semibold text-ink-100">No customers found</p>
                <p className="mt-1 text-sm text-ink-400">{q ? `No customer's e-mail or name starts with “${q}”.` : 'Customers appear here once they sign up.'}</p>
              </div>
            ) : (
              <>
                <p className="mb-3 text-sm text-ink-400" aria-live="polite" data-testid="customer-count">
                  {data.pagination.totalItems} {data.pagination.totalItems === 1 ? 'customer' : 'customers'}
                  {q ? ` matching “${q}”` : ''}
                </p>
                <ul className="divide-y divide-ink-800 overflow-hidden rounded-2xl border border-ink-700 bg-ink-900" data-testid="customer-results">
                  {data.customers.map((c) => (
                    <PersonItem key={c.id} c={c} zone={zone} />
                  ))}
                </ul>
                <Pager current={data.pagination.currentPage} total={data.pagination.totalPages} label="Pages" className="mt-6 justify-between" />
              </>
            )}
            <Admins admins={data.admins} zone={zone} />
          </>
        )}
      </div>
    </>
  );
}

/** /admin/customers: search the customers. */
export function AdminCustomersPage() {
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  return (
    <RequireAdmin>
      <AdminLayout>
        <CustomerSearch key={q} q={q} />
      </AdminLayout>
    </RequireAdmin>
  );
}
