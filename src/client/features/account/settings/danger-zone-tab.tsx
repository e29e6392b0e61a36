import { useState } from 'react';
import { useNavigate } from '../../../components/router';
import { EVENTS } from '../../../../shared/constants';
import { MSG } from '../../../../shared/messages';
import { DELETE_CONFIRMATION } from '../../../../shared/schemas/account';
import { messageOf, tokens } from '../../../api/client';
import { useToast } from '../../../components/toast';
import { authApi } from '../../auth/auth-api';
import { FlashMessage } from './flash-message';
import { useFlash } from './use-flash';
import { rich, useMsg, useT } from '../../../i18n';

/** Danger Zone: type DELETE exactly, confirm the browser dialog, and the account is gone (spec §5). */
export function DangerZoneTab() {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [flash, show, clearFlash] = useFlash();
  const navigate = useNavigate();
  const toast = useToast();
  const t = useT('account');
  const msg = useMsg();

  const remove = async () => {
    if (text !== DELETE_CONFIRMATION) {
      show('error', MSG.typeDelete);
      return;
    }
    // The word is right now: an earlier 'type DELETE' message no longer holds, whatever the dialog's answer.
    clearFlash();
    if (!window.confirm(msg(MSG.confirmDelete))) return;
    setBusy(true);
    try {
      const res = await authApi.deleteAccount();
      tokens.clear();
      window.dispatchEvent(new Event(EVENTS.refreshUserState));
      toast.success(msg(res.message ?? MSG.accountDeleted));
      navigate('/', { replace: true });
    } catch (err) {
      show('error', messageOf(err, MSG.deleteFailed));
      setBusy(false);
    }
  };

  return (
    <div className="rounded-xl border border-red-500/40 bg-red-500/5 p-5">
      <h3 className="text-base font-semibold text-red-200">{t('deleteTitle')}</h3>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-ink-300">
        <li>{t('deleteWhatProfile')}</li>
        <li>{t('deleteWhatSubscription')}</li>
        <li>{t('deleteWhatPayments')}</li>
      </ul>
      <div className="mt-4 max-w-sm">
        <label className="label" htmlFor="delete-confirm">
          {rich(t('typeToConfirm', { word: DELETE_CONFIRMATION }), [<span className="font-mono text-red-200" />])}
        </label>
        <input id="delete-confirm" className="input" autoComplete="off" value={text} onChange={(e) => {
            setText(e.target.value);
            if (flash?.type === 'error') clearFlash();
          }} />
      </div>
      <div className="mt-4 space-y-3">
        <FlashMessage flash={flash} />
        <button type="button" className="btn-danger" onClick={remove} disabled={busy}>
          {busy ? t('deleting') : t('deleteButton')}
        </button>
      </div>
    </div>
  );
}
