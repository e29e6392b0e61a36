import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from '../../components/router';
import type { z } from 'zod';
import { TIMERS_MS } from '#shared/constants';
import { loginSchema } from '#shared/schemas/auth';
import { ApiError } from '../../api/client';
import { useErrorText } from '../../errors';
import { useToast } from '../../components/toast';
import { useAuth } from './auth-context';
import { authApi } from './auth-api';
import { describedBy, Field } from './field';
import { FormStatus } from './form-status';
import type { AuthMode } from './auth-modal-host';
import { PasswordInput } from './password-input';
import { SecondFactorStep, type PendingSecondStep } from './second-factor-step';
import { useT } from '../../i18n';

const schema = loginSchema.pick({ email: true, password: true });
type Input = z.input<typeof schema>;

/**
 * Sign-in. A refusal that asks to verify the address offers to send the link again. Success goes to
 * /dashboard, or back to the page that opened the modal with `returnTo` (the approval page of a desktop sign-in).
 */
export function SigninForm({ onModeChange, onClose, returnTo }: { onModeChange: (m: AuthMode) => void; onClose: () => void; returnTo?: string }) {
  const errorText = useErrorText();
  const { login, loginWithPasskey } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const t = useT('auth');
  const msg = useT('msg');
  const [error, setError] = useState('');
  const [success, setSuccess] = useState('');
  // The second step's challenge, once the password was right on an account with two-step verification.
  const [challenge, setChallenge] = useState<PendingSecondStep | null>(null);
  const [resend, setResend] = useState<{ state: 'idle' | 'sending' | 'sent' | 'failed'; message?: string } | null>(null);
  const { register, handleSubmit, getValues, formState } = useForm<Input, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), mode: 'onTouched' });
  const { errors, isSubmitting } = formState;

  const signedIn = () => {
    setSuccess(msg('loginSuccess'));
    toast.success(msg('loginSuccess'));
    // Not cleared on unmount: the user is signed in even if they close the modal first.
    window.setTimeout(() => {
      onClose();
      navigate(returnTo ?? '/dashboard');
    }, TIMERS_MS.closeAfterLogin);
  };

  const submit = handleSubmit(async ({ email, password }) => {
    setError('');
    setResend(null);
    try {
      const reply = await login(email, password);
      if ('secondFactor' in reply) setChallenge(reply.secondFactor);
      else signedIn();
    } catch (err) {
      const message = errorText(err, msg('loginFailed'));
      setError(message);
      if (err instanceof ApiError && err.code === 'EMAIL_NOT_VERIFIED') setResend({ state: 'idle' });
    }
  });

  // Passkeys (decision 196): offered where the browser has WebAuthn; a sign-in the person cancels says so plainly.
  const passkeysHere = typeof window !== 'undefined' && 'PublicKeyCredential' in window;
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const withPasskey = async () => {
    setError('');
    setPasskeyBusy(true);
    try {
      const reply = await loginWithPasskey();
      if ('secondFactor' in reply) setChallenge(reply.secondFactor);
      else signedIn();
    } catch (err) {
      setError(err instanceof ApiError ? errorText(err, msg('loginFailed')) : t('passkeyCancelled'));
    } finally {
      setPasskeyBusy(false);
    }
  };

  const resendVerification = async () => {
    setResend({ state: 'sending' });
    try {
      await authApi.resendVerification(getValues('email') ?? '');
      setResend({ state: 'sent', message: msg('verificationSent') });
    } catch (err) {
      setResend({ state: 'failed', message: errorText(err, msg('resendFailed')) });
    }
  };

  if (challenge) {
    return success ? <FormStatus success={success} /> : <SecondFactorStep step={challenge} onSignedIn={signedIn} onBack={() => setChallenge(null)} />;
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate aria-label={t('signInLink')}>
      <Field id="signin-email" label={t('email')} error={errors.email?.message}>
        <input
          id="signin-email"
          className="input"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          {...describedBy('signin-email', errors.email?.message)}
          {...register('email')}
        />
      </Field>
      <Field id="signin-password" label={t('password')} error={errors.password?.message}>
        <PasswordInput id="signin-password" autoComplete="current-password" {...describedBy('signin-password', errors.password?.message)} {...register('password')} />
      </Field>
      <div className="flex justify-end">
        <button type="button" className="text-sm text-accent-300 hover:underline" onClick={() => onModeChange('forgot-password')}>
          {t('forgotLink')}
        </button>
      </div>
      <FormStatus error={error} success={success} />
      {resend && (
        <div className="space-y-2">
          <button type="button" className="btn-secondary w-full" onClick={resendVerification} disabled={resend.state === 'sending' || resend.state === 'sent'}>
            {resend.state === 'sending' ? t('sending') : t('resendVerification')}
          </button>
          {resend.state === 'sent' && <FormStatus success={resend.message} />}
          {resend.state === 'failed' && <FormStatus error={resend.message} />}
        </div>
      )}
      <button type="submit" className="btn-primary w-full" disabled={isSubmitting || Boolean(success)}>
        {isSubmitting ? t('signingIn') : t('signIn')}
      </button>
      {passkeysHere && (
        <button type="button" className="btn-secondary w-full" onClick={() => void withPasskey()} disabled={isSubmitting || passkeyBusy || Boolean(success)}>
          {t('signInWithPasskey')}
        </button>
      )}
      <p className="text-center text-sm text-ink-400">
        {t('noAccount')}{' '}
        <button type="button" className="font-medium text-accent-300 hover:underline" onClick={() => onModeChange('signup')}>
          {t('signUp')}
        </button>
      </p>
    </form>
  );
}
