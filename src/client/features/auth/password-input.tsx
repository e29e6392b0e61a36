import { forwardRef, useState, type InputHTMLAttributes } from 'react';
import { useT } from '../../i18n';

/** A password field with a show/hide toggle. */
export const PasswordInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function PasswordInput(props, ref) {
  const [shown, setShown] = useState(false);
  const t = useT('auth');
  return (
    <div className="relative">
      <input ref={ref} {...props} type={shown ? 'text' : 'password'} className={`input pr-16 ${props.className ?? ''}`} />
      <button
        type="button"
        className="absolute inset-y-0 right-0 rounded-r-lg px-3 text-xs font-medium text-ink-400 hover:text-ink-100"
        aria-label={shown ? t('hidePassword') : t('showPassword')}
        aria-pressed={shown}
        onClick={() => setShown((s) => !s)}
      >
        {shown ? t('hide') : t('show')}
      </button>
    </div>
  );
});
