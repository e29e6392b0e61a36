import sanitizeHtml from 'sanitize-html';
import { postLinkAttributes } from '#shared/post-links';

/**
 * What an admin's HTML may keep: text structure, links, images and tables. Scripts, styles, forms, event
 * handlers, inline styles, iframes/objects/embeds and any URL scheme other than http(s), mailto and tel go.
 * The browser sanitizes again when it shows the post (DOMPurify), so one mistake here is not enough.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'pre',
    'code',
    'em',
    'strong',
    'b',
    'i',
    'u',
    's',
    'del',
    'ins',
    'sub',
    'sup',
    'mark',
    'small',
    'abbr',
    'kbd',
    'span',
    'div',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'colgroup',
    'col',
    'dl',
    'dt',
    'dd',
  ],
  disallowedTagsMode: 'discard',
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
    colgroup: ['span'],
    ol: ['start', 'reversed'],
    abbr: ['title'],
    code: ['class'],
    pre: ['class'],
  },
  // Only language hints for code highlighting; no class can borrow the site's own styles.
  allowedClasses: { code: ['language-*'], pre: ['language-*'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  allowedIframeHostnames: [],
  transformTags: {
    a: (tagName, attribs) => {
      const attrs = { ...attribs };
      if (attrs.target && attrs.target !== '_blank') delete attrs.target;
      if (attrs.target === '_blank') attrs.rel = 'noopener noreferrer';
      return { tagName, attribs: attrs };
    },
  },
};

/** Cleans the HTML of a post body before it is stored (and for the form's preview). */
export const sanitizePostHtml = (html: string): string => sanitizeHtml(html, OPTIONS).trim();

/**
 * A stored post body as a server-rendered page shows it: cleaned again with the rule it was saved under (a rule
 * tightened since then applies to old posts too), and each link given the rel and target of a shown post
 * (shared/post-links.ts) for the site at `origin`. Its look comes from the stylesheet (`.post-body` in
 * client/styles.css), so the markup needs nothing more.
 */
export const renderPostHtml = (html: string, origin: string): string =>
  sanitizeHtml(html, {
    ...OPTIONS,
    transformTags: {
      a: (tagName, attribs) => {
        const attrs = { ...attribs };
        const link = postLinkAttributes(attrs.href ?? '', attrs.rel ?? '', origin);
        for (const name of ['rel', 'target'] as const) {
          const value = link[name];
          if (value) attrs[name] = value;
          else delete attrs[name];
        }
        return { tagName, attribs: attrs };
      },
    },
  }).trim();
