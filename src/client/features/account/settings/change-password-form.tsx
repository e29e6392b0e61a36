import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { changePasswordSchema } from '#shared/schemas/auth';
import { useErrorText } from '#client/errors';
import { authApi } from '../../auth/auth-api';
import { describedBy, Field } from '../../auth/field';
import { PasswordInput } from '../../auth/password-input';
import { FlashMessage } from './flash-message';
import { useFlash } from './use-flash';
import { useT } from '#client/i18n';

type Input = z.input<typeof changePasswordSchema>;

/** Change password: current required, new at least 8 characters, confirmation must match. */
export function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
  const errorText = useErrorText();
  const msg = useT('msg');
  const t = useT('account');
  const [flash, show] = useFlash();
  const { register, handleSubmit, reset, formState } = useForm<Input, unknown, z.output<typeof changePasswordSchema>>({
    resolver: zodResolver(changePasswordSchema),
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async (values) => {
    try {
      await authApi.changePassword(values);
      reset({ currentPassword: '', newPassword: '', confirmPassword: '' });
      show('success', { msg: 'passwordChanged' });
      onChanged();
    } catch (err) {
      show('error', errorText(err, msg('changePasswordFailed')));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="max-w-md space-y-4" aria-label={t('changePassword')}>
      <Field id="cp-current" label={t('currentPassword')} error={errors.currentPassword?.message}>
        <PasswordInput id="cp-current" autoComplete="current-password" {...describedBy('cp-current', errors.currentPassword?.message)} {...register('currentPassword')} />
      </Field>
      <Field id="cp-new" label={t('newPassword')} error={errors.newPassword?.message}>
        <PasswordInput id="cp-new" autoComplete="new-password" {...describedBy('cp-new', errors.newPassword?.message)} {...register('newPassword')} />
      </Field>
      <Field id="cp-confirm" label={t('confirmNewPassword')} error={errors.confirmPassword?.message}>
        <PasswordInput id="cp-confirm" autoComplete="new-password" {...describedBy('cp-confirm', errors.confirmPassword?.message)} {...register('confirmPassword')} />
      </Field>
      <p className="text-xs text-ink-400">{t('passwordNote')}</p>
      <FlashMessage flash={flash} />
      <button type="submit" className="btn-primary" disabled={isSubmitting}>
        {isSubmitting ? t('changing') : t('changePasswordButton')}
      </button>
    </form>
  );
}
