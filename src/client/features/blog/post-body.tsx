import { useEffect, useMemo, useRef, useState } from 'react';
import { TIMERS_MS } from '#shared/constants';
import { useHydrating, useServerRender } from '../../ssr/initial-data';
import { sanitizeHtml, sanitizeInPlace } from './sanitize';

/**
 * A post body: sanitized again in the browser, then restyled 100 ms after it is shown. Its look is the
 * stylesheet's `.post-body.is-styled` rules (styles.css); restyling is giving the container `is-styled`, and until
 * then the body stays transparent. A body the server rendered arrives with the class (the first paint is the
 * finished post); the browser still makes its own sanitizing pass over it, in place, at the 100 ms.
 */
export function PostBody({ html, className = '' }: { html: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const server = useServerRender();
  const hydrating = useHydrating();
  const [serverHtml] = useState(() => (hydrating ? html : null));
  const clean = useMemo(() => ({ __html: server ? server.postHtml(html) : sanitizeHtml(html) }), [html, server]);
  const [styled, setStyled] = useState<string | null>(null);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (serverHtml === html && ref.current) sanitizeInPlace(ref.current);
      setStyled(clean.__html);
    }, TIMERS_MS.blogBodyStyling);
    return () => window.clearTimeout(timer);
  }, [clean, html, serverHtml]);
  const restyled = styled === clean.__html;
  return (
    <div
      ref={ref}
      data-testid="post-body"
      data-styled={restyled ? 'true' : 'false'}
      className={`post-body break-words${restyled || serverHtml === html ? ' is-styled' : ''} ${className}`.trim()}
      // Hydrating a rendered post, React keeps the body the server rendered (it never rewrites it while hydrating);
      // it is the same post cleaned by the server's sanitizer rather than the browser's, which may write the same
      // markup differently (attribute order, entities), so React is told not to compare the two.
      suppressHydrationWarning
      dangerouslySetInnerHTML={clean}
    />
  );
}
