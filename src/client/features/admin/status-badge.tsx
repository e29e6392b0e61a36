import { displayStatus } from '#shared/schemas/blog';

const LOOK = {
  published: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-300',
  draft: 'border-amber-500/40 bg-amber-500/10 text-amber-300',
  archived: 'border-ink-600 bg-ink-800 text-ink-300',
} as const;

export function StatusBadge({ status }: { status: string }) {
  const shown = displayStatus(status);
  return <span className={`inline-flex rounded-full border px-2.5 py-0.5 text-xs font-semibold capitalize ${LOOK[shown]}`}>{shown}</span>;
}
