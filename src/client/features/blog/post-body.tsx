import { useEffect, useMemo, useRef, useState } from 'react';
import { TIMERS_MS } from '../../../shared/constants';
import { isExternalHref, POST_CODE_IN_PRE, POST_STYLES, POST_TABLE_WRAP } from '../../../shared/post-styles';
import { useAdopting, useServerRender } from '../../ssr/initial-data';
import { sanitizeHtml, sanitizeInPlace } from './sanitize';

function restyle(root: HTMLElement) {
  for (const el of root.querySelectorAll<HTMLElement>('*')) {
    const tag = el.tagName.toLowerCase();
    const cls = tag === 'code' && el.parentElement?.tagName === 'PRE' ? POST_CODE_IN_PRE : POST_STYLES[tag];
    if (cls) el.className = cls;
    if (tag === 'table' && !el.parentElement?.dataset.tableWrap) {
      const wrap = document.createElement('div');
      wrap.dataset.tableWrap = 'true';
      wrap.className = POST_TABLE_WRAP;
      el.replaceWith(wrap);
      wrap.append(el);
    }
    if (tag === 'a' && isExternalHref(el.getAttribute('href') ?? '', window.location.origin)) el.setAttribute('rel', 'noopener noreferrer');
  }
}

/**
 * A post body: sanitized again in the browser, then restyled 100 ms after it is shown (spec §2). A body the server
 * rendered arrives sanitized and styled (visible at once); the browser still makes its own pass over it, in place.
 */
export function PostBody({ html, className = '' }: { html: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const server = useServerRender();
  const adopting = useAdopting();
  const [serverHtml] = useState(() => (adopting ? html : null));
  const clean = useMemo(() => ({ __html: server ? server.postHtml(html) : sanitizeHtml(html) }), [html, server]);
  const [styled, setStyled] = useState<string | null>(null);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (!ref.current) return;
      if (serverHtml === html) sanitizeInPlace(ref.current);
      restyle(ref.current);
      setStyled(clean.__html);
    }, TIMERS_MS.blogBodyStyling);
    return () => window.clearTimeout(timer);
  }, [clean, html, serverHtml]);
  const visible = styled === clean.__html || serverHtml === html;
  return (
    <div
      ref={ref}
      data-testid="post-body"
      data-styled={styled === clean.__html ? 'true' : 'false'}
      className={`break-words transition-opacity duration-200 ${visible ? 'opacity-100' : 'opacity-0'} ${className}`}
      // Adopting a rendered post, React keeps the body the server styled (it never rewrites it while hydrating);
      // it differs from `clean` only by the look the browser gives it itself 100 ms later.
      suppressHydrationWarning
      dangerouslySetInnerHTML={clean}
    />
  );
}
