import { useState } from 'react';
import { useErrorText } from '#client/errors';
import { useAuth } from '../../auth/auth-context';
import { authApi } from '../../auth/auth-api';
import { FlashMessage } from './flash-message';
import { useFlash } from './use-flash';
import { useT } from '#client/i18n';

/** Email Verification: the status, and Resend Verification while unverified. */
export function EmailVerificationTab() {
  const errorText = useErrorText();
  const msg = useT('msg');
  const { user } = useAuth();
  const t = useT('account');
  const [flash, show] = useFlash();
  const [sending, setSending] = useState(false);
  if (!user) return null;

  const resend = async () => {
    setSending(true);
    try {
      await authApi.resendVerification(user.email);
      show('success', { msg: 'verificationSent' });
    } catch (err) {
      show('error', errorText(err, msg('sendVerificationFailed')));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span
          className={`shrink-0 rounded-full border px-2.5 py-0.5 text-xs font-medium ${user.isEmailVerified ? 'border-emerald-500/40 bg-emerald-500/10 text-emerald-300' : 'border-yellow-500/40 bg-yellow-500/10 text-yellow-200'}`}
        >
          {user.isEmailVerified ? t('verified') : t('notVerified')}
        </span>
        <span className="min-w-0 break-all text-sm text-ink-100">{user.email}</span>
      </div>
      <p className="text-sm text-ink-400">{user.isEmailVerified ? t('emailVerifiedNote') : t('emailUnverifiedNote')}</p>
      {!user.isEmailVerified && (
        <button type="button" className="btn-primary" onClick={resend} disabled={sending}>
          {sending ? t('sending') : t('resendVerification')}
        </button>
      )}
      <FlashMessage flash={flash} />
    </div>
  );
}
