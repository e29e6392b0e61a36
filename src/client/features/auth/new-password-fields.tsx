import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { resetPasswordFormSchema } from '#shared/schemas/auth';
import { describedBy, Field } from './field';
import { useT } from '../../i18n';
import { PasswordInput } from './password-input';

type Values = z.output<typeof resetPasswordFormSchema>;

/** The new-password form of a reset (modal mode and /reset-password page). */
export function NewPasswordForm({
  idPrefix,
  busy,
  disabled,
  onSubmit,
  children,
  submitLabel,
}: {
  idPrefix: string;
  busy: boolean;
  disabled?: boolean;
  onSubmit: (v: Values) => Promise<void>;
  children?: React.ReactNode;
  submitLabel?: string;
}) {
  const { register, handleSubmit, formState } = useForm<z.input<typeof resetPasswordFormSchema>, unknown, Values>({
    resolver: zodResolver(resetPasswordFormSchema),
    mode: 'onTouched',
  });
  const { errors } = formState;
  const t = useT('auth');
  return (
    <form onSubmit={handleSubmit(onSubmit)} className="space-y-4" noValidate aria-label={t('resetPassword')}>
      <Field id={`${idPrefix}-password`} label={t('newPassword')} error={errors.password?.message}>
        <PasswordInput id={`${idPrefix}-password`} autoComplete="new-password" {...describedBy(`${idPrefix}-password`, errors.password?.message)} {...register('password')} />
      </Field>
      <Field id={`${idPrefix}-confirm`} label={t('confirmNewPassword')} error={errors.confirmPassword?.message}>
        <PasswordInput
          id={`${idPrefix}-confirm`}
          autoComplete="new-password"
          {...describedBy(`${idPrefix}-confirm`, errors.confirmPassword?.message)}
          {...register('confirmPassword')}
        />
      </Field>
      {children}
      <button type="submit" className="btn-primary w-full" disabled={busy || disabled}>
        {busy ? t('resetting') : (submitLabel ?? t('resetPassword'))}
      </button>
    </form>
  );
}
