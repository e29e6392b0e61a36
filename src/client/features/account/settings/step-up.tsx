import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { twoFactor } from '#shared/endpoints/two-factor';
import { ApiError, call } from '#client/api/client';
import { useErrorText } from '#client/errors';
import { useT } from '#client/i18n';
import { FormStatus } from '../../auth/form-status';
import { PasswordInput } from '../../auth/password-input';

export const TWO_FACTOR_KEY = ['two-factor'];

/**
 * "Confirm it's you" (step-up, decision 192): shown when a change answered STEP_UP_REQUIRED; the password, or a code
 * of the authenticator when two-step verification is on, or (decision 198) one of the account's passkeys that verifies
 * its user; then the change is tried again.
 */
function StepUpForm({
  withCode,
  withPasskey,
  intro,
  onDone,
  onCancel,
}: {
  withCode: boolean;
  withPasskey: boolean;
  intro?: StepUpIntro;
  onDone: () => void;
  onCancel: () => void;
}) {
  const t = useT('account');
  const errorText = useErrorText();
  const [useCode, setUseCode] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      await call(twoFactor.stepUp, { body: useCode ? { code: value } : { password: value } });
      onDone();
    } catch (err) {
      setError(errorText(err, t('twoStepFailed')));
      setBusy(false);
    }
  };
  // A prompt the person cancels (or that times out) is no refusal of the server: it says so, and nothing changed.
  const byPasskey = async () => {
    setBusy(true);
    setError('');
    try {
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const { options } = (await call(twoFactor.stepUpPasskeyOptions)).data;
      const response = await startAuthentication({ optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'] });
      await call(twoFactor.stepUp, {
        body: { passkey: { ...response, response: { ...response.response }, clientExtensionResults: { ...response.clientExtensionResults } } },
      });
      onDone();
    } catch (err) {
      setError(err instanceof ApiError ? errorText(err, t('twoStepFailed')) : t('stepUpPasskeyCancelled'));
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3 rounded-lg border border-ink-700 bg-ink-850 p-4" aria-label={t('stepUpTitle')} noValidate>
      <p className="font-medium text-ink-100">{t('stepUpTitle')}</p>
      <p className="text-sm text-ink-300">
        {useCode ? (intro?.code ?? t('stepUpCodeIntro')) : (intro?.password ?? (withPasskey ? t('stepUpPasswordOrPasskeyIntro') : t('stepUpPasswordIntro')))}
      </p>
      <label className="label" htmlFor="step-up-value">
        {useCode ? t('twoStepCodeLabel') : t('currentPassword')}
      </label>
      {useCode ? (
        <input
          id="step-up-value"
          className="input font-mono tracking-widest"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      ) : (
        <PasswordInput id="step-up-value" autoComplete="current-password" value={value} onChange={(e) => setValue(e.target.value)} />
      )}
      <FormStatus error={error} />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary" disabled={busy || value === ''}>
          {t('stepUpConfirm')}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          {t('cancel')}
        </button>
        {withCode && (
          <button
            type="button"
            className="text-sm text-accent-300 hover:underline"
            onClick={() => {
              setUseCode((c) => !c);
              setValue('');
            }}
          >
            {useCode ? t('stepUpUsePassword') : t('stepUpUseCode')}
          </button>
        )}
        {withPasskey && (
          <button type="button" className="text-sm text-accent-300 hover:underline disabled:opacity-50" onClick={() => void byPasskey()} disabled={busy}>
            {t('stepUpUsePasskey')}
          </button>
        )}
      </div>
    </form>
  );
}

/** What the form says it is asked for, when not a change (a download of the account's data): with a password, with a code. */
export type StepUpIntro = { password: string; code: string };

/**
 * Runs changes that may need a fresh check (step-up, decision 192). `act(change)` tries it with `busy` set, and when
 * it answers STEP_UP_REQUIRED keeps it and shows `form` ("Confirm it's you"), after which it is tried again; any other
 * refusal goes to `onError`. `run(change)` is the same without `busy`, throwing other refusals to the caller.
 */
export function useStepUp(onError: (err: unknown) => void, intro?: StepUpIntro) {
  const status = useQuery({ queryKey: TWO_FACTOR_KEY, queryFn: () => call(twoFactor.status).then((r) => r.data) });
  const [pending, setPending] = useState<(() => Promise<void>) | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (change: () => Promise<void>) => {
    try {
      await change();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'STEP_UP_REQUIRED') setPending(() => change);
      else throw err;
    }
  };
  const act = async (change: () => Promise<void>) => {
    setBusy(true);
    try {
      await run(change);
    } catch (err) {
      onError(err);
    } finally {
      setBusy(false);
    }
  };
  const form = pending ? (
    <StepUpForm
      withCode={status.data?.enabled === true}
      withPasskey={(status.data?.passkeys ?? 0) > 0 && 'PublicKeyCredential' in window}
      intro={intro}
      onCancel={() => setPending(null)}
      onDone={() => {
        const retry = pending;
        setPending(null);
        void act(retry);
      }}
    />
  ) : null;
  return { run, act, busy, form };
}
