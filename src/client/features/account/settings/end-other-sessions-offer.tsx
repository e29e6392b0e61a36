import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useErrorText } from '#client/errors';
import { useT } from '#client/i18n';
import { authApi } from '../../auth/auth-api';
import { FormStatus } from '../../auth/form-status';
import { SESSIONS_KEY } from './sessions-list';

/**
 * After a sign-in factor changed (an authenticator or a passkey added or removed), the offer to sign out every other
 * session (issue 36): whoever may have used the old way in stays signed in only if the owner says so.
 */
export function EndOtherSessionsOffer({ onDone }: { onDone: () => void }) {
  const t = useT('account');
  const errorText = useErrorText();
  const qc = useQueryClient();
  const [state, setState] = useState<{ kind: 'idle' | 'busy' | 'done' } | { kind: 'error'; message: string }>({ kind: 'idle' });
  const end = async () => {
    setState({ kind: 'busy' });
    try {
      await authApi.signOutOthers();
      await qc.invalidateQueries({ queryKey: SESSIONS_KEY });
      setState({ kind: 'done' });
    } catch (err) {
      setState({ kind: 'error', message: errorText(err, t('endOthersFailed')) });
    }
  };
  if (state.kind === 'done') return <FormStatus success={t('endOthersDone')} />;
  return (
    <div className="space-y-3 rounded-lg border border-ink-700 bg-ink-850 p-4" data-testid="end-other-sessions">
      <p className="text-sm text-ink-200">{t('endOthersOffer')}</p>
      {state.kind === 'error' && <FormStatus error={state.message} />}
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn-primary" onClick={() => void end()} disabled={state.kind === 'busy'}>
          {t('endOthersYes')}
        </button>
        <button type="button" className="btn-secondary" onClick={onDone}>
          {t('endOthersNo')}
        </button>
      </div>
    </div>
  );
}
