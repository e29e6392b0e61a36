import { useInfiniteQuery } from '@tanstack/react-query';
import { dateTime } from '#shared/dates';
import { security } from '#shared/endpoints/security';
import type { SecurityEventDto } from '#shared/schemas/security-log';
import type { TextKey } from '#shared/i18n/runtime';
import { SIGN_IN_METHODS, type SecurityEventKind, type SignInMethod } from '#shared/security-log';
import { call } from '#client/api/client';
import { Spinner } from '#client/components/spinner';
import { useErrorText } from '#client/errors';
import { useLocale, useT } from '#client/i18n';
import { useTimeZone } from '../../auth/use-time-zone';
import { deviceName } from './device-name';

export const SECURITY_LOG_KEY = ['account', 'security-log'] as const;

/** What each event says (the account catalog's texts). */
const EVENT_TEXT: Record<SecurityEventKind, TextKey<'account'>> = {
  'sign-in': 'secEvent_sign-in',
  'sign-in-failed': 'secEvent_sign-in-failed',
  'signed-out-everywhere': 'secEvent_signed-out-everywhere',
  'session-ended': 'secEvent_session-ended',
  'other-sessions-ended': 'secEvent_other-sessions-ended',
  'password-changed': 'secEvent_password-changed',
  'password-reset': 'secEvent_password-reset',
  'two-factor-on': 'secEvent_two-factor-on',
  'two-factor-off': 'secEvent_two-factor-off',
  'recovery-codes-new': 'secEvent_recovery-codes-new',
  'recovery-code-used': 'secEvent_recovery-code-used',
  'passkey-added': 'secEvent_passkey-added',
  'passkey-removed': 'secEvent_passkey-removed',
  'email-change-requested': 'secEvent_email-change-requested',
  'email-changed': 'secEvent_email-changed',
  'email-change-undone': 'secEvent_email-change-undone',
  'device-added': 'secEvent_device-added',
  'device-removed': 'secEvent_device-removed',
  'data-exported': 'secEvent_data-exported',
  'recovery-requested': 'secEvent_recovery-requested',
  'recovery-cancelled': 'secEvent_recovery-cancelled',
  'recovery-completed': 'secEvent_recovery-completed',
  'two-factor-reset-by-admin': 'secEvent_two-factor-reset-by-admin',
  'secured-after-sign-in': 'secEvent_secured-after-sign-in',
};

/** How a sign-in was made, as the sign-in events name it. */
const METHOD_TEXT: Record<SignInMethod, TextKey<'account'>> = {
  password: 'secMethod_password',
  passkey: 'secMethod_passkey',
  code: 'secMethod_code',
  'recovery-code': 'secMethod_recovery-code',
  browser: 'secMethod_browser',
};

const FAILED = new Set<SecurityEventDto['kind']>(['sign-in-failed']);
const isMethod = (v: string): v is SignInMethod => (SIGN_IN_METHODS as readonly string[]).includes(v);

/** One event: what happened (in the reader's language), from which browser or program, where, when. */
function EventRow({ e }: { e: SecurityEventDto }) {
  const t = useT('account');
  const locale = useLocale();
  const zone = useTimeZone();
  const method = isMethod(e.detail) ? t(METHOD_TEXT[e.detail]) : e.detail;
  const what = t(EVENT_TEXT[e.kind], { method, detail: e.detail });
  const device = e.browser === 'Unknown' && e.os === 'Unknown' ? '' : deviceName(e, t);
  const where = [device, e.place, e.ip].filter(Boolean).join(' · ');
  return (
    <li className="flex flex-col gap-1 py-3 text-sm sm:flex-row sm:items-baseline sm:justify-between sm:gap-4" data-testid="security-event">
      <div className="min-w-0">
        <p className={`font-medium [overflow-wrap:anywhere] ${FAILED.has(e.kind) ? 'text-amber-300' : 'text-ink-100'}`}>{what}</p>
        {where && <p className="text-ink-400 [overflow-wrap:anywhere]">{where}</p>}
      </div>
      <time className="shrink-0 text-ink-400" dateTime={e.at}>
        {dateTime(e.at, zone, locale)}
      </time>
    </li>
  );
}

/** The Security page's log of the account's own events (issue 36), newest first, older pages on demand. */
export function SecurityLog() {
  const t = useT('account');
  const errorText = useErrorText();
  const query = useInfiniteQuery({
    queryKey: SECURITY_LOG_KEY,
    queryFn: ({ pageParam }) => call(security.log, { query: pageParam ? { before: pageParam } : {} }).then((r) => r.data),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
  });
  if (query.isPending) return <Spinner label={t('securityLogTitle')} />;
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-red-300">
        {errorText(query.error, t('securityLogFailed'))}
      </p>
    );
  }
  const events = query.data.pages.flatMap((p) => p.events);
  if (events.length === 0) return <p className="text-sm text-ink-400">{t('securityLogEmpty')}</p>;
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-ink-800" aria-label={t('securityLogTitle')}>
        {events.map((e) => (
          <EventRow key={e.id} e={e} />
        ))}
      </ul>
      {query.hasNextPage && (
        <button type="button" className="btn-secondary" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {t('securityLogMore')}
        </button>
      )}
    </div>
  );
}
