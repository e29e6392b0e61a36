/**
 * The look of each element of a blog post body. The browser applies it 100 ms after a post is shown (spec §2);
 * a page the server renders arrives with it already applied (server/services/blog/render-post.ts), so the first
 * paint is the finished post.
 */
export const POST_STYLES: Record<string, string> = {
  h1: 'mt-10 mb-4 text-3xl font-bold tracking-tight text-ink-100',
  h2: 'mt-10 mb-4 text-2xl font-semibold tracking-tight text-ink-100',
  h3: 'mt-8 mb-3 text-xl font-semibold text-ink-100',
  h4: 'mt-6 mb-2 text-lg font-semibold text-ink-100',
  h5: 'mt-6 mb-2 text-base font-semibold text-ink-100',
  h6: 'mt-6 mb-2 text-sm font-semibold uppercase tracking-wide text-ink-300',
  p: 'my-4 leading-relaxed text-ink-300',
  a: 'text-accent-300 underline underline-offset-2 hover:text-accent-400',
  ul: 'my-4 list-disc space-y-2 pl-6 text-ink-300 marker:text-accent-400',
  ol: 'my-4 list-decimal space-y-2 pl-6 text-ink-300 marker:text-accent-400',
  li: 'leading-relaxed',
  blockquote: 'my-6 rounded-r-xl border-l-4 border-accent-500 bg-ink-900 py-3 pl-5 pr-4 italic text-ink-100',
  pre: 'my-6 overflow-x-auto rounded-xl border border-ink-700 bg-ink-900 p-4 text-sm leading-relaxed',
  code: 'rounded bg-ink-800 px-1.5 py-0.5 font-mono text-[0.9em] text-accent-300',
  img: 'my-6 h-auto max-w-full rounded-xl border border-ink-700',
  table: 'w-full border-collapse text-left text-sm',
  th: 'border-b border-ink-600 bg-ink-850 px-4 py-2 font-semibold text-ink-100',
  td: 'border-b border-ink-800 px-4 py-2 align-top text-ink-300',
  hr: 'my-10 border-ink-700',
  strong: 'font-semibold text-ink-100',
  figcaption: 'mt-2 text-center text-sm text-ink-400',
};

/** `code` inside `pre` (a code block rather than inline code). */
export const POST_CODE_IN_PRE = 'font-mono text-ink-100';

/** The frame a table scrolls in, so a wide table does not widen the page on phones. */
export const POST_TABLE_WRAP = 'my-6 overflow-x-auto rounded-xl border border-ink-700';

/** Links that leave the site open without handing it the opener or the referrer. */
export const isExternalHref = (href: string, origin: string) => /^https?:/i.test(href) && !href.startsWith(origin);
