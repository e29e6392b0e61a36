/** A URL that may hold a secret: the path of the verification call, or a parameter of the names below. */
const MAY_HOLD_SECRET = /verify-email\/|[?&](?:token|refreshToken|code)=/i;

/**
 * Removes secrets that travel in URLs (verification and reset links, their API calls) before a URL
 * is written to a log. Every answered request passes here (the request log line), and most URLs hold none of
 * these: those are returned as they are after one scan.
 */
export function redactUrl(url: string): string {
  if (!MAY_HOLD_SECRET.test(url)) return url;
  return url
    .replace(/(\/auth\/verify-email\/)[^/?#]+/, '$1[redacted]')
    .replace(/([?&](?:token|refreshToken|code)=)[^&#]*/gi, '$1[redacted]');
}
