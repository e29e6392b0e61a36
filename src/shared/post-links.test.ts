import { describe, expect, it } from 'vitest';
import { isExternalHref, postLinkAttributes } from './post-links';

const ORIGIN = 'https://stealthbrowser.app';

describe('isExternalHref', () => {
  it.each([
    ['another site', 'https://example.com/x'],
    ['a lookalike host that starts with the site address', 'https://stealthbrowser.app.evil.com/x'],
    ['a lookalike host without a path', 'https://stealthbrowser.appevil.com'],
    ['user info naming the site', 'https://stealthbrowser.app@evil.com/'],
    ['user info with a password', 'https://stealthbrowser.app:pw@evil.com/'],
    ['a protocol-relative address', '//evil.com/x'],
    ['backslashes the browser reads as slashes', '/\\evil.com/x'],
    ['a scheme broken by a tab the browser drops', 'ht\ttps://evil.com'],
    ['the site over plain http', 'http://stealthbrowser.app/blog'],
    ['the site on another port', 'https://stealthbrowser.app:8443/blog'],
    ['a subdomain of the site', 'https://www.stealthbrowser.app/blog'],
    ['an upper-case scheme and host elsewhere', 'HTTPS://EVIL.COM/'],
  ])('leaves the site: %s', (_, href) => {
    expect(isExternalHref(href, ORIGIN)).toBe(true);
  });

  it.each([
    ['a relative path', '/blog'],
    ['a path without a slash', 'blog/post'],
    ['a fragment', '#top'],
    ['a query', '?page=2'],
    ['the site itself', 'https://stealthbrowser.app/blog'],
    ['the site in upper case', 'HTTPS://StealthBrowser.APP/blog'],
    ['the site with its default port', 'https://stealthbrowser.app:443/blog'],
    ['the site with surrounding spaces', '  https://stealthbrowser.app/  '],
    ['a script URL', 'javascript:alert(1)'],
    ['a mail link', 'mailto:team@stealthbrowser.app'],
    ['a phone link', 'tel:+911234567890'],
    ['an href that does not parse', 'https://exa mple.com:99999/'],
  ])('stays on the site or opens no page: %s', (_, href) => {
    expect(isExternalHref(href, ORIGIN)).toBe(false);
  });

  it('compares with the origin of a site on a port, given with a trailing slash', () => {
    expect(isExternalHref('http://localhost:3000/blog', 'http://localhost:3000')).toBe(false);
    expect(isExternalHref('http://localhost:3001/blog', 'http://localhost:3000/')).toBe(true);
    expect(isExternalHref('http://localhost/blog', 'http://localhost:3000')).toBe(true);
  });
});

describe('postLinkAttributes', () => {
  it('opens a link that leaves the site in a new tab, without opener or referrer', () => {
    expect(postLinkAttributes('https://example.com/x', '', ORIGIN)).toEqual({ rel: 'noopener noreferrer', target: '_blank' });
  });

  it("keeps the admin's own rel words beside those two, once each", () => {
    expect(postLinkAttributes('https://example.com/x', 'Sponsored  noopener', ORIGIN)).toEqual({ rel: 'sponsored noopener noreferrer', target: '_blank' });
  });

  it('opens a link within the site in place, keeping only the rel the admin wrote', () => {
    expect(postLinkAttributes('/pricing', '', ORIGIN)).toEqual({ rel: null, target: null });
    expect(postLinkAttributes(`${ORIGIN}/blog`, 'nofollow', ORIGIN)).toEqual({ rel: 'nofollow', target: null });
    expect(postLinkAttributes('mailto:team@stealthbrowser.app', '', ORIGIN)).toEqual({ rel: null, target: null });
  });
});
