/**
 * Removes secrets that travel in URLs (verification and reset links, their API calls) before a URL
 * is written to a log.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/auth\/verify-email\/)[^/?#]+/, '$1[redacted]')
    .replace(/([?&](?:token|refreshToken|code)=)[^&#]*/gi, '$1[redacted]');
}
