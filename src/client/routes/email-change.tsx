import { useEffect, useState } from 'react';
import { emailChange } from '#shared/endpoints/email-change';
import { call } from '../api/client';
import { Link, useSearchParams } from '../components/router';
import { StatusCard } from '../components/status-card';
import { DisownLinkPage } from '../features/auth/disown-link-page';
import { useErrorText } from '../errors';
import { useLocalePath, useT } from '../i18n';

/** One request per token, even when React mounts the page twice: a link works only once. */
const confirming = new Map<string, ReturnType<typeof confirmLink>>();
const confirmLink = (token: string) => call(emailChange.confirm, { body: { token }, auth: false });

type Outcome = { kind: 'working' } | { kind: 'done'; email: string } | { kind: 'error'; message: string };

/**
 * /confirm-email-change?token=…, the link mailed to the new address (decision 194): followed, the account's address is
 * the new one, said with it; a used or expired link says so.
 */
export function ConfirmEmailChangePage() {
  const t = useT('auth');
  const errorText = useErrorText();
  const home = useLocalePath()('/');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<Outcome>(() => (token ? { kind: 'working' } : { kind: 'error', message: t('emailChangeLinkMissing') }));

  useEffect(() => {
    if (!token) return;
    let live = true;
    let pending = confirming.get(token);
    if (!pending) {
      pending = confirmLink(token);
      confirming.set(token, pending);
    }
    pending
      .then((res) => live && setState({ kind: 'done', email: res.data.email }))
      .catch((err) => live && setState({ kind: 'error', message: errorText(err, t('emailChangeFailed')) }));
    return () => {
      live = false;
    };
  }, [token, errorText, t]);

  if (state.kind === 'working') return <StatusCard state="loading" title={t('emailChangeConfirming')} />;
  if (state.kind === 'done')
    return (
      <StatusCard state="success" title={t('emailChangeConfirmed')}>
        <p>{t('emailChangeConfirmedText', { email: state.email })}</p>
        <Link to={home} className="btn-primary">
          {t('linkHomeNow')}
        </Link>
      </StatusCard>
    );
  return (
    <StatusCard state="error" title={t('emailChangeFailedTitle')}>
      <p>{state.message}</p>
      <Link to={home} className="btn-secondary">
        {t('linkBackHome')}
      </Link>
    </StatusCard>
  );
}

/** /undo-email-change?token=…, the "this wasn't me" link mailed to the old address (decision 194): the change undone too. */
export function UndoEmailChangePage() {
  const t = useT('auth');
  return (
    <DisownLinkPage
      disown={async (token) => (await call(emailChange.undo, { body: { token }, auth: false })).data}
      texts={{
        title: t('emailUndoTitle'),
        body: <p>{t('emailUndoText')}</p>,
        action: t('emailUndoAction'),
        keep: t('emailUndoKeep'),
        failedTitle: t('emailChangeFailedTitle'),
        failed: t('emailChangeFailed'),
      }}
    />
  );
}
