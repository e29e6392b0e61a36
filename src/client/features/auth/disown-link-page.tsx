import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from '../../components/router';
import { StatusCard } from '../../components/status-card';
import { useErrorText } from '../../errors';
import { useLocalePath, useT } from '../../i18n';

/** A page's own words: its question, its action, the way out, and what it says when the link fails. */
type DisownTexts = { title: string; body: ReactNode; action: string; keep: string; failedTitle: string; failed: string };

/**
 * The page of a mailed "This wasn't me" link (an e-mail change's undo, decision 194; a new sign-in's, decision 200).
 * It asks before it acts (a mail scanner that opens links must not sign the owner out); then `disown(token)` ends
 * every session and voids the password, and the page goes on to choosing a new password with the reset token it
 * answered. A missing, used or expired link says so.
 */
export function DisownLinkPage({ disown, texts }: { disown: (token: string) => Promise<{ resetToken: string }>; texts: DisownTexts }) {
  const t = useT('auth');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const lp = useLocalePath();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [error, setError] = useState(token ? '' : t('emailChangeLinkMissing'));
  const [busy, setBusy] = useState(false);

  const act = async () => {
    setBusy(true);
    try {
      const { resetToken } = await disown(token);
      navigate(`${lp('/reset-password')}?token=${encodeURIComponent(resetToken)}`, { replace: true });
    } catch (err) {
      setError(errorText(err, texts.failed));
      setBusy(false);
    }
  };

  if (error)
    return (
      <StatusCard state="error" title={texts.failedTitle}>
        <p>{error}</p>
        <Link to={lp('/')} className="btn-secondary">
          {t('linkBackHome')}
        </Link>
      </StatusCard>
    );
  return (
    <StatusCard state="warning" title={texts.title}>
      {texts.body}
      <button type="button" className="btn-danger w-full" onClick={() => void act()} disabled={busy}>
        {texts.action}
      </button>
      <Link to={lp('/')} className="btn-secondary w-full">
        {texts.keep}
      </Link>
    </StatusCard>
  );
}
