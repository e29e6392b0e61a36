import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { TIMERS_MS } from '#shared/constants';
import { registerSchema, TURNSTILE_FIELD } from '#shared/schemas/auth';
import { ApiError } from '../../api/client';
import { useErrorText } from '../../errors';
import { authApi } from './auth-api';
import type { AuthMode } from './auth-modal-host';
import { describedBy, Field } from './field';
import { useT } from '../../i18n';
import { FormStatus } from './form-status';
import { PasswordInput } from './password-input';
import { PasswordStrength } from './password-strength';
import { Turnstile } from './turnstile';
import { useTimers } from './use-timers';

type Input = z.input<typeof registerSchema>;

/** Sign-up with the shared rules, the strength meter and, when configured, the bot check. */
export function SignupForm({ onModeChange }: { onModeChange: (m: AuthMode) => void }) {
  const errorText = useErrorText();
  const later = useTimers();
  const t = useT('auth');
  const msg = useT('msg');
  const [error, setError] = useState('');
  const [success, setSuccess] = useState('');
  const [botToken, setBotToken] = useState('');
  const [botError, setBotError] = useState('');
  const [resetBot, setResetBot] = useState(0);
  const bot = useQuery({ queryKey: ['turnstile-config'], queryFn: () => authApi.turnstileConfig(), staleTime: Infinity });
  const botOn = Boolean(bot.data?.enabled && bot.data.siteKey);

  const {
    register,
    handleSubmit,
    watch,
    setError: setFieldError,
    formState,
  } = useForm<Input, unknown, z.output<typeof registerSchema>>({
    resolver: zodResolver(registerSchema),
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = formState;
  const [password, firstName, lastName, email] = watch(['password', 'firstName', 'lastName', 'email']);

  const submit = handleSubmit(async (values) => {
    setError('');
    if (botOn && !botToken) {
      setBotError(msg('securityVerification'));
      return;
    }
    try {
      await authApi.register({ ...values, [TURNSTILE_FIELD]: botToken || undefined });
      setSuccess(msg('registrationSuccess'));
      later(() => onModeChange('signin'), TIMERS_MS.afterSignup);
    } catch (err) {
      const message = errorText(err, msg('registrationFailed'));
      const code = err instanceof ApiError ? err.code : undefined;
      if (code === 'DISPOSABLE_EMAIL') setFieldError('email', { message });
      else setError(message);
      if (botOn) {
        setBotToken('');
        setResetBot((n) => n + 1);
      }
    }
  });

  return (
    <form onSubmit={submit} className="space-y-4" noValidate aria-label={t('signUp')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="signup-first" label={t('firstName')} error={errors.firstName?.message}>
          <input id="signup-first" className="input" autoComplete="given-name" {...describedBy('signup-first', errors.firstName?.message)} {...register('firstName')} />
        </Field>
        <Field id="signup-last" label={t('lastName')} error={errors.lastName?.message}>
          <input id="signup-last" className="input" autoComplete="family-name" {...describedBy('signup-last', errors.lastName?.message)} {...register('lastName')} />
        </Field>
      </div>
      <Field id="signup-email" label={t('email')} error={errors.email?.message}>
        <input
          id="signup-email"
          className="input"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          {...describedBy('signup-email', errors.email?.message)}
          {...register('email')}
        />
      </Field>
      <Field
        id="signup-password"
        label={t('password')}
        error={errors.password?.message}
        hint={<PasswordStrength password={password ?? ''} userInputs={[firstName ?? '', lastName ?? '', email ?? '']} />}
      >
        <PasswordInput id="signup-password" autoComplete="new-password" {...describedBy('signup-password', errors.password?.message)} {...register('password')} />
      </Field>
      <Field id="signup-confirm" label={t('confirmPassword')} error={errors.confirmPassword?.message}>
        <PasswordInput id="signup-confirm" autoComplete="new-password" {...describedBy('signup-confirm', errors.confirmPassword?.message)} {...register('confirmPassword')} />
      </Field>
      {botOn && (
        <div>
          <Turnstile
            siteKey={bot.data!.siteKey!}
            resetKey={resetBot}
            onToken={(t) => {
              setBotToken(t);
              if (t) setBotError('');
            }}
          />
          {botError && (
            <p className="field-error" role="alert">
              {botError}
            </p>
          )}
        </div>
      )}
      <FormStatus error={error} success={success} />
      <button type="submit" className="btn-primary w-full" disabled={isSubmitting || Boolean(success)}>
        {isSubmitting ? t('creatingAccount') : t('createAccount')}
      </button>
      <p className="text-center text-sm text-ink-400">
        {t('haveAccount')}{' '}
        <button type="button" className="font-medium text-accent-300 hover:underline" onClick={() => onModeChange('signin')}>
          {t('signInLink')}
        </button>
      </p>
    </form>
  );
}
