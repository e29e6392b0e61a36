import { useState } from 'react';
import { TIMERS_MS } from '#shared/constants';
import { useErrorText } from '../../errors';
import { useT } from '../../i18n';
import { authApi } from './auth-api';
import type { AuthMode } from './auth-modal-host';
import { FormStatus } from './form-status';
import { NewPasswordForm } from './new-password-fields';
import { useTimers } from './use-timers';

/** The modal's reset-password mode: the token comes from the link that opened it. */
export function ResetPasswordForm({ token, onModeChange }: { token: string; onModeChange: (m: AuthMode) => void }) {
  const errorText = useErrorText();
  const msg = useT('msg');
  const later = useTimers();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [success, setSuccess] = useState('');

  if (!token) {
    return (
      <div className="space-y-4">
        <FormStatus error={msg('invalidResetLink')} />
        <button type="button" className="btn-primary w-full" onClick={() => onModeChange('forgot-password')}>
          Request a new link
        </button>
      </div>
    );
  }

  return (
    <NewPasswordForm
      idPrefix="modal-reset"
      busy={busy}
      disabled={Boolean(success)}
      onSubmit={async ({ password, confirmPassword }) => {
        setBusy(true);
        setError('');
        try {
          await authApi.resetPassword(token, password, confirmPassword);
          setSuccess(msg('resetSuccess'));
          later(() => onModeChange('signin'), TIMERS_MS.afterReset);
        } catch (err) {
          setError(errorText(err, msg('resetFailed')));
        } finally {
          setBusy(false);
        }
      }}
    >
      <FormStatus error={error} success={success} />
    </NewPasswordForm>
  );
}
