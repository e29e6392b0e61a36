import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from '../components/router';
import { dateTime } from '../../shared/dates';
import { API_PREFIX } from '../../shared/constants';
import { devMailbox } from '../../shared/endpoints/dev';
import { fillPath } from '../../shared/endpoints/endpoint';
import { ApiError, load, messageOf } from '../api/client';
import { Page } from '../components/page';
import { Spinner } from '../components/spinner';
import { useTimeZone } from '../features/auth/use-time-zone';

/**
 * /dev/mailbox: the mail the site kept in its outbox because no SMTP server is configured, so that a
 * person trying the product can open their verification and reset links.
 */
export function DevMailboxPage() {
  const [params, setParams] = useSearchParams();
  const to = params.get('to') ?? '';
  const [filter, setFilter] = useState(to);
  const [selected, setSelected] = useState<string | null>(null);
  const zone = useTimeZone();
  const list = useQuery({
    queryKey: ['dev-mailbox', to],
    queryFn: ({ signal }) => load(devMailbox.list, { query: { to: to || undefined }, signal }),
    refetchInterval: 3000,
    retry: false,
  });
  const openId = selected ?? list.data?.messages[0]?.id ?? null;
  const message = useQuery({
    queryKey: ['dev-mailbox-message', openId],
    queryFn: ({ signal }) => load(devMailbox.read, { params: { id: openId ?? '' }, signal }),
    enabled: Boolean(openId),
  });

  if (list.isError && list.error instanceof ApiError && list.error.status === 404) {
    return (
      <Page title="Mailbox">
        <p className="card text-ink-300">The mailbox is off: this site sends its mail over SMTP.</p>
      </Page>
    );
  }

  return (
    <Page title="Mailbox" subtitle="Mail kept by the site while no SMTP server is configured. New mail appears here within a few seconds.">
      <form
        className="mb-6 flex max-w-lg gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setSelected(null);
          setParams(filter.trim() ? { to: filter.trim().toLowerCase() } : {});
        }}
      >
        <label htmlFor="mailbox-to" className="sr-only">
          Recipient
        </label>
        <input id="mailbox-to" className="input" type="email" placeholder="Filter by recipient" value={filter} onChange={(e) => setFilter(e.target.value)} />
        <button type="submit" className="btn-secondary">
          Filter
        </button>
      </form>
      {list.isPending ? (
        <Spinner label="Loading mail..." />
      ) : list.isError ? (
        <p role="alert" className="text-red-300">
          {messageOf(list.error, 'Failed to load the mailbox.')}
        </p>
      ) : list.data.messages.length === 0 ? (
        <p className="card text-ink-400">No mail yet{to ? ` for ${to}` : ''}.</p>
      ) : (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
          <ul className="min-w-0 space-y-2" aria-label="Messages">
            {list.data.messages.map((m) => (
              <li key={m.id}>
                <button
                  type="button"
                  data-testid="mailbox-item"
                  onClick={() => setSelected(m.id)}
                  aria-current={m.id === openId}
                  className={`w-full rounded-xl border px-4 py-3 text-left text-sm ${m.id === openId ? 'border-accent-400 bg-ink-850' : 'border-ink-700 bg-ink-900 hover:bg-ink-850'}`}
                >
                  <span className="block font-medium text-ink-100">{m.subject}</span>
                  <span className="block truncate text-ink-400">To {m.to}</span>
                  <span className="block text-xs text-ink-400">{dateTime(m.createdAt, zone)}</span>
                </button>
              </li>
            ))}
          </ul>
          <article className="card min-w-0" aria-label="Message">
            {message.data ? (
              <>
                <h2 className="text-lg font-semibold text-ink-100">{message.data.message.subject}</h2>
                <p className="break-all text-sm text-ink-400">To {message.data.message.to}</p>
                {message.data.message.links.length > 0 && (
                  <div className="mt-4">
                    <h3 className="text-sm font-medium text-ink-300">Links in this mail</h3>
                    <ul className="mt-1 space-y-1">
                      {message.data.message.links.map((href) => (
                        <li key={href}>
                          <a href={href} className="break-all text-sm text-accent-300 hover:underline" data-testid="mail-link">
                            {href}
                          </a>
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
                {message.data.message.attachments.length > 0 && (
                  <div className="mt-4">
                    <h3 className="text-sm font-medium text-ink-300">Attachments</h3>
                    <ul className="mt-1 space-y-1">
                      {message.data.message.attachments.map((a) => (
                        <li key={a.index}>
                          <a
                            href={API_PREFIX + fillPath(devMailbox.attachment.path, { id: message.data.message.id, index: a.index })}
                            download={a.filename}
                            className="break-all text-sm text-accent-300 hover:underline"
                            data-testid="mail-attachment"
                          >
                            {a.filename}
                          </a>{' '}
                          <span className="text-xs text-ink-400">({Math.max(1, Math.round(a.size / 1024))} KB)</span>
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
                <iframe
                  title="Mail preview"
                  className="mt-4 h-[32rem] w-full rounded-lg border border-ink-700 bg-white"
                  sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"
                  src={API_PREFIX + fillPath(devMailbox.html.path, { id: message.data.message.id })}
                />
                <details className="mt-4">
                  <summary className="cursor-pointer text-sm text-ink-300">Plain-text version</summary>
                  <pre className="mt-2 whitespace-pre-wrap rounded-lg bg-ink-950 p-3 text-xs text-ink-300">{message.data.message.text}</pre>
                </details>
              </>
            ) : (
              <Spinner label="Opening..." />
            )}
          </article>
        </div>
      )}
    </Page>
  );
}
