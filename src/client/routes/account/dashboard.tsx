import { useQuery } from '@tanstack/react-query';
import { longDate, shortDateTime } from '../../../shared/dates';
import { MSG } from '../../../shared/messages';
import type { DashboardData } from '../../../shared/schemas/responses/account';
import { api, messageOf } from '../../api/client';
import { Page } from '../../components/page';
import { Spinner } from '../../components/spinner';
import { SubscriptionCard } from '../../features/account/subscription-card';
import { TrialBanner } from '../../features/account/trial-banner';
import { useAuth } from '../../features/auth/auth-context';
import { useTimeZone } from '../../features/auth/use-time-zone';

/** /dashboard: welcome, trial, account, subscription and recent activity (spec §2, §4). */
export function DashboardPage() {
  const { subscription } = useAuth();
  const zone = useTimeZone();
  const query = useQuery({ queryKey: ['dashboard'], queryFn: ({ signal }) => api.get<DashboardData>('/users/dashboard', signal) });

  if (query.isPending) return <Spinner label="Loading your dashboard..." className="min-h-[40vh]" />;
  if (query.isError) {
    return (
      <Page title="Dashboard">
        <div className="card text-center" role="alert">
          <p className="text-red-300">{messageOf(query.error, MSG.dashboardFailed)}</p>
          <button type="button" className="btn-secondary mt-4" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      </Page>
    );
  }

  const { user, recentUsage } = query.data;
  const showTrial = Boolean(user.trialExpires) && !subscription;
  return (
    <Page title={`Welcome back, ${user.firstName}!`} subtitle="Here is an overview of your account.">
      <div className="space-y-6">
        {showTrial && <TrialBanner trialExpires={user.trialExpires!} />}
        <div className="grid gap-6 lg:grid-cols-2">
          <section className="card min-w-0" aria-labelledby="account-heading">
            <h2 id="account-heading" className="text-sm font-medium text-ink-400">
              Account
            </h2>
            <dl className="mt-4 space-y-3 text-sm">
              <div className="flex justify-between gap-4">
                <dt className="text-ink-400">Name</dt>
                <dd className="text-right font-medium text-ink-100">
                  {user.firstName} {user.lastName}
                </dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-ink-400">Email</dt>
                <dd className="min-w-0 truncate text-right text-ink-100">{user.email}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-ink-400">Email status</dt>
                <dd className={user.isEmailVerified ? 'text-emerald-300' : 'text-yellow-200'}>{user.isEmailVerified ? 'Verified' : 'Not verified'}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-ink-400">Member since</dt>
                <dd className="text-ink-100">{longDate(user.createdAt, zone)}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-ink-400">Last login</dt>
                <dd className="text-ink-100">{user.lastLoginAt ? longDate(user.lastLoginAt, zone) : 'Never'}</dd>
              </div>
              {user.company && (
                <div className="flex justify-between gap-4">
                  <dt className="text-ink-400">Company</dt>
                  <dd className="text-right text-ink-100">{user.company}</dd>
                </div>
              )}
            </dl>
          </section>
          <SubscriptionCard subscription={subscription} userStatus={user.subscriptionStatus} />
        </div>
        <section className="card" aria-labelledby="activity-heading">
          <h2 id="activity-heading" className="text-lg font-semibold text-ink-100">
            Recent activity
          </h2>
          {recentUsage.length === 0 ? (
            <p className="mt-3 text-sm text-ink-400">No activity yet. When you use the desktop app, your recent usage shows up here.</p>
          ) : (
            <ul className="mt-4 divide-y divide-ink-800" data-testid="recent-usage">
              {recentUsage.map((u, i) => (
                <li key={`${u.usageDate}-${i}`} className="flex items-center justify-between gap-4 py-3 text-sm">
                  <div className="min-w-0">
                    <p className="font-medium text-ink-100">{u.feature}</p>
                    {u.description && <p className="truncate text-ink-400">{u.description}</p>}
                  </div>
                  <div className="shrink-0 text-right">
                    <p className="text-ink-100">×{u.quantity}</p>
                    <p className="text-xs text-ink-400">{shortDateTime(u.usageDate, zone)}</p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </Page>
  );
}
