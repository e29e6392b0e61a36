import DOMPurify, { type Config } from 'dompurify';

/**
 * The browser's own pass over post HTML (the server cleaned it when it was saved). Same allowance: no scripts,
 * styles, forms, embeds or inline handlers; only http(s), mailto and tel links; site-relative paths allowed.
 */
const CONFIG: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed', 'svg', 'math', 'base', 'meta', 'link'],
  FORBID_ATTR: ['style'],
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
};

export const sanitizeHtml = (html: string): string => DOMPurify.sanitize(html, { ...CONFIG, RETURN_TRUSTED_TYPE: false }) as string;

/** The same pass over markup already in the page (a post body the server rendered): what it forbids is removed. */
export const sanitizeInPlace = (el: HTMLElement): void => {
  DOMPurify.sanitize(el, { ...CONFIG, IN_PLACE: true });
};
