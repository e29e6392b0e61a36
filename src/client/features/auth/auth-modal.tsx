import { useEffect, useRef } from 'react';
import { site } from '#shared/site';
import type { TextKey } from '#shared/i18n/runtime';
import { useT } from '../../i18n';
import type { AuthMode } from './auth-modal-host';
import { ForgotPasswordForm } from './forgot-password-form';
import { ResetPasswordForm } from './reset-password-form';
import { SigninForm } from './signin-form';
import { SignupForm } from './signup-form';

const HEADINGS: Record<AuthMode, { title: TextKey<'auth'>; lead: TextKey<'auth'> }> = {
  signin: { title: 'welcomeBack', lead: 'signInLead' },
  signup: { title: 'createTitle', lead: 'createLead' },
  'forgot-password': { title: 'forgotTitle', lead: 'forgotLead' },
  'reset-password': { title: 'resetTitle', lead: 'resetLead' },
};

/** The auth modal: sign-in, sign-up, forgot-password and reset-password in one native dialog. */
export function AuthModal({
  mode,
  resetToken,
  returnTo,
  onModeChange,
  onClose,
}: {
  mode: AuthMode;
  resetToken: string;
  returnTo?: string;
  onModeChange: (m: AuthMode) => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const t = useT('auth');

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const { title, lead } = HEADINGS[mode];
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="auth-title"
      aria-describedby="auth-lead"
      data-testid="auth-modal"
      data-mode={mode}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(30rem,calc(100vw-2rem))] overflow-y-auto rounded-2xl border border-ink-700 bg-ink-900 p-0 text-ink-100 shadow-2xl backdrop:bg-black/70 backdrop:backdrop-blur-sm"
    >
      <div className="p-6 sm:p-8">
        <div className="mb-6 flex items-start justify-between gap-4">
          <div>
            <h2 id="auth-title" className="text-xl font-semibold">
              {t(title)}
            </h2>
            <p id="auth-lead" className="mt-1 text-sm text-ink-400">
              {t(lead, { product: site.productName })}
            </p>
          </div>
          <button type="button" className="btn-ghost -mr-2 -mt-1 px-2 text-lg leading-none" aria-label={t('close')} onClick={() => ref.current?.close()}>
            ×
          </button>
        </div>
        {mode === 'signin' && <SigninForm onModeChange={onModeChange} returnTo={returnTo} onClose={() => ref.current?.close()} />}
        {mode === 'signup' && <SignupForm onModeChange={onModeChange} />}
        {mode === 'forgot-password' && <ForgotPasswordForm onModeChange={onModeChange} />}
        {mode === 'reset-password' && <ResetPasswordForm token={resetToken} onModeChange={onModeChange} />}
      </div>
    </dialog>
  );
}
