import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { shortDate } from '#shared/dates';
import { twoFactor } from '#shared/endpoints/two-factor';
import type { TwoFactorSetupDto, TwoFactorStatusDto } from '#shared/schemas/responses/two-factor';
import { call } from '#client/api/client';
import { Spinner } from '#client/components/spinner';
import { useErrorText } from '#client/errors';
import { useLocale, useT } from '#client/i18n';
import { FormStatus } from '../../auth/form-status';
import { useTimeZone } from '../../auth/use-time-zone';
import { EndOtherSessionsOffer } from './end-other-sessions-offer';
import { TWO_FACTOR_KEY, useStepUp } from './step-up';

type Stage = { kind: 'idle' } | { kind: 'setup'; setup: TwoFactorSetupDto } | { kind: 'codes'; codes: string[] } | { kind: 'confirm-off' };

/** The ten recovery codes, shown once: copy or download them, then say they are kept. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT('account');
  const [copied, setCopied] = useState(false);
  const text = `${codes.join('\n')}\n`;
  const download = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  return (
    <div className="space-y-4" data-testid="recovery-codes">
      <p className="font-medium text-ink-100">{t('recoveryCodesTitle')}</p>
      <p className="text-sm text-ink-300">{t('recoveryCodesIntro')}</p>
      <ol className="grid grid-cols-2 gap-2 rounded-lg border border-ink-700 bg-ink-900 p-4 font-mono text-sm text-ink-100 max-[360px]:grid-cols-1">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className="btn-secondary"
          onClick={() =>
            void navigator.clipboard
              ?.writeText(text)
              .then(() => setCopied(true))
              .catch(() => undefined)
          }
        >
          {copied ? t('copied') : t('copyCodes')}
        </button>
        <a className="btn-secondary" href={download} download="stealth-browser-recovery-codes.txt">
          {t('downloadCodes')}
        </a>
        <button type="button" className="btn-primary" onClick={onDone}>
          {t('savedCodes')}
        </button>
      </div>
    </div>
  );
}

/**
 * Settings, Security: two-step verification with an authenticator app, and its recovery codes (decision 192); also the
 * admin area's enrolment (decision 193), which holds its page while the new codes are shown (`onCodesShown`) until they
 * are saved (`onCodesSaved`).
 */
export function TwoStepSection({ onCodesShown, onCodesSaved }: { onCodesShown?: () => void; onCodesSaved?: () => void } = {}) {
  const t = useT('account');
  const locale = useLocale();
  const zone = useTimeZone();
  const errorText = useErrorText();
  const qc = useQueryClient();
  const status = useQuery({ queryKey: TWO_FACTOR_KEY, queryFn: () => call(twoFactor.status).then((r) => r.data) });
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  // After the authenticator is turned on or off, the offer to sign out everywhere else (not on the admin gate's page).
  const [offer, setOffer] = useState(false);
  const stepUp = useStepUp((err) => setError(errorText(err, t('twoStepFailed'))));
  const busy = stepUp.busy;
  /** Runs a change; when it needs a fresh check, asks for it and runs it again after. */
  const act = (change: () => Promise<void>) => {
    setError('');
    return stepUp.act(change);
  };
  const refresh = (data?: TwoFactorStatusDto) => (data ? qc.setQueryData(TWO_FACTOR_KEY, data) : qc.invalidateQueries({ queryKey: TWO_FACTOR_KEY }));

  const start = () => act(async () => setStage({ kind: 'setup', setup: (await call(twoFactor.setup)).data }));
  const confirm = (e: FormEvent) => {
    e.preventDefault();
    void act(async () => {
      const { recoveryCodes } = (await call(twoFactor.confirm, { body: { code } })).data;
      setCode('');
      setStage({ kind: 'codes', codes: recoveryCodes });
      onCodesShown?.();
      await refresh();
    });
  };
  const regenerate = () => act(async () => setStage({ kind: 'codes', codes: (await call(twoFactor.regenerateRecoveryCodes)).data.recoveryCodes }));
  const turnOff = () =>
    act(async () => {
      await refresh((await call(twoFactor.turnOff)).data);
      setStage({ kind: 'idle' });
      setOffer(true);
    });

  if (status.isPending) return <Spinner label={t('twoStepTitle')} />;
  const s = status.data;
  const on = s?.enabled === true;

  return (
    <div className="space-y-4" data-testid="two-step">
      <p className="text-sm text-ink-300">{on ? t('twoStepOn', { date: s.confirmedAt ? shortDate(s.confirmedAt, zone, locale) : '' }) : t('twoStepOffIntro')}</p>
      {stepUp.form}
      {offer && <EndOtherSessionsOffer onDone={() => setOffer(false)} />}
      {stage.kind === 'codes' ? (
        <RecoveryCodes
          codes={stage.codes}
          onDone={() => {
            setStage({ kind: 'idle' });
            if (onCodesSaved) onCodesSaved();
            else setOffer(true);
          }}
        />
      ) : stage.kind === 'setup' ? (
        <form onSubmit={confirm} className="space-y-4" noValidate aria-label={t('twoStepSetupTitle')}>
          <p className="font-medium text-ink-100">{t('twoStepSetupTitle')}</p>
          <p className="text-sm text-ink-300">{t('twoStepScan')}</p>
          <img src={`data:image/svg+xml;utf8,${encodeURIComponent(stage.setup.qrSvg)}`} alt={t('twoStepQrAlt')} width={180} height={180} className="rounded-lg bg-white p-1" />
          <p className="text-sm text-ink-300">
            {t('twoStepSecret')}{' '}
            <code className="mt-2 block w-fit max-w-full break-all rounded bg-ink-800 px-2 py-1 font-mono text-ink-100" data-testid="two-step-secret">
              {stage.setup.secret.replace(/(.{4})(?=.)/g, '$1 ')}
            </code>
          </p>
          <label className="label" htmlFor="two-step-code">
            {t('twoStepCodeLabel')}
          </label>
          <input
            id="two-step-code"
            className="input max-w-xs font-mono tracking-widest"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <FormStatus error={error} />
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="btn-primary" disabled={busy || code.trim() === ''}>
              {t('twoStepTurnOn')}
            </button>
            <button type="button" className="btn-secondary" onClick={() => setStage({ kind: 'idle' })}>
              {t('cancel')}
            </button>
          </div>
        </form>
      ) : on ? (
        <div className="space-y-3">
          <p className={s.recoveryCodesLow ? 'text-sm text-amber-300' : 'text-sm text-ink-300'} data-testid="recovery-left">
            {s.recoveryCodesLow ? t('recoveryCodesLow', { left: s.recoveryCodesLeft }) : t('recoveryCodesLeft', { left: s.recoveryCodesLeft })}
          </p>
          <FormStatus error={error} />
          {stage.kind === 'confirm-off' ? (
            <div className="space-y-3 rounded-lg border border-red-500/40 p-4">
              <p className="text-sm text-ink-200">{t('twoStepOffWarning')}</p>
              <div className="flex flex-wrap gap-3">
                <button type="button" className="btn-danger" onClick={() => void turnOff()} disabled={busy}>
                  {t('twoStepTurnOff')}
                </button>
                <button type="button" className="btn-secondary" onClick={() => setStage({ kind: 'idle' })}>
                  {t('cancel')}
                </button>
              </div>
            </div>
          ) : (
            <div className="flex flex-wrap gap-3">
              <button type="button" className="btn-secondary" onClick={() => void regenerate()} disabled={busy}>
                {t('newRecoveryCodes')}
              </button>
              {!s.required && (
                <button type="button" className="btn-secondary" onClick={() => setStage({ kind: 'confirm-off' })} disabled={busy}>
                  {t('twoStepTurnOff')}
                </button>
              )}
            </div>
          )}
          {s.required && <p className="text-sm text-ink-400">{t('twoStepRequired')}</p>}
        </div>
      ) : (
        <div className="space-y-3">
          <FormStatus error={error} />
          <button type="button" className="btn-primary" onClick={() => void start()} disabled={busy}>
            {t('twoStepStart')}
          </button>
        </div>
      )}
    </div>
  );
}
