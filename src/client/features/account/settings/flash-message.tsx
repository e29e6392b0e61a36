import { useT } from '#client/i18n';
import type { Flash } from './use-flash';

/** A settings message in the user's language: a `msg` text by its key at each render, or the text the screen wrote (an error's by `useErrorText`). */
export function FlashMessage({ flash }: { flash: Flash }) {
  const msg = useT('msg');
  if (!flash) return null;
  const ok = flash.type === 'success';
  return (
    <p
      role={ok ? 'status' : 'alert'}
      data-testid="settings-message"
      className={`rounded-lg border px-3 py-2 text-sm ${ok ? 'border-emerald-500/40 bg-emerald-950/60 text-emerald-200' : 'border-red-500/40 bg-red-950/60 text-red-200'}`}
    >
      {typeof flash.message === 'string' ? flash.message : msg(flash.message.msg)}
    </p>
  );
}
