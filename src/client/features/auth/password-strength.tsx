import { useEffect, useState } from 'react';
import { TIMERS_MS } from '#shared/constants';
import { scorePassword, type StrengthScore } from './strength';
import { useT } from '../../i18n';

const LABELS = ['strengthVeryWeak', 'strengthWeak', 'strengthFair', 'strengthGood', 'strengthStrong'] as const;

const COLORS = ['bg-red-500', 'bg-orange-500', 'bg-yellow-400', 'bg-lime-400', 'bg-emerald-500'];
const TEXT = ['text-red-400', 'text-orange-400', 'text-yellow-300', 'text-lime-300', 'text-emerald-400'];

/**
 * The sign-up strength meter: zxcvbn's score 0–4 with its label. It hides 2 s after the password
 * reaches Strong, and shows again if the password falls back to something weaker.
 */
export function PasswordStrength({ password, userInputs }: { password: string; userInputs: string[] }) {
  const [score, setScore] = useState<StrengthScore | null>(null);
  const [hidden, setHidden] = useState(false);
  const inputsKey = userInputs.join('\u0000');

  useEffect(() => {
    let live = true;
    if (!password) {
      setScore(null);
      return;
    }
    void scorePassword(password, inputsKey.split('\u0000')).then((s) => {
      if (live) setScore(s);
    });
    return () => {
      live = false;
    };
  }, [password, inputsKey]);

  useEffect(() => {
    setHidden(false);
    if (score !== 4) return;
    const timer = window.setTimeout(() => setHidden(true), TIMERS_MS.strengthMeterHide);
    return () => window.clearTimeout(timer);
  }, [score]);

  const t = useT('auth');
  if (!password || score === null || hidden) return null;
  return (
    <div className="mt-2" data-testid="password-strength" data-score={score}>
      <div className="flex gap-1" aria-hidden="true">
        {[0, 1, 2, 3, 4].map((i) => (
          <span key={i} className={`h-1.5 flex-1 rounded-full ${i <= score ? COLORS[score] : 'bg-ink-700'}`} />
        ))}
      </div>
      <p className={`mt-1 text-xs font-medium ${TEXT[score]}`} aria-live="polite">
        {t('strength', { label: t(LABELS[score]) })}
      </p>
    </div>
  );
}
