import { useToast } from '../../components/toast';
import { useT } from '../../i18n';

/** The device's share sheet where the browser offers one in a secure context, else the link to the clipboard. */
export function ShareButton({ title, label = 'Share', className = 'btn-secondary' }: { title: string; label?: string; className?: string }) {
  const toast = useToast();
  const msg = useT('msg');
  const share = async () => {
    const url = window.location.href;
    if (window.isSecureContext && typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (err) {
        if ((err as Error).name === 'AbortError') return; // the visitor closed the sheet
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success(msg('linkCopied'));
    } catch {
      toast.error(msg('copyFailed'));
    }
  };
  return (
    <button type="button" className={className} onClick={() => void share()}>
      <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <circle cx="18" cy="5" r="3" />
        <circle cx="6" cy="12" r="3" />
        <circle cx="18" cy="19" r="3" />
        <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
      </svg>
      {label}
    </button>
  );
}
