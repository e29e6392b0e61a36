import DOMPurify from 'dompurify';

/**
 * The browser's own pass over post HTML (the server cleaned it when it was saved). Same allowance: no scripts,
 * styles, forms, embeds or inline handlers; only http(s), mailto and tel links; site-relative paths allowed.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed', 'svg', 'math', 'base', 'meta', 'link'],
    FORBID_ATTR: ['style'],
    ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  });
}
