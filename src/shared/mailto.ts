/**
 * A `mailto:` link (RFC 6068) whose parts are percent-encoded: an address or subject that contains `?`, `&`, `,`,
 * `%` or line breaks stays one address or one subject and cannot add recipients (cc, bcc) or other headers.
 */
export function mailtoHref(to: string, fields: { subject?: string; body?: string } = {}): string {
  const at = to.lastIndexOf('@');
  const address = at < 0 ? encodeURIComponent(to) : `${encodeURIComponent(to.slice(0, at))}@${encodeURIComponent(to.slice(at + 1))}`;
  const query = (['subject', 'body'] as const)
    .filter((name) => fields[name])
    .map((name) => `${name}=${encodeURIComponent(fields[name]!)}`)
    .join('&');
  return `mailto:${address}${query ? `?${query}` : ''}`;
}
