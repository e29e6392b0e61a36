import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { twoFactor } from '#shared/endpoints/two-factor';
import { call } from '../../api/client';
import { Navigate, useNavigate } from '../../components/router';
import { Spinner } from '../../components/spinner';
import { useErrorText } from '../../errors';
import { useT } from '../../i18n';
import { TWO_FACTOR_KEY } from '../account/settings/step-up';
import { TwoStepSection } from '../account/settings/two-step-section';
import { useAuth } from '../auth/auth-context';
import { AdminLayout } from './admin-layout';
import { useAdminSignOut } from './use-admin-sign-out';

const CHECKING = 'Checking admin access...';

/** Admin routes: 'Checking admin access...' while auth loads, then the page for an admin, else /admin/login. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { loading, isLoggedIn, user } = useAuth();
  if (loading) return <Spinner label={CHECKING} className="min-h-screen" />;
  if (!isLoggedIn || user?.role !== 'admin') return <Navigate to="/admin/login" replace />;
  return <TwoStepGate>{children}</TwoStepGate>;
}

/**
 * Every admin acts with two-step verification, from a session that passed it (decision 193; the server refuses the
 * rest with ADMIN_TWO_FACTOR_REQUIRED): an admin without it turns it on here first, and the page stays while the new
 * recovery codes are shown, until they are saved; a session opened before it was on signs in again.
 */
function TwoStepGate({ children }: { children: ReactNode }) {
  const t = useT('account');
  const errorText = useErrorText();
  const status = useQuery({ queryKey: TWO_FACTOR_KEY, queryFn: () => call(twoFactor.status).then((r) => r.data) });
  const [savingCodes, setSavingCodes] = useState(false);
  const signOut = useAdminSignOut();
  const navigate = useNavigate();

  if (status.isPending) return <Spinner label={CHECKING} className="min-h-screen" />;
  if (status.isError)
    return (
      <AdminLayout>
        <div className="card max-w-xl space-y-4 p-6" role="alert">
          <p className="text-ink-200">{errorText(status.error, t('twoStepFailed'))}</p>
          <button type="button" className="btn-secondary" onClick={() => void status.refetch()}>
            {t('retry')}
          </button>
        </div>
      </AdminLayout>
    );
  const s = status.data;
  // A session that passed a second factor acts (a passkey that verified its user counts, with or without an
  // authenticator app); without one, an admin with no authenticator turns it on here, one with it signs in again.
  if (savingCodes || (!s.enabled && !s.sessionVerified))
    return (
      <AdminLayout>
        <section className="card max-w-2xl space-y-4 p-6" aria-labelledby="admin-two-step">
          <h1 id="admin-two-step" className="text-xl font-semibold text-ink-100">
            {t('adminTwoStepTitle')}
          </h1>
          <p className="text-sm text-ink-300">{t('adminTwoStepIntro')}</p>
          <TwoStepSection onCodesShown={() => setSavingCodes(true)} onCodesSaved={() => setSavingCodes(false)} />
        </section>
      </AdminLayout>
    );
  if (!s.sessionVerified)
    return (
      <AdminLayout>
        <section className="card max-w-2xl space-y-4 p-6" aria-labelledby="admin-two-step-again">
          <h1 id="admin-two-step-again" className="text-xl font-semibold text-ink-100">
            {t('adminTwoStepAgainTitle')}
          </h1>
          <p className="text-sm text-ink-300">{t('adminTwoStepAgain')}</p>
          <button
            type="button"
            className="btn-primary"
            onClick={() =>
              void signOut().then((done) => {
                if (done) navigate('/admin/login', { replace: true });
              })
            }
          >
            {t('adminSignInAgain')}
          </button>
        </section>
      </AdminLayout>
    );
  return <>{children}</>;
}
