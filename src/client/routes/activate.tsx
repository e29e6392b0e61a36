import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { deviceGrant } from '#shared/endpoints/device-grant';
import { DEVICE_GRANT } from '#shared/constants';
import { dateTime } from '#shared/dates';
import { formatUserCode, normalizeUserCode } from '#shared/schemas/device-grant';
import type { DeviceGrantDto } from '#shared/schemas/responses/device-grant';
import { call } from '../api/client';
import { useLocation, useSearchParams } from '../components/router';
import { StatusCard } from '../components/status-card';
import { openAuthModal, useAuth } from '../features/auth/auth-context';
import { useErrorText } from '../errors';
import { useTimeZone } from '../features/auth/use-time-zone';
import { useLocale, useT } from '../i18n';

type State =
  | { kind: 'enter'; error?: string }
  | { kind: 'checking' }
  | { kind: 'confirm'; grant: DeviceGrantDto; busy?: 'approve' | 'deny'; error?: string; password?: string; askPassword?: boolean }
  | { kind: 'done'; grant: DeviceGrantDto };

/** What the user typed, as the program shows it: upper case, the dash after four letters. */
const shown = (typed: string) => {
  const letters = typed
    .toUpperCase()
    .replace(/[^A-Z]/g, '')
    .slice(0, DEVICE_GRANT.userCodeLength);
  return letters.length > 4 ? formatUserCode(letters) : letters;
};

/**
 * /activate?code=XXXX-XXXX: the desktop program's sign-in through the browser (RFC 8628, decision 185). A visitor signs
 * in with the site's modal and comes back here; then the code (filled in from the program's link, or typed) names the
 * device, and the user approves or denies "Sign in Stealth Browser on {device}?". The program's polling gets its
 * session once approved; a code another session decided is refused with DEVICE_CODE_USED.
 */
export function ActivatePage() {
  const t = useT('auth');
  const errorText = useErrorText();
  const locale = useLocale();
  const zone = useTimeZone();
  const { isLoggedIn, loading, user } = useAuth();
  const [params] = useSearchParams();
  const { pathname, search } = useLocation() as { pathname: string; search: string };
  const fromLink = params.get('code') ?? '';
  const [code, setCode] = useState(() => shown(fromLink));
  const [state, setState] = useState<State>(() => (normalizeUserCode(fromLink) ? { kind: 'checking' } : { kind: 'enter' }));
  const looked = useRef(false);

  const lookUp = useCallback(
    async (typed: string) => {
      setState({ kind: 'checking' });
      try {
        const { data } = await call(deviceGrant.lookup, { body: { userCode: typed } });
        setState(data.status === 'pending' ? { kind: 'confirm', grant: data, askPassword: data.reauth } : { kind: 'done', grant: data });
      } catch (err) {
        setState({ kind: 'enter', error: errorText(err, t('activateHeading')) });
      }
    },
    [errorText, t],
  );

  // The code of the program's link is looked up once the user is signed in.
  useEffect(() => {
    if (loading || !isLoggedIn || looked.current) return;
    looked.current = true;
    if (normalizeUserCode(fromLink)) void lookUp(fromLink);
  }, [loading, isLoggedIn, fromLink, lookUp]);

  // A session signed in long ago approves with the account's password (REAUTH_REQUIRED asks for it if the page did not).
  const decide = async (approve: boolean) => {
    if (state.kind !== 'confirm') return;
    setState({ ...state, busy: approve ? 'approve' : 'deny', error: undefined });
    const password = approve && state.askPassword ? (state.password ?? '') : undefined;
    try {
      const { data } = await call(deviceGrant.decide, { body: { userCode: state.grant.userCode, approve, ...(password ? { password } : {}) } });
      setState({ kind: 'done', grant: data });
    } catch (err) {
      const reauth = (err as { code?: string }).code === 'REAUTH_REQUIRED';
      setState({ ...state, busy: undefined, askPassword: state.askPassword || reauth, error: errorText(err, t('activateHeading')) });
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void lookUp(code);
  };

  if (loading || (isLoggedIn && state.kind === 'checking')) return <StatusCard state="loading" title={t('activateHeading')} />;

  if (!isLoggedIn) {
    return (
      <StatusCard state="none" title={t('activateHeading')}>
        {normalizeUserCode(code) && <CodeBadge code={shown(code)} />}
        <p>{t('activateSignInHelp')}</p>
        <button type="button" className="btn-primary w-full" onClick={() => openAuthModal('signin', { returnTo: `${pathname}${search}` })}>
          {t('activateSignIn')}
        </button>
      </StatusCard>
    );
  }

  if (state.kind === 'confirm') {
    const { grant } = state;
    return (
      <StatusCard state="none" title={t('activateConfirmTitle', { device: grant.deviceName || t('activateUnnamedDevice') })}>
        <CodeBadge code={grant.userCode} />
        {grant.deviceOs && <p className="text-ink-200">{grant.deviceOs}</p>}
        <p className="text-ink-300" data-testid="activate-requested">
          {t('activateRequestedFrom', { place: grant.place || t('activateUnknownPlace'), when: dateTime(grant.requestedAt, zone, locale) })}
        </p>
        <p>{t('activateConfirmHelp', { code: grant.userCode })}</p>
        <p className="text-ink-400">{t('activateSignedInAs', { email: user?.email ?? '' })}</p>
        {state.askPassword && (
          <div className="text-left">
            <label htmlFor="activate-password" className="label">
              {t('activatePasswordLabel')}
            </label>
            <input
              id="activate-password"
              type="password"
              className="input"
              autoComplete="current-password"
              value={state.password ?? ''}
              aria-describedby="activate-password-help"
              onChange={(e) => setState({ ...state, password: e.target.value })}
            />
            <p id="activate-password-help" className="mt-1 text-sm text-ink-400">
              {t('activatePasswordHelp')}
            </p>
          </div>
        )}
        {state.error && (
          <p role="alert" className="field-error">
            {state.error}
          </p>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row">
          <button type="button" className="btn-secondary flex-1" disabled={Boolean(state.busy)} onClick={() => void decide(false)}>
            {t('activateDeny')}
          </button>
          <button type="button" className="btn-primary flex-1" disabled={Boolean(state.busy) || (state.askPassword && !state.password)} onClick={() => void decide(true)}>
            {t('activateApprove')}
          </button>
        </div>
      </StatusCard>
    );
  }

  if (state.kind === 'done') {
    const approved = state.grant.status === 'approved';
    return (
      <StatusCard state={approved ? 'success' : 'error'} title={t(approved ? 'activateApprovedTitle' : 'activateDeniedTitle')}>
        <p>{t(approved ? 'activateApprovedHelp' : 'activateDeniedHelp')}</p>
      </StatusCard>
    );
  }

  const error = state.kind === 'enter' ? state.error : undefined;
  return (
    <StatusCard state="none" title={t('activateHeading')}>
      <form onSubmit={submit} className="space-y-4 text-left" noValidate>
        <p className="text-center">{t('activateEnterHelp')}</p>
        <div>
          <label htmlFor="activate-code" className="label">
            {t('activateCodeLabel')}
          </label>
          <input
            id="activate-code"
            className="input text-center font-mono text-2xl tracking-[0.3em] uppercase"
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="XXXX-XXXX"
            value={code}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? 'activate-code-error' : undefined}
            onChange={(e) => setCode(shown(e.target.value))}
          />
          {error && (
            <p id="activate-code-error" role="alert" className="field-error mt-2">
              {error}
            </p>
          )}
        </div>
        <button type="submit" className="btn-primary w-full" disabled={!normalizeUserCode(code)}>
          {t('activateContinue')}
        </button>
        <p className="text-center text-ink-400">{t('activateSignedInAs', { email: user?.email ?? '' })}</p>
      </form>
    </StatusCard>
  );
}

/** The code as the program shows it, to compare at a glance. */
function CodeBadge({ code }: { code: string }) {
  return (
    <p className="rounded-lg border border-ink-700 bg-ink-900/60 px-4 py-3 font-mono text-2xl tracking-[0.3em] text-ink-100" data-testid="activate-code">
      {code}
    </p>
  );
}
