import { useState, type FormEvent } from 'react';
import type { LoginResult } from '#shared/api';
import { useErrorText } from '../../errors';
import { useT } from '../../i18n';
import { useAuth } from './auth-context';
import { Field } from './field';
import { FormStatus } from './form-status';
import { LostFactorRecovery } from './lost-factor-recovery';

/**
 * The sign-in's second step (decision 192), after a right password on an account with two-step verification: a code
 * of the authenticator app, or a recovery code; without either, the recovery by e-mail (decision 201). The customers'
 * sign-in and the admin's share it.
 */
export function SecondFactorStep({ challenge, onSignedIn, onBack }: { challenge: string; onSignedIn: (result: LoginResult) => void; onBack: () => void }) {
  const t = useT('auth');
  const msg = useT('msg');
  const errorText = useErrorText();
  const { completeSecondFactor } = useAuth();
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

  if (lost) return <LostFactorRecovery challenge={challenge} onBack={() => setLost(false)} onDone={onBack} />;

  const id = recovery ? 'second-factor-recovery' : 'second-factor-code';
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate aria-label={t('twoStepTitle')}>
      <h3 className="text-lg font-semibold text-ink-100">{t('twoStepTitle')}</h3>
      <p className="text-sm text-ink-300">{recovery ? t('twoStepRecoveryIntro') : t('twoStepCodeIntro')}</p>
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
