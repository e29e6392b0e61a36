import { Link, useSearchParams } from '../../components/router';
import { ADMIN_ACTIONS, ADMIN_ACTION_NAMES, type AdminAction } from '#shared/admin-actions';
import { messageOf } from '../../api/client';
import { Pager, useAddressFollowsPage, usePageParam } from '../../components/pager';
import { Spinner } from '../../components/spinner';
import { AdminLayout } from '../../features/admin/admin-layout';
import { useAuditLog } from '../../features/admin/customers/api';
import { AuditEntries } from '../../features/admin/customers/audit-entries';
import { RequireAdmin } from '../../features/admin/require-admin';
import { useTimeZone } from '../../features/auth/use-time-zone';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const actionFrom = (raw: string | null): AdminAction | undefined => ADMIN_ACTION_NAMES.find((a) => a === raw);

function AuditLog() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('userId');
  const userId = raw && UUID.test(raw) ? raw : undefined;
  const action = actionFrom(params.get('action'));
  const page = usePageParam();
  const { data, error, isPending, isPlaceholderData, refetch } = useAuditLog(page, { userId, action });
  useAddressFollowsPage(page, isPlaceholderData ? undefined : data?.pagination.currentPage);
  const zone = useTimeZone();
  const setAction = (next: string) =>
    setParams((p) => {
      const out = new URLSearchParams(p);
      out.delete('page');
      if (next) out.set('action', next);
      else out.delete('action');
      return out;
    });

  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight text-ink-100 sm:text-3xl">Audit log</h1>
      <p className="mt-1 text-ink-400">Every action an admin took on a customer&apos;s account or money: who, when, what and why. Newest first.</p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <label htmlFor="audit-action" className="label">
            Action
          </label>
          <select id="audit-action" className="input sm:w-72" value={action ?? ''} onChange={(e) => setAction(e.target.value)}>
            <option value="">All actions</option>
            {ADMIN_ACTION_NAMES.map((a) => (
              <option key={a} value={a}>
                {ADMIN_ACTIONS[a].label}
              </option>
            ))}
          </select>
        </div>
        {userId && (
          <p className="text-sm text-ink-400">
            {data?.entries[0]?.target?.email ? (
              <>
                Actions on <span className="break-all text-ink-200">{data.entries[0].target.email}</span>
              </>
            ) : (
              "One customer's actions"
            )}{' '}
            ·{' '}
            <Link to="/admin/audit-log" className="text-accent-300 underline decoration-accent-300/40 underline-offset-2">
              show everyone&apos;s
            </Link>
          </p>
        )}
      </div>
      <div className="mt-6">
        {isPending ? (
          <Spinner label="Loading the audit log..." />
        ) : error ? (
          <div role="alert" className="rounded-2xl border border-red-500/30 bg-red-500/10 p-6 text-red-100">
            <p>{messageOf(error, 'Failed to load the audit log')}</p>
            <button type="button" className="btn-secondary mt-4" onClick={() => void refetch()}>
              Retry
            </button>
          </div>
        ) : data.entries.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-ink-700 px-6 py-14 text-center">
            <p className="font-semibold text-ink-100">No admin actions yet</p>
            <p className="mt-1 text-sm text-ink-400">Actions taken on a customer&apos;s page appear here.</p>
          </div>
        ) : (
          <>
            <AuditEntries entries={data.entries} zone={zone} />
            <Pager current={data.pagination.currentPage} total={data.pagination.totalPages} label="Pages" className="mt-6 justify-between" />
          </>
        )}
      </div>
    </>
  );
}

/** /admin/audit-log: the admin audit log. */
export function AdminAuditLogPage() {
  return (
    <RequireAdmin>
      <AdminLayout>
        <AuditLog />
      </AdminLayout>
    </RequireAdmin>
  );
}
