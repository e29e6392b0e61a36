import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { TIMERS_MS } from '#shared/constants';
import { emailOnlySchema } from '#shared/schemas/auth';
import { useErrorText } from '../../errors';
import { authApi } from './auth-api';
import type { AuthMode } from './auth-modal-host';
import { describedBy, Field } from './field';
import { useT } from '../../i18n';
import { FormStatus } from './form-status';
import { useTimers } from './use-timers';

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordForm({ onModeChange }: { onModeChange: (m: AuthMode) => void }) {
  const errorText = useErrorText();
  const msg = useT('msg');
  const later = useTimers();
  const t = useT('auth');
  const [error, setError] = useState('');
  const [success, setSuccess] = useState('');
  const { register, handleSubmit, formState } = useForm<z.input<typeof emailOnlySchema>, unknown, z.output<typeof emailOnlySchema>>({
    resolver: zodResolver(emailOnlySchema),
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async ({ email }) => {
    setError('');
    try {
      await authApi.forgotPassword(email);
      setSuccess(msg('resetLinkSent'));
      later(() => onModeChange('signin'), TIMERS_MS.afterForgotPassword);
    } catch (err) {
      setError(errorText(err, msg('forgotFailed')));
    }
  });

  return (
    <form onSubmit={submit} className="space-y-4" noValidate aria-label={t('forgotForm')}>
      <Field id="forgot-email" label={t('email')} error={errors.email?.message}>
        <input
          id="forgot-email"
          className="input"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          {...describedBy('forgot-email', errors.email?.message)}
          {...register('email')}
        />
      </Field>
      <FormStatus error={error} success={success} />
      <button type="submit" className="btn-primary w-full" disabled={isSubmitting || Boolean(success)}>
        {isSubmitting ? t('sending') : t('sendResetLink')}
      </button>
      <p className="text-center text-sm text-ink-400">
        {t('remembered')}{' '}
        <button type="button" className="font-medium text-accent-300 hover:underline" onClick={() => onModeChange('signin')}>
          {t('backToSignIn')}
        </button>
      </p>
    </form>
  );
}
