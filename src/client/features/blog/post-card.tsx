import { Link } from 'react-router';
import type { BlogPostSummary } from '../../../shared/schemas/blog';
import { cardExcerpt, longDate, readTimeLabel } from './format';

export function PostCard({ post }: { post: BlogPostSummary }) {
  const readTime = readTimeLabel(post.read_time);
  return (
    <article className="card group flex flex-col overflow-hidden p-0 transition-colors hover:border-ink-600" data-testid="blog-card">
      {post.featured_image && (
        <Link to={`/blog/${post.slug}`} tabIndex={-1} aria-hidden="true" className="block aspect-[16/9] overflow-hidden bg-ink-850">
          <img src={post.featured_image} alt="" loading="lazy" className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.02]" />
        </Link>
      )}
      <div className="flex flex-1 flex-col p-6">
        <p className="flex flex-wrap items-center gap-x-2 text-xs text-ink-400">
          <time dateTime={post.created_at}>{longDate(post.created_at)}</time>
          {readTime && (
            <>
              <span aria-hidden="true">·</span>
              <span>{readTime}</span>
            </>
          )}
        </p>
        <h2 className="mt-3 text-lg font-semibold leading-snug text-ink-100">
          <Link to={`/blog/${post.slug}`} className="hover:text-accent-300">
            {post.title}
          </Link>
        </h2>
        {post.excerpt && <p className="mt-2 flex-1 text-sm leading-relaxed text-ink-300">{cardExcerpt(post.excerpt)}</p>}
        <Link to={`/blog/${post.slug}`} className="mt-5 inline-flex items-center gap-1 self-start text-sm font-semibold text-accent-300 hover:text-accent-400" aria-label={`Read More: ${post.title}`}>
          Read More <span aria-hidden="true">→</span>
        </Link>
      </div>
    </article>
  );
}
