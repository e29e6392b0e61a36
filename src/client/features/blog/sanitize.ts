import DOMPurify, { type Config } from 'dompurify';
import { postLinkAttributes } from '#shared/post-links';

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

// Each link, once cleaned (DOMPurify drops every `target`), gets the rel and target of a shown post: the same rule
// the server applies when it renders one, so a body the server sent and the browser's pass over it agree. (The
// server's render of the app never calls DOMPurify, which has no hooks there: Node has no DOM.)
if (DOMPurify.isSupported)
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const link = postLinkAttributes(node.getAttribute('href') ?? '', node.getAttribute('rel') ?? '', window.location.origin);
    for (const name of ['rel', 'target'] as const) {
      const value = link[name];
      if (value) node.setAttribute(name, value);
      else node.removeAttribute(name);
    }
  });

export const sanitizeHtml = (html: string): string => DOMPurify.sanitize(html, { ...CONFIG, RETURN_TRUSTED_TYPE: false }) as string;

/** The same pass over markup already in the page (a post body the server rendered): what it forbids is removed. */
export const sanitizeInPlace = (el: HTMLElement): void => {
  DOMPurify.sanitize(el, { ...CONFIG, IN_PLACE: true });
};
