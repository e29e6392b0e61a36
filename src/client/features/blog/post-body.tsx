import { useEffect, useMemo, useRef, useState } from 'react';
import { TIMERS_MS } from '../../../shared/constants';
import { sanitizeHtml } from './sanitize';

/** The look of each element of a post body, applied once the HTML is in the page. */
const STYLES: Record<string, string> = {
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
const CODE_IN_PRE = 'font-mono text-ink-100';
const TABLE_WRAP = 'my-6 overflow-x-auto rounded-xl border border-ink-700';

function restyle(root: HTMLElement) {
  for (const el of root.querySelectorAll<HTMLElement>('*')) {
    const tag = el.tagName.toLowerCase();
    const cls = tag === 'code' && el.parentElement?.tagName === 'PRE' ? CODE_IN_PRE : STYLES[tag];
    if (cls) el.className = cls;
    if (tag === 'table' && !el.parentElement?.dataset.tableWrap) {
      // Wide tables scroll inside their frame instead of widening the page on phones.
      const wrap = document.createElement('div');
      wrap.dataset.tableWrap = 'true';
      wrap.className = TABLE_WRAP;
      el.replaceWith(wrap);
      wrap.append(el);
    }
    if (tag === 'a' && /^https?:/i.test(el.getAttribute('href') ?? '') && !el.getAttribute('href')!.startsWith(window.location.origin)) {
      el.setAttribute('rel', 'noopener noreferrer');
    }
  }
}

/** A post body: sanitized again in the browser, then restyled 100 ms after it is shown (spec §2). */
export function PostBody({ html, className = '' }: { html: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const clean = useMemo(() => ({ __html: sanitizeHtml(html) }), [html]);
  const [styled, setStyled] = useState<string | null>(null);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (ref.current) restyle(ref.current);
      setStyled(clean.__html);
    }, TIMERS_MS.blogBodyStyling);
    return () => window.clearTimeout(timer);
  }, [clean]);
  return (
    <div
      ref={ref}
      data-testid="post-body"
      data-styled={styled === clean.__html ? 'true' : 'false'}
      className={`break-words transition-opacity duration-200 ${styled === clean.__html ? 'opacity-100' : 'opacity-0'} ${className}`}
      dangerouslySetInnerHTML={clean}
    />
  );
}
