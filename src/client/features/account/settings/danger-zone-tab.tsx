import { useState } from 'react';
import { useNavigate } from '#client/components/router';
import { EVENTS } from '#shared/constants';
import { DELETE_CONFIRMATION } from '#shared/schemas/account';
import { tokens } from '#client/api/client';
import { useErrorText } from '#client/errors';
import { useToast } from '#client/components/toast';
import { authApi } from '../../auth/auth-api';
import { PasswordInput } from '../../auth/password-input';
import { FlashMessage } from './flash-message';
import { useFlash } from './use-flash';
import { YourDataSection } from './your-data-section';
import { rich, useLocalePath, useT } from '#client/i18n';

/**
 * Danger Zone: first "Your data", a copy of everything to download (decision 199); then the deletion: type DELETE
 * exactly, give the account's password (decision 104: a signed-in browser alone deletes nothing), confirm the browser
 * dialog, and the account is gone.
 */
export function DangerZoneTab() {
  const errorText = useErrorText();
  const [text, setText] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [flash, show, clearFlash] = useFlash();
  const navigate = useNavigate();
  const toast = useToast();
  const t = useT('account');
  const msg = useT('msg');
  // The home page in the language the account was shown in, where the toast in that language is shown.
  const home = useLocalePath()('/');

  const remove = async () => {
    if (text !== DELETE_CONFIRMATION) {
      show('error', { msg: 'typeDelete' });
      return;
    }
    if (!password) {
      show('error', { msg: 'passwordRequired' });
      return;
    }
    // The word and a password are there now: an earlier message no longer holds, whatever the dialog's answer.
    clearFlash();
    if (!window.confirm(msg('confirmDelete'))) return;
    setBusy(true);
    try {
      await authApi.deleteAccount(password);
      tokens.clear();
      window.dispatchEvent(new Event(EVENTS.refreshUserState));
      toast.success(msg('accountDeleted'));
      navigate(home, { replace: true });
    } catch (err) {
      show('error', errorText(err, msg('deleteFailed')));
      setBusy(false);
    }
  };

  return (
    <div className="space-y-6">
      <YourDataSection />
      <section aria-labelledby="delete-heading" className="rounded-xl border border-red-500/40 bg-red-500/5 p-5">
        <h3 id="delete-heading" className="text-base font-semibold text-red-200">
          {t('deleteTitle')}
        </h3>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-ink-300">
          <li>{t('deleteWhatProfile')}</li>
          <li>{t('deleteWhatSubscription')}</li>
          <li>{t('deleteWhatPayments')}</li>
        </ul>
        <div className="mt-4 max-w-sm">
          <label className="label" htmlFor="delete-confirm">
            {rich(t('typeToConfirm', { word: DELETE_CONFIRMATION }), [<span className="font-mono text-red-200" />])}
          </label>
          <input
            id="delete-confirm"
            className="input"
            autoComplete="off"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (flash?.type === 'error') clearFlash();
            }}
          />
        </div>
        <div className="mt-3 max-w-sm">
          <label className="label" htmlFor="delete-password">
            {t('deletePassword')}
          </label>
          <PasswordInput
            id="delete-password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              if (flash?.type === 'error') clearFlash();
            }}
          />
        </div>
        <div className="mt-4 space-y-3">
          <FlashMessage flash={flash} />
          <button type="button" className="btn-danger" onClick={remove} disabled={busy}>
            {busy ? t('deleting') : t('deleteButton')}
          </button>
        </div>
      </section>
    </div>
  );
}
