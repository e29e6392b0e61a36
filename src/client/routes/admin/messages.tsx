import { useSearchParams } from '../../components/router';
import { dateTime, type TimeZone } from '#shared/dates';
import type { ContactInboxFilter, ContactMessage } from '#shared/schemas/contact';
import { mailtoHref } from '#shared/mailto';
import { messageOf } from '../../api/client';
import { Pager, useAddressFollowsPage, usePageParam } from '../../components/pager';
import { Spinner } from '../../components/spinner';
import { useToast } from '../../components/toast';
import { AdminLayout } from '../../features/admin/admin-layout';
import { RequireAdmin } from '../../features/admin/require-admin';
import { useTimeZone } from '../../features/auth/use-time-zone';
import { useInbox, useMarkHandled } from '../../features/contact/inbox-api';

const TABS: { status: ContactInboxFilter; label: string }[] = [
  { status: 'open', label: 'Open' },
  { status: 'handled', label: 'Handled' },
  { status: 'all', label: 'All' },
];

const EMPTY: Record<ContactInboxFilter, [string, string]> = {
  open: ['No open messages', 'You are all caught up. New messages from the contact form appear here.'],
  handled: ['No handled messages yet', 'Messages you mark as handled move here.'],
  all: ['No messages yet', 'Messages sent through the contact form appear here.'],
};

/** One message; its times in `zone` (the signed-in admin's). */
export function MessageCard({ m, zone, busy, onToggle }: { m: ContactMessage; zone: TimeZone; busy: boolean; onToggle: () => void }) {
  const when = (iso: string) => dateTime(iso, zone);
  const handled = Boolean(m.handledAt);
  const reply = mailtoHref(m.email, { subject: `Re: ${m.subject}` });
  return (
    <li data-testid="inbox-message" data-handled={handled} className="rounded-2xl border border-ink-700 bg-ink-900 p-5 sm:p-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 className="break-words text-lg font-semibold text-ink-100">{m.subject}</h2>
          <p className="mt-1 text-sm text-ink-400">
            <span className="text-ink-300">{m.name}</span> ·{' '}
            <a href={reply} className="text-accent-300 underline decoration-accent-300/40 underline-offset-2 hover:decoration-accent-300">
              {m.email}
            </a>{' '}
            · <time dateTime={m.createdAt}>{when(m.createdAt)}</time>
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <span
            className={`rounded-full border px-2.5 py-0.5 text-xs font-semibold ${handled ? 'border-emerald-500/40 bg-emerald-500/10 text-emerald-300' : 'border-amber-500/40 bg-amber-500/10 text-amber-300'}`}
          >
            {handled ? 'Handled' : 'Open'}
          </span>
        </div>
      </div>
      <p className="mt-4 whitespace-pre-wrap break-words leading-relaxed text-ink-300">{m.message}</p>
      <div className="mt-5 flex flex-col gap-3 border-t border-ink-800 pt-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-ink-400">{handled && m.handledAt ? `Handled ${m.handledBy ? `by ${m.handledBy.email} ` : ''}on ${when(m.handledAt)}` : 'Waiting for a reply'}</p>
        <div className="flex gap-2">
          <a href={reply} className="btn-secondary">
            Reply
          </a>
          <button type="button" className={handled ? 'btn-ghost' : 'btn-primary'} disabled={busy} onClick={onToggle}>
            {handled ? 'Reopen' : 'Mark handled'}
          </button>
        </div>
      </div>
    </li>
  );
}

/** The tab the address names (`?status=`; the open messages without it). */
const statusFrom = (raw: string | null): ContactInboxFilter => TABS.find((t) => t.status === raw)?.status ?? 'open';

function Inbox() {
  // The tab and the page live in the address (?status=handled&page=2), so the pager's links keep the tab.
  const [params, setParams] = useSearchParams();
  const status = statusFrom(params.get('status'));
  const page = usePageParam();
  const { data, error, isPending, isPlaceholderData, refetch } = useInbox(status, page);
  useAddressFollowsPage(page, isPlaceholderData ? undefined : data?.pagination.currentPage);
  const mark = useMarkHandled();
  const toast = useToast();
  const zone = useTimeZone();

  const toggle = async (m: ContactMessage) => {
    try {
      const res = await mark.mutateAsync({ id: m.id, handled: !m.handledAt });
      toast.success(res.message ?? 'Saved');
    } catch (err) {
      toast.error(messageOf(err, 'Failed to update the message'));
    }
  };

  const counts = data?.counts;
  const total = (counts?.open ?? 0) + (counts?.handled ?? 0);
  const countOf = (s: ContactInboxFilter) => (counts ? (s === 'open' ? counts.open : s === 'handled' ? counts.handled : total) : null);

  return (
    <>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-ink-100 sm:text-3xl">Messages</h1>
          <p className="mt-1 text-ink-400">Sent through the contact form. Reply by e-mail, then mark each one handled.</p>
        </div>
      </div>
      <div role="group" aria-label="Filter messages" className="mt-6 flex gap-1 border-b border-ink-800">
        {TABS.map((t) => {
          const selected = t.status === status;
          const n = countOf(t.status);
          return (
            <button
              key={t.status}
              type="button"
              aria-pressed={selected}
              className={`-mb-px flex items-center gap-2 border-b-2 px-4 py-2.5 text-sm font-medium ${selected ? 'border-accent-400 text-ink-100' : 'border-transparent text-ink-400 hover:text-ink-100'}`}
              onClick={() => setParams(t.status === 'open' ? {} : { status: t.status })}
            >
              {t.label}
              {n !== null && <span className="rounded-full bg-ink-800 px-2 py-0.5 text-xs tabular-nums text-ink-300">{n}</span>}
            </button>
          );
        })}
      </div>

      <div className="mt-6">
        {isPending ? (
          <Spinner label="Loading messages..." />
        ) : error ? (
          <div role="alert" className="rounded-2xl border border-red-500/30 bg-red-500/10 p-6 text-red-100">
            <p>{messageOf(error, 'Failed to load messages')}</p>
            <button type="button" className="btn-secondary mt-4" onClick={() => void refetch()}>
              Retry
            </button>
          </div>
        ) : data.messages.length === 0 ? (
          <div className="flex flex-col items-center rounded-2xl border border-dashed border-ink-700 px-6 py-16 text-center">
            <svg viewBox="0 0 24 24" className="h-10 w-10 text-ink-600" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden="true">
              <path d="M22 12h-6l-2 3h-4l-2-3H2M5.5 5h13L22 12v6a2 2 0 01-2 2H4a2 2 0 01-2-2v-6z" />
            </svg>
            <p className="mt-4 font-semibold text-ink-100">{EMPTY[status][0]}</p>
            <p className="mt-1 text-sm text-ink-400">{EMPTY[status][1]}</p>
          </div>
        ) : (
          <>
            <ul className="space-y-4">
              {data.messages.map((m) => (
                <MessageCard key={m.id} m={m} zone={zone} busy={mark.isPending && mark.variables?.id === m.id} onToggle={() => void toggle(m)} />
              ))}
            </ul>
            <Pager current={data.pagination.currentPage} total={data.pagination.totalPages} label="Pages" className="mt-8 justify-between" />
          </>
        )}
      </div>
    </>
  );
}

/** /admin/messages: the inbox of contact-form messages. */
export function AdminMessagesPage() {
  return (
    <RequireAdmin>
      <AdminLayout>
        <Inbox />
      </AdminLayout>
    </RequireAdmin>
  );
}
