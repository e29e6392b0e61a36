import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ADMIN_REASON_MAX, ADMIN_REASON_MESSAGES } from '#shared/admin-actions';

/**
 * A native modal dialog for one admin action: what it does, its own fields, and the reason kept in the audit log
 * (required unless `reasonOptional`). `onSubmit` gets the trimmed reason; the dialog stays open on failure.
 */
export function ActionDialog({
  open,
  title,
  description,
  confirmLabel,
  closeLabel = 'Cancel',
  danger,
  busy,
  error,
  reasonOptional,
  children,
  after,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** The button that closes the dialog doing nothing: say what it keeps where "Cancel" would read as the action. */
  closeLabel?: string;
  danger?: boolean;
  busy: boolean;
  error: string | null;
  reasonOptional?: boolean;
  children?: ReactNode;
  /** Shown below the dialog's form, outside it (a form of its own: "Confirm it's you" when the action asks for step-up). */
  after?: ReactNode;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setReason('');
      setMissing(false);
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = reason.trim();
    if (!trimmed && !reasonOptional) {
      setMissing(true);
      return;
    }
    onSubmit(trimmed);
  };
  const shown = missing ? ADMIN_REASON_MESSAGES.required : error;

  return (
    <dialog
      ref={ref}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl border border-ink-700 bg-ink-900 p-0 text-ink-100 backdrop:bg-black/60"
      aria-labelledby="action-title"
    >
      {open && (
        <form onSubmit={submit} className="p-6" noValidate>
          <h2 id="action-title" className="text-lg font-semibold">
            {title}
          </h2>
          <div className="mt-2 text-sm text-ink-300">{description}</div>
          {children && <div className="mt-5 space-y-4">{children}</div>}
          <div className="mt-5">
            <label htmlFor="action-reason" className="label">
              Reason {reasonOptional ? <span className="font-normal text-ink-500">(optional)</span> : null}
            </label>
            <textarea
              id="action-reason"
              className="input min-h-[5rem]"
              maxLength={ADMIN_REASON_MAX}
              value={reason}
              aria-invalid={missing || undefined}
              aria-describedby="action-reason-help"
              onChange={(e) => {
                setReason(e.target.value);
                setMissing(false);
              }}
            />
            <p id="action-reason-help" className="mt-1 text-xs text-ink-500">
              Kept in the audit log with your name.
            </p>
          </div>
          {shown && (
            <p role="alert" className="mt-4 rounded-lg border border-red-500/30 bg-red-500/10 px-3 py-2 text-sm text-red-200">
              {shown}
            </p>
          )}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" className="btn-secondary" onClick={onClose}>
              {closeLabel}
            </button>
            <button type="submit" className={danger ? 'btn-danger' : 'btn-primary'} disabled={busy}>
              {busy ? 'Working...' : confirmLabel}
            </button>
          </div>
        </form>
      )}
      {open && after && <div className="px-6 pb-6">{after}</div>}
    </dialog>
  );
}
