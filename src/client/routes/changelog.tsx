import { useMemo, useState } from 'react';
import { CHANGELOG_READ } from '#shared/landing-reads';
import { releasesPublic } from '#shared/endpoints/site';
import { CHANGELOG_RSS_PATH, type ChangelogEntry } from '#shared/schemas/releases';
import { longDate, SITE_TIME_ZONE } from '#shared/dates';
import { site } from '#shared/site';
import { load } from '../api/client';
import { useFetched } from '../api/use-fetched';
import { PageHeader } from '../components/page-header';
import { Link } from '../components/router';
import { sanitizeHtml } from '../features/blog/sanitize';
import { useLocale, useLocalePath, useT } from '../i18n';
import { useServerRender } from '../ssr/initial-data';

const STALE_MS = 5 * 60_000;
const loadChangelog = () => load(releasesPublic.changelog);

/**
 * A release's notes: HTML the server made from the admin's Markdown and cleaned (services/releases/notes.ts), cleaned
 * again here as a post body is (the server's render by its rule, the browser's by DOMPurify), in the post's typography.
 */
function Notes({ html }: { html: string }) {
  const server = useServerRender();
  const clean = useMemo(() => ({ __html: server ? server.postHtml(html) : sanitizeHtml(html) }), [html, server]);
  // The two sanitizers may write the same markup differently (attribute order, entities): React keeps the server's.
  return <div className="post-body is-styled break-words text-ink-300" suppressHydrationWarning dangerouslySetInnerHTML={clean} />;
}

function Release({ release, latest }: { release: ChangelogEntry; latest: boolean }) {
  const t = useT('changelog');
  const locale = useLocale();
  const anchor = `v${release.version}`;
  return (
    <article
      id={anchor}
      aria-labelledby={`${anchor}-title`}
      className="scroll-mt-24 border-b border-ink-800 py-10 last:border-b-0 sm:grid sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-10"
    >
      <header className="mb-4 sm:mb-0">
        <h2 id={`${anchor}-title`} className="flex flex-wrap items-center gap-2 text-xl font-semibold text-ink-100">
          <a href={`#${anchor}`} className="hover:text-accent-300">
            v{release.version}
          </a>
          {latest && <span className="rounded-full bg-accent-500/15 px-2 py-0.5 text-xs font-semibold text-accent-300">{t('latest')}</span>}
        </h2>
        <p className="mt-1 text-sm text-ink-400">
          <time dateTime={release.date}>{t('released', { date: longDate(release.date, SITE_TIME_ZONE, locale) })}</time>
        </p>
      </header>
      {release.notesHtml ? <Notes html={release.notesHtml} /> : <p className="text-ink-300">{t('noNotes')}</p>}
    </article>
  );
}

function Releases({ onRetry }: { onRetry: () => void }) {
  const t = useT('changelog');
  const lp = useLocalePath();
  const { data, isPending, isError } = useFetched(CHANGELOG_READ.key, loadChangelog, STALE_MS);
  if (isPending) return <div className="h-64 animate-pulse rounded-2xl border border-ink-800 bg-ink-900" aria-busy="true" />;
  if (isError || !data)
    return (
      <div role="alert" className="rounded-2xl border border-yellow-500/30 bg-yellow-500/5 p-6 text-yellow-100">
        <p>{t('failed')}</p>
        <button type="button" className="btn-secondary mt-4" onClick={onRetry}>
          {t('retry')}
        </button>
      </div>
    );
  if (data.releases.length === 0)
    return (
      <div className="rounded-2xl border border-ink-800 bg-ink-900 p-8 text-center text-ink-300">
        <p>{t('empty')}</p>
        <Link to={lp('/#download')} className="btn-primary mt-6 inline-flex">
          {t('download')}
        </Link>
      </div>
    );
  return (
    <div>
      {data.releases.map((r, i) => (
        <Release key={r.version} release={r} latest={i === 0} />
      ))}
    </div>
  );
}

/** /changelog (decision 190): each published version of the Windows program, its date and its notes, newest first. */
export function ChangelogPage() {
  const t = useT('changelog');
  const chrome = useT('chrome');
  const lp = useLocalePath();
  // A failed read is forgotten (api/use-fetched.ts): a new list asks again.
  const [attempt, setAttempt] = useState(0);
  return (
    <main className="pt-16">
      <PageHeader kicker={t('kicker')} title={chrome('changelog')} lead={t('lead', { product: site.productName })}>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to={lp('/#download')} className="btn-primary">
            {t('download')}
          </Link>
          <a href={CHANGELOG_RSS_PATH} className="btn-secondary" type="application/rss+xml">
            {t('rss')}
          </a>
        </div>
      </PageHeader>
      <div className="container-page py-4 sm:py-8">
        <div className="max-w-4xl">
          <Releases key={attempt} onRetry={() => setAttempt((n) => n + 1)} />
        </div>
      </div>
    </main>
  );
}
