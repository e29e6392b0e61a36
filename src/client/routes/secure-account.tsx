import { useState } from 'react';
import { security } from '#shared/endpoints/security';
import { call } from '../api/client';
import { Link, useNavigate, useSearchParams } from '../components/router';
import { StatusCard } from '../components/status-card';
import { useErrorText } from '../errors';
import { useLocalePath, useT } from '../i18n';

/**
 * /secure-account?token=…, the "This wasn't me" link of a new sign-in's mail (decision 200). It asks before it acts (a
 * mail scanner that opens links must not sign the owner out); then every session ends, the password stops working,
 * and the page goes on to choosing a new password. A used or expired link says so.
 */
export function SecureAccountPage() {
  const t = useT('auth');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const lp = useLocalePath();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [error, setError] = useState(token ? '' : t('emailChangeLinkMissing'));
  const [busy, setBusy] = useState(false);

  const secure = async () => {
    setBusy(true);
    try {
      const { resetToken } = (await call(security.secureAccount, { body: { token }, auth: false })).data;
      navigate(`${lp('/reset-password')}?token=${encodeURIComponent(resetToken)}`, { replace: true });
    } catch (err) {
      setError(errorText(err, t('secureFailed')));
      setBusy(false);
    }
  };

  if (error)
    return (
      <StatusCard state="error" title={t('secureFailedTitle')}>
        <p>{error}</p>
        <Link to={lp('/')} className="btn-secondary">
          {t('linkBackHome')}
        </Link>
      </StatusCard>
    );
  return (
    <StatusCard state="warning" title={t('secureTitle')}>
      <p>{t('secureLead')}</p>
      <p>{t('secureText')}</p>
      <button type="button" className="btn-danger w-full" onClick={() => void secure()} disabled={busy}>
        {t('secureAction')}
      </button>
      <Link to={lp('/')} className="btn-secondary w-full">
        {t('secureKeep')}
      </Link>
    </StatusCard>
  );
}
