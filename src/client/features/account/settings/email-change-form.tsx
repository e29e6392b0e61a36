import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { emailChange } from '#shared/endpoints/email-change';
import { emailChangeSchema } from '#shared/schemas/email-change';
import { call } from '#client/api/client';
import { useErrorText } from '#client/errors';
import { useT } from '#client/i18n';
import { useAuth } from '../../auth/auth-context';
import { describedBy, Field } from '../../auth/field';
import { FormStatus } from '../../auth/form-status';
import { useStepUp } from './step-up';

type Input = z.input<typeof emailChangeSchema>;

/**
 * Change the e-mail address (issue 36, decision 194): behind "Confirm it's you"; the answer is the same whoever owns
 * the new address, and says where the link went and that the current address was told.
 */
export function EmailChangeForm() {
  const t = useT('account');
  const errorText = useErrorText();
  const { user } = useAuth();
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState('');
  const fail = (err: unknown) => setError(errorText(err, t('emailChangeFailed')));
  const stepUp = useStepUp(fail);
  const { register, handleSubmit, reset, formState } = useForm<Input, unknown, z.output<typeof emailChangeSchema>>({
    resolver: zodResolver(emailChangeSchema),
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async ({ newEmail }) => {
    setError('');
    setSent(null);
    try {
      await stepUp.run(async () => {
        await call(emailChange.request, { body: { newEmail } });
        setSent(newEmail);
        reset({ newEmail: '' });
      });
    } catch (err) {
      fail(err);
    }
  });

  return (
    <div className="max-w-md space-y-4">
      <p className="text-sm text-ink-300 [overflow-wrap:anywhere]">{t('emailCurrent', { email: user?.email ?? '' })}</p>
      {stepUp.form}
      <form onSubmit={submit} noValidate className="space-y-4" aria-label={t('emailChangeTitle')}>
        <Field id="ec-new" label={t('emailNew')} error={errors.newEmail?.message}>
          <input id="ec-new" type="email" className="input" autoComplete="email" {...describedBy('ec-new', errors.newEmail?.message)} {...register('newEmail')} />
        </Field>
        <FormStatus error={error} />
        {sent && (
          <p
            role="status"
            className="rounded-lg border border-emerald-500/40 bg-emerald-950/60 px-3 py-2 text-sm text-emerald-200 [overflow-wrap:anywhere]"
            data-testid="email-change-sent"
          >
            {t('emailChangeSent', { email: sent, current: user?.email ?? '' })}
          </p>
        )}
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          {t('emailChangeButton')}
        </button>
      </form>
    </div>
  );
}
