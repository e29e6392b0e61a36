import type { Flash } from './use-flash';

export function FlashMessage({ flash }: { flash: Flash }) {
  if (!flash) return null;
  const ok = flash.type === 'success';
  return (
    <p
      role={ok ? 'status' : 'alert'}
      data-testid="settings-message"
      className={`rounded-lg border px-3 py-2 text-sm ${ok ? 'border-emerald-500/40 bg-emerald-950/60 text-emerald-200' : 'border-red-500/40 bg-red-950/60 text-red-200'}`}
    >
      {flash.message}
    </p>
  );
}
