import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { shortDate } from '#shared/dates';
import { passkeys as endpoints } from '#shared/endpoints/passkeys';
import type { PasskeyDto } from '#shared/schemas/passkeys';
import { ApiError, call } from '#client/api/client';
import { Spinner } from '#client/components/spinner';
import { useErrorText } from '#client/errors';
import { useLocale, useT } from '#client/i18n';
import { FormStatus } from '../../auth/form-status';
import { useTimeZone } from '../../auth/use-time-zone';
import { EndOtherSessionsOffer } from './end-other-sessions-offer';
import { TWO_FACTOR_KEY, useStepUp } from './step-up';

const PASSKEYS_KEY = ['account', 'passkeys'] as const;

/** A name for a new passkey from the browser and system it was made on ("Chrome on Windows"). */
function defaultName(): string {
  const ua = navigator.userAgent;
  const browser = /Edg\//.test(ua) ? 'Edge' : /Firefox\//.test(ua) ? 'Firefox' : /Chrome\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : 'Browser';
  const system = /Windows/.test(ua) ? 'Windows' : /Android/.test(ua) ? 'Android' : /iPhone|iPad/.test(ua) ? 'iOS' : /Mac OS/.test(ua) ? 'macOS' : /Linux/.test(ua) ? 'Linux' : '';
  return system ? `${browser} on ${system}` : browser;
}

function PasskeyRow({ p, busy, onRename, onRemove }: { p: PasskeyDto; busy: boolean; onRename: (name: string) => Promise<void>; onRemove: () => void }) {
  const t = useT('account');
  const locale = useLocale();
  const zone = useTimeZone();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(p.name);
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between" data-testid="passkey-row">
      {editing ? (
        <form
          className="flex flex-1 flex-wrap items-center gap-2"
          aria-label={t('passkeyRename')}
          onSubmit={(e) => {
            e.preventDefault();
            void onRename(name).then(() => setEditing(false));
          }}
        >
          <label className="sr-only" htmlFor={`passkey-name-${p.id}`}>
            {t('passkeyName')}
          </label>
          <input id={`passkey-name-${p.id}`} className="input max-w-xs" value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
          <button type="submit" className="btn-primary" disabled={busy}>
            {t('passkeySave')}
          </button>
          <button type="button" className="btn-secondary" onClick={() => setEditing(false)}>
            {t('cancel')}
          </button>
        </form>
      ) : (
        <div className="min-w-0">
          <p className="font-medium text-ink-100 [overflow-wrap:anywhere]">{p.name}</p>
          <p className="text-xs text-ink-400">
            {t('passkeyAdded', { date: shortDate(p.createdAt, zone, locale) })} ·{' '}
            {p.lastUsedAt ? t('passkeyLastUsed', { date: shortDate(p.lastUsedAt, zone, locale) }) : t('passkeyNeverUsed')}
            {p.synced ? ` · ${t('passkeySynced')}` : ''}
          </p>
        </div>
      )}
      {!editing && (
        <div className="flex gap-2">
          <button type="button" className="btn-secondary" onClick={() => setEditing(true)} disabled={busy} aria-label={`${t('passkeyRename')}: ${p.name}`}>
            {t('passkeyRename')}
          </button>
          <button type="button" className="btn-secondary" onClick={onRemove} disabled={busy} aria-label={`${t('passkeyRemove')}: ${p.name}`}>
            {t('passkeyRemove')}
          </button>
        </div>
      )}
    </li>
  );
}

/** Settings, Security: the account's passkeys (decision 196): add one (behind step-up), rename, remove. */
export function PasskeysSection() {
  const t = useT('account');
  const errorText = useErrorText();
  const qc = useQueryClient();
  const query = useQuery({ queryKey: PASSKEYS_KEY, queryFn: () => call(endpoints.list).then((r) => r.data.passkeys) });
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [offer, setOffer] = useState(false);
  const stepUp = useStepUp((err) => setError(err instanceof ApiError ? errorText(err, t('passkeyFailed')) : t('passkeyCancelledAdd')));
  const busy = stepUp.busy;
  const act = (change: () => Promise<void>) => {
    setError('');
    setDone('');
    return stepUp.act(change);
  };

  const add = () =>
    act(async () => {
      const { startRegistration } = await import('@simplewebauthn/browser');
      const { options } = (await call(endpoints.registrationOptions)).data;
      const response = await startRegistration({ optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'] });
      const { passkey } = (
        await call(endpoints.add, {
          body: { name: defaultName(), response: { ...response, response: { ...response.response }, clientExtensionResults: { ...response.clientExtensionResults } } },
        })
      ).data;
      setDone(t('passkeyAddedNow', { name: passkey.name }));
      setOffer(true);
      await qc.invalidateQueries({ queryKey: PASSKEYS_KEY });
      // Step-up offers the account's passkeys (decision 198): its count is in the two-step status.
      await qc.invalidateQueries({ queryKey: TWO_FACTOR_KEY });
    });
  const rename = async (id: string, name: string) => {
    setError('');
    try {
      await call(endpoints.rename, { params: { id }, body: { name } });
      await qc.invalidateQueries({ queryKey: PASSKEYS_KEY });
    } catch (err) {
      setError(errorText(err, t('passkeyFailed')));
      throw err;
    }
  };
  const remove = (p: PasskeyDto) =>
    act(async () => {
      qc.setQueryData(PASSKEYS_KEY, (await call(endpoints.remove, { params: { id: p.id } })).data.passkeys);
      setDone(t('passkeyRemoved', { name: p.name }));
      setOffer(true);
      await qc.invalidateQueries({ queryKey: TWO_FACTOR_KEY });
    });

  if (query.isPending) return <Spinner label={t('passkeysTitle')} />;
  return (
    <div className="space-y-4" data-testid="passkeys">
      <p className="text-sm text-ink-300">{t('passkeysIntro')}</p>
      {stepUp.form}
      {query.data && query.data.length > 0 && (
        <ul className="divide-y divide-ink-800" aria-label={t('passkeysTitle')}>
          {query.data.map((p) => (
            <PasskeyRow key={p.id} p={p} busy={busy} onRename={(name) => rename(p.id, name)} onRemove={() => void remove(p)} />
          ))}
        </ul>
      )}
      <FormStatus error={error || (query.isError ? errorText(query.error, t('passkeyFailed')) : '')} success={done} />
      {offer && <EndOtherSessionsOffer onDone={() => setOffer(false)} />}
      <button type="button" className="btn-primary" onClick={() => void add()} disabled={busy}>
        {t('passkeyAdd')}
      </button>
    </div>
  );
}
