import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { dateTimeWithZone } from '#shared/dates';
import { twoFactorRecovery } from '#shared/endpoints/two-factor-recovery';
import { call, load } from '#client/api/client';
import { useErrorText } from '#client/errors';
import { useLocale, useT } from '#client/i18n';
import { FormStatus } from '../auth/form-status';
import { useTimeZone } from '../auth/use-time-zone';

export const RECOVERY_KEY = ['two-factor', 'recovery'];

/**
 * The notice every signed-in session of the account shows while a recovery of two-step verification by e-mail waits
 * (decision 201), beside the mail: when and from where it was asked for, when it could be finished, and the button that
 * stops it. Nothing is shown when none waits.
 */
export function RecoveryNotice() {
  const t = useT('account');
  const errorText = useErrorText();
  const zone = useTimeZone();
  const locale = useLocale();
  const qc = useQueryClient();
  const [stopped, setStopped] = useState(false);
  const status = useQuery({ queryKey: RECOVERY_KEY, queryFn: ({ signal }) => load(twoFactorRecovery.status, { signal }) });
  const stop = useMutation({
    mutationFn: () => call(twoFactorRecovery.cancelFromSession),
    onSuccess: (res) => {
      qc.setQueryData(RECOVERY_KEY, res.data);
      setStopped(true);
    },
  });

  if (stopped)
    return (
      <div data-testid="recovery-notice">
        <FormStatus success={t('recoveryNoticeStopped')} />
      </div>
    );
  const r = status.data?.recovery;
  if (!r) return null;
  const from = [r.browser && r.os ? `${r.browser}, ${r.os}` : r.browser || r.os, r.place || t('recoveryNoticeUnknown')].filter(Boolean).join(' · ');
  return (
    <section aria-labelledby="recovery-notice-title" className="rounded-2xl border border-amber-500/40 bg-amber-500/10 p-5" data-testid="recovery-notice">
      <h2 id="recovery-notice-title" className="font-semibold text-amber-200">
        {t('recoveryNoticeTitle')}
      </h2>
      <p className="mt-2 text-sm text-ink-200">
        {t('recoveryNoticeText', { requestedAt: dateTimeWithZone(r.requestedAt, zone, locale), readyAt: dateTimeWithZone(r.readyAt, zone, locale), from })}
      </p>
      <p className="mt-2 text-sm text-ink-300">{t('recoveryNoticeNotYou')}</p>
      {stop.isError && (
        <div className="mt-3">
          <FormStatus error={errorText(stop.error, t('recoveryNoticeFailed'))} />
        </div>
      )}
      <button type="button" className="btn-danger mt-4" onClick={() => stop.mutate()} disabled={stop.isPending}>
        {t('recoveryNoticeStop')}
      </button>
    </section>
  );
}
