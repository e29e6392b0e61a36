import { disposableEmailBlocklistSet } from 'disposable-email-domains-js';
import { emailDomain, normaliseEmail } from '#shared/email';

let blocklist: Set<string> | undefined;

/**
 * True when the address's domain, or a domain it belongs to (`x.mailinator.com` under `mailinator.com`), is a known
 * throw-away mail service (decision 062). The address is normalised first, so `MAILINATOR.COM.` or the full-width
 * spelling of a listed domain is the listed domain.
 */
export function isDisposableEmail(email: string): boolean {
  // About 9 000 domains: read on first use, not at start.
  blocklist ??= disposableEmailBlocklistSet();
  const labels = emailDomain(normaliseEmail(email)).split('.');
  for (let i = 0; i < labels.length - 1; i++) {
    if (blocklist.has(labels.slice(i).join('.'))) return true;
  }
  return false;
}
