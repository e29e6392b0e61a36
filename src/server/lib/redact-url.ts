/** The verification call's path, which carries its token. */
const VERIFY_PATH = /(\/auth\/verify-email\/)[^/?#]+/;
/** The query parameters that carry a secret, by name. */
const SECRET_NAMES = '(?:token|refreshToken|code)';
const SECRET_PARAM = new RegExp(`([?&]${SECRET_NAMES}=)[^&#]*`, 'gi');
/** A URL that may hold one of the two: most URLs are returned as they are after this one scan. */
const MAY_HOLD_SECRET = new RegExp(`${VERIFY_PATH.source}|[?&]${SECRET_NAMES}=`, 'i');

/**
 * Removes secrets that travel in URLs (verification and reset links, their API calls) before a URL
 * is written to a log. Every answered request passes here (the request log line).
 */
export function redactUrl(url: string): string {
  if (!MAY_HOLD_SECRET.test(url)) return url;
  return url.replace(VERIFY_PATH, '$1[redacted]').replace(SECRET_PARAM, '$1[redacted]');
}
