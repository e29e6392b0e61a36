export function Spinner({ label = 'Loading...', className = '' }: { label?: string; className?: string }) {
  return (
    <div role="status" className={`flex flex-col items-center justify-center gap-3 py-16 text-ink-300 ${className}`}>
      <span className="h-8 w-8 animate-spin rounded-full border-2 border-ink-600 border-t-accent-400" aria-hidden="true" />
      <span className="text-sm">{label}</span>
    </div>
  );
}
