import { useEffect, useRef, useState } from 'react';
import { Link } from '../../components/router';
import { site } from '#shared/site';
import type { BlogPostSummary } from '#shared/schemas/blog';
import { POST_LOCALE } from '#shared/pages';
import { cardExcerpt, longDate } from './format';
import { useLocale, useLocalePath, useT } from '../../i18n';

/** The blog's name (the list page's heading), the topic of a cover whose post has no keywords. */
const BLOG_NAME = 'Tech Insights';

/**
 * The cover's colours for posts without an image, taken in turn down the page (by the card's place in the grid, in
 * CSS, so the server's page and the browser's agree) so that no two neighbours share one.
 */
const COVER_TONE = {
  glow: 'from-accent-500/35 group-nth-[4n+2]:from-emerald-400/25 group-nth-[4n+3]:from-sky-400/30 group-nth-[4n+4]:from-fuchsia-400/25',
  letter: 'from-accent-300/70 group-nth-[4n+2]:from-emerald-300/60 group-nth-[4n+3]:from-sky-300/60 group-nth-[4n+4]:from-fuchsia-300/60',
};

/**
 * A blog card. Every card has a 16:9 picture on top, so cards in a row line up and keep the same height: the post's
 * featured image, or, without one (or when it fails to load), a cover drawn from the post itself.
 */
export function PostCard({ post }: { post: BlogPostSummary }) {
  const t = useT('blog');
  const lp = useLocalePath();
  const locale = useLocale();
  const readTime = post.read_time ? t('readTime', { minutes: post.read_time }) : null;
  const [imageFailed, setImageFailed] = useState(false);
  const image = post.featured_image && !imageFailed ? post.featured_image : null;
  return (
    <article className="card group flex flex-col overflow-hidden p-0 transition-colors hover:border-ink-600" data-testid="blog-card">
      <Link to={lp(`/blog/${post.slug}`)} tabIndex={-1} aria-hidden="true" className="block aspect-[16/9] overflow-hidden border-b border-ink-800 bg-ink-850">
        {image ? <CardImage src={image} onFail={() => setImageFailed(true)} /> : <GeneratedCover post={post} />}
      </Link>
      <div className="flex flex-1 flex-col p-6">
        <p className="flex flex-wrap items-center gap-x-2 text-xs text-ink-400">
          <time dateTime={post.created_at}>{longDate(post.created_at, locale)}</time>
          {readTime && (
            <>
              <span aria-hidden="true">·</span>
              <span>{readTime}</span>
            </>
          )}
        </p>
        <h2 className="mt-3 text-lg font-semibold leading-snug text-ink-100" lang={POST_LOCALE}>
          <Link to={lp(`/blog/${post.slug}`)} className="hover:text-accent-300">
            {post.title}
          </Link>
        </h2>
        {post.excerpt && (
          <p className="mt-2 flex-1 text-sm leading-relaxed text-ink-300" lang={POST_LOCALE}>
            {cardExcerpt(post.excerpt)}
          </p>
        )}
        <Link
          to={lp(`/blog/${post.slug}`)}
          className="mt-5 inline-flex items-center gap-1 self-start text-sm font-semibold text-accent-300 hover:text-accent-400"
          aria-label={t('readMoreLabel', { title: post.title })}
        >
          {t('readMore')} <span aria-hidden="true">→</span>
        </Link>
      </div>
    </article>
  );
}

function CardImage({ src, onFail }: { src: string; onFail: () => void }) {
  const ref = useRef<HTMLImageElement>(null);
  // An image of the server-rendered page may have failed before the page was hydrated, when no handler listened yet.
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) onFail();
  }, [onFail]);
  return (
    <img
      ref={ref}
      data-testid="post-image"
      src={src}
      alt=""
      loading="lazy"
      onError={onFail}
      className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.02]"
    />
  );
}

/** Up to two of the post's keywords (the product's own name says nothing here), or the blog's name. */
function topicOf(post: BlogPostSummary) {
  const own = site.productName.toLowerCase();
  const words = (post.meta_keywords ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter((k) => k && k.toLowerCase() !== own)
    .slice(0, 2)
    .map((k) => k[0].toUpperCase() + k.slice(1));
  return words.length ? words.join(' · ') : BLOG_NAME;
}

/** The cover of a post without an image: the brand, the post's topic, and its initial set large, on a tinted field. */
function GeneratedCover({ post }: { post: BlogPostSummary }) {
  const initial = (post.title.trim().match(/[\p{L}\p{N}]/u)?.[0] ?? '#').toUpperCase();
  return (
    <div data-testid="post-cover" className="relative flex h-full w-full flex-col justify-between overflow-hidden bg-ink-900 p-5">
      <div className={`absolute inset-0 bg-gradient-to-br ${COVER_TONE.glow} via-ink-900/40 to-ink-900`} />
      <div className="absolute inset-0 bg-[radial-gradient(rgba(230,233,242,0.09)_1px,transparent_1px)] bg-[length:18px_18px]" />
      <span
        className={`absolute -bottom-10 right-2 bg-gradient-to-b ${COVER_TONE.letter} to-transparent bg-clip-text text-[11rem] font-black leading-none tracking-tighter text-transparent transition-transform duration-300 group-hover:scale-[1.03] sm:text-[10rem]`}
      >
        {initial}
      </span>
      <span className="relative inline-flex items-center gap-2 self-start rounded-full border border-ink-100/10 bg-ink-950/50 px-2.5 py-1 text-[11px] font-semibold uppercase tracking-wider text-ink-300">
        <svg viewBox="0 0 64 64" className="h-3.5 w-3.5 text-accent-400" fill="none" stroke="currentColor" strokeLinecap="round">
          <path d="M14 34c6-10 30-10 36 0-6 10-30 10-36 0z" strokeWidth="5" strokeLinejoin="round" />
          <circle cx="32" cy="34" r="6" fill="currentColor" stroke="none" />
          <path d="M12 52L52 14" strokeWidth="5" />
        </svg>
        {site.productName}
      </span>
      <span className="relative max-w-[62%]">
        <span className="block h-1 w-10 rounded-full bg-gradient-to-r from-accent-400 to-emerald-400" />
        <span className="mt-3 line-clamp-2 block text-base font-semibold leading-snug text-ink-100">{topicOf(post)}</span>
      </span>
    </div>
  );
}
