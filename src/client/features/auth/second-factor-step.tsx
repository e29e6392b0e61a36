import { useState, type FormEvent } from 'react';
import type { LoginResult } from '#shared/api';
import type { SecondFactorChallenge } from '#shared/schemas/responses/auth';
import { ApiError } from '../../api/client';
import { useErrorText } from '../../errors';
import { useT } from '../../i18n';
import { useAuth } from './auth-context';
import { Field } from './field';
import { FormStatus } from './form-status';
import { LostFactorRecovery } from './lost-factor-recovery';

/** The second step a sign-in waits for: its challenge and what may answer it. */
export type PendingSecondStep = Pick<SecondFactorChallenge['secondFactor'], 'challenge' | 'methods'>;

/**
 * The sign-in's second step (decision 192), after a right password on an account with two-step verification: a code
 * of the authenticator app, a recovery code, or (decision 198) one of the account's passkeys when the challenge offers
 * it and the browser has WebAuthn; without any of them, the recovery by e-mail (decision 201). The customers' sign-in
 * and the admin's share it.
 */
export function SecondFactorStep({ step, onSignedIn, onBack }: { step: PendingSecondStep; onSignedIn: (result: LoginResult) => void; onBack: () => void }) {
  const t = useT('auth');
  const msg = useT('msg');
  const errorText = useErrorText();
  const { completeSecondFactor, completeSecondFactorWithPasskey } = useAuth();
  const { challenge } = step;
  const byPasskey = step.methods.includes('passkey') && typeof window !== 'undefined' && 'PublicKeyCredential' in window;
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [lost, setLost] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    setBusy(true);
    try {
      onSignedIn(await completeSecondFactor(challenge, recovery ? { recoveryCode: value } : { code: value }));
    } catch (err) {
      setError(errorText(err, msg('loginFailed')));
      setBusy(false);
    }
  };

  // A prompt the person cancels (or that times out) is no refusal of the server: it says so, and nothing changed.
  const withPasskey = async () => {
    setError('');
    setBusy(true);
    try {
      onSignedIn(await completeSecondFactorWithPasskey(challenge));
    } catch (err) {
      setError(err instanceof ApiError ? errorText(err, msg('loginFailed')) : t('twoStepPasskeyCancelled'));
      setBusy(false);
    }
  };

  if (lost) return <LostFactorRecovery challenge={challenge} onBack={() => setLost(false)} onDone={onBack} />;

  const id = recovery ? 'second-factor-recovery' : 'second-factor-code';
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate aria-label={t('twoStepTitle')}>
      <h3 className="text-lg font-semibold text-ink-100">{t('twoStepTitle')}</h3>
      <p className="text-sm text-ink-300">{recovery ? t('twoStepRecoveryIntro') : byPasskey ? t('twoStepCodeOrPasskeyIntro') : t('twoStepCodeIntro')}</p>
      <Field id={id} label={recovery ? t('twoStepRecoveryLabel') : t('twoStepCodeLabel')}>
        <input
          key={id}
          id={id}
          className="input font-mono tracking-widest"
          autoFocus
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          placeholder={recovery ? 'XXXXX-XXXXX' : '123456'}
          maxLength={recovery ? 20 : 7}
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      </Field>
      <FormStatus error={error} />
      <button type="submit" className="btn-primary w-full" disabled={busy || value.trim() === ''}>
        {busy ? t('twoStepVerifying') : t('twoStepVerify')}
      </button>
      {byPasskey && (
        <button type="button" className="btn-secondary w-full" onClick={() => void withPasskey()} disabled={busy}>
          {t('twoStepUsePasskey')}
        </button>
      )}
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className="text-accent-300 hover:underline"
          onClick={() => {
            setRecovery((r) => !r);
            setValue('');
            setError('');
          }}
        >
          {recovery ? t('twoStepUseCode') : t('twoStepUseRecovery')}
        </button>
        <button type="button" className="text-ink-400 hover:text-ink-100" onClick={onBack}>
          {t('twoStepBack')}
        </button>
      </div>
      <p className="border-t border-ink-800 pt-3 text-sm">
        <button type="button" className="text-left text-accent-300 hover:underline" onClick={() => setLost(true)}>
          {t('twoStepLost')}
        </button>
      </p>
    </form>
  );
}
