/**
 * True for a link that leaves the site. The href is resolved as the browser resolves it, against the site's
 * origin, and the two origins are compared: a lookalike host that merely starts with the site's address
 * (`https://site.app.evil.com`), user info (`https://site.app@evil.com`), a protocol-relative `//evil.com` or
 * backslashes all count as leaving, while case and a default port do not. Only web links leave: `mailto:`,
 * `tel:` and an href that does not parse open no page.
 */
export function isExternalHref(href: string, origin: string): boolean {
  let site: URL;
  let target: URL;
  try {
    site = new URL(origin);
    target = new URL(href, site);
  } catch {
    return false;
  }
  return (target.protocol === 'http:' || target.protocol === 'https:') && target.origin !== site.origin;
}

const LEAVING_REL = ['noopener', 'noreferrer'];

/**
 * The `rel` and `target` of a link in a post as it is shown (null: no such attribute). A link that leaves the
 * site opens in a new tab, and the page it opens gets neither the opener nor the referrer; the admin's own rel
 * words (`nofollow`, `sponsored`) stay beside those two. A link within the site opens in place, whatever target
 * the admin wrote. Both sanitizers apply it as they clean a body: the server's when it renders a post
 * (server/services/blog/sanitize.ts) and the browser's (client/features/blog/sanitize.ts).
 */
export function postLinkAttributes(href: string, rel: string, origin: string): { rel: string | null; target: string | null } {
  const words = rel.toLowerCase().split(/\s+/).filter(Boolean);
  if (!isExternalHref(href, origin)) return { rel: words.length ? words.join(' ') : null, target: null };
  return { rel: [...new Set([...words, ...LEAVING_REL])].join(' '), target: '_blank' };
}
