import type { ReactNode } from 'react';
import { useIssueText } from '../../errors';

/** A labelled form field with its error below, wired for screen readers. */
export function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: ReactNode; children: ReactNode }) {
  // A shared schema's issue is keyed by code (shared/errors.ts `issue`): its text in the reader's language; a text the
  // screen wrote itself (already in that language) as it is.
  const issueText = useIssueText();
  return (
    <div>
      <label className="label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {issueText(error)}
        </p>
      )}
    </div>
  );
}

/** aria props that tie an input to its error message. */
export const describedBy = (id: string, error?: string) => (error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {});
