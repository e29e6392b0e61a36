import { useQuery } from '@tanstack/react-query';
import { longDate, shortDateTime } from '#shared/dates';
import { formatNumber } from '#shared/money';
import { users } from '#shared/endpoints/account';
import { load } from '../../api/client';
import { useErrorText } from '../../errors';
import { Page } from '../../components/page';
import { Spinner } from '../../components/spinner';
import { RecoveryNotice } from '../../features/account/recovery-notice';
import { SubscriptionCard } from '../../features/account/subscription-card';
import { TrialBanner } from '../../features/account/trial-banner';
import { useAuth } from '../../features/auth/auth-context';
import { useTimeZone } from '../../features/auth/use-time-zone';
import { useLocale, useT } from '../../i18n';

/** /dashboard: welcome, trial, account, subscription and recent activity. */
export function DashboardPage() {
  const errorText = useErrorText();
  const { subscription } = useAuth();
  const zone = useTimeZone();
  const t = useT('account');
  const msg = useT('msg');
  const locale = useLocale();
  const query = useQuery({ queryKey: ['dashboard'], queryFn: ({ signal }) => load(users.dashboard, { signal }) });

  if (query.isPending) return <Spinner label={t('dashLoading')} className="min-h-[40vh]" />;
  if (query.isError) {
    return (
      <Page title={t('dashTitle')}>
        <div className="card text-center" role="alert">
          <p className="text-red-300">{errorText(query.error, msg('dashboardFailed'))}</p>
          <button type="button" className="btn-secondary mt-4" onClick={() => void query.refetch()}>
            {t('tryAgain')}
          </button>
        </div>
      </Page>
    );
  }

  const { user, recentUsage } = query.data;
  const showTrial = Boolean(user.trialExpires) && !subscription;
  return (
    <Page title={t('welcomeBack', { name: user.firstName })} subtitle={t('dashIntro')}>
      <div className="space-y-6">
        <RecoveryNotice />
        {showTrial && <TrialBanner trialExpires={user.trialExpires!} />}
        <div className="grid gap-6 lg:grid-cols-2">
          <section className="card min-w-0" aria-labelledby="account-heading">
            <h2 id="account-heading" className="text-sm font-medium text-ink-400">
              {t('account')}
            </h2>
            <dl className="mt-4 space-y-3 text-sm">
              <div className="flex justify-between gap-4">
                <dt className="text-ink-400">{t('name')}</dt>
                <dd className="text-right font-medium text-ink-100">
                  {user.firstName} {user.lastName}
                </dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-ink-400">{t('email')}</dt>
                <dd className="min-w-0 truncate text-right text-ink-100">{user.email}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-ink-400">{t('emailStatus')}</dt>
                <dd className={user.isEmailVerified ? 'text-emerald-300' : 'text-yellow-200'}>{user.isEmailVerified ? t('verified') : t('notVerified')}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-ink-400">{t('memberSince')}</dt>
                <dd className="text-ink-100">{longDate(user.createdAt, zone, locale)}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-ink-400">{t('lastLogin')}</dt>
                <dd className="text-ink-100">{user.lastLoginAt ? longDate(user.lastLoginAt, zone, locale) : t('never')}</dd>
              </div>
              {user.company && (
                <div className="flex justify-between gap-4">
                  <dt className="text-ink-400">{t('company')}</dt>
                  <dd className="text-right text-ink-100">{user.company}</dd>
                </div>
              )}
            </dl>
          </section>
          <SubscriptionCard subscription={subscription} userStatus={user.subscriptionStatus} />
        </div>
        <section className="card" aria-labelledby="activity-heading">
          <h2 id="activity-heading" className="text-lg font-semibold text-ink-100">
            {t('recentActivity')}
          </h2>
          {recentUsage.length === 0 ? (
            <p className="mt-3 text-sm text-ink-400">{t('noActivity')}</p>
          ) : (
            <ul className="mt-4 divide-y divide-ink-800" data-testid="recent-usage">
              {recentUsage.map((u, i) => (
                <li key={`${u.usageDate}-${i}`} className="flex items-center justify-between gap-4 py-3 text-sm">
                  <div className="min-w-0">
                    <p className="font-medium text-ink-100">{u.feature}</p>
                    {u.description && <p className="truncate text-ink-400">{u.description}</p>}
                  </div>
                  <div className="shrink-0 text-right">
                    <p className="text-ink-100">×{formatNumber(u.quantity, locale)}</p>
                    <p className="text-xs text-ink-400">{shortDateTime(u.usageDate, zone, locale)}</p>
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
