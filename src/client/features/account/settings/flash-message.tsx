import type { Flash } from './use-flash';
import { useMsg } from '../../../i18n';

/**
 * A settings message in the user's language: the spec's texts (MSG) and the server's answers, which are spec texts in
 * English too, are shown translated (shared/i18n/msg.ts), at each render, so a change of language changes it as well.
 */
export function FlashMessage({ flash }: { flash: Flash }) {
  const msg = useMsg();
  if (!flash) return null;
  const ok = flash.type === 'success';
  return (
    <p
      role={ok ? 'status' : 'alert'}
      data-testid="settings-message"
      className={`rounded-lg border px-3 py-2 text-sm ${ok ? 'border-emerald-500/40 bg-emerald-950/60 text-emerald-200' : 'border-red-500/40 bg-red-950/60 text-red-200'}`}
    >
      {msg(flash.message)}
    </p>
  );
}
