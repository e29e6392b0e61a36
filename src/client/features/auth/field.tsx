import type { ReactNode } from 'react';
import { useMsg } from '../../i18n';

/** A labelled form field with its error below, wired for screen readers. */
export function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: ReactNode; children: ReactNode }) {
  // A schema's message is a spec text in English: shown in the reader's language (shared/i18n/msg.ts).
  const msg = useMsg();
  return (
    <div>
      <label className="label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {msg(error)}
        </p>
      )}
    </div>
  );
}

/** aria props that tie an input to its error message. */
export const describedBy = (id: string, error?: string) => (error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {});
