import { z } from 'zod';

/** The longest address a mail server accepts (RFC 5321 path limit): anything longer is refused before any pattern runs. */
export const EMAIL_MAX = 254;

/**
 * The address grammar: zod's own e-mail pattern (letters, digits and `_ ' + -` in dot-separated local parts; a domain
 * of letter/digit/hyphen labels and a top-level domain of letters). It runs in linear time, and it has no room for
 * `? & = % , < >` or spaces, so an address cannot carry mail headers or a second recipient.
 */
export const EMAIL_PATTERN = z.regexes.email;

/** Characters that would make the URL parser read part of a domain as credentials, a port, a path, a query or an escape. */
const NOT_A_HOST = /[\s/?#\\@:%[\]]/;

/**
 * One domain, one spelling: lowercase, no root dot (`example.com.` is `example.com`), and international names in
 * their ASCII (punycode) form through the URL parser's IDNA mapping, the same in the browser and on the server:
 * full-width letters and ideographic full stops become their ASCII forms, `bücher.example` becomes `xn--bcher-kva.example`.
 * A domain the URL parser would split or decode is returned as it is, for the address pattern to refuse.
 */
export function normaliseDomain(domain: string): string {
  const lower = domain.toLowerCase();
  if (!lower || NOT_A_HOST.test(lower)) return lower;
  let host: string;
  try {
    host = new URL(`http://${lower}/`).hostname;
  } catch {
    return lower;
  }
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

/**
 * The form in which an address is checked, stored and looked up (sign-up and its uniqueness, sign-in, reset,
 * verification, contact, the disposable list): trimmed, lowercased, with its domain normalised.
 */
export function normaliseEmail(raw: string): string {
  const value = raw.trim().toLowerCase();
  const at = value.lastIndexOf('@');
  if (at < 1) return value;
  return `${value.slice(0, at)}@${normaliseDomain(value.slice(at + 1))}`;
}

/** Domains whose mail servers ignore dots in the local part, and deliver the one domain's mail under the other's name. */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox behind an address, for telling apart people rather than spellings (the trial memory, decision 100): the
 * normal form, without a `+tag` in the local part (a sub-address of the same mailbox, at every domain), and for Gmail
 * without the dots of the local part, googlemail.com as gmail.com. Never stored or mailed to: the address a person signs
 * in with stays as typed (in its normal form).
 */
export function mailboxOf(raw: string): string {
  const address = normaliseEmail(raw);
  const at = address.lastIndexOf('@');
  if (at < 1) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    domain = 'gmail.com';
    local = local.replaceAll('.', '');
  }
  return `${local}@${domain}`;
}

/** True for an address of the accepted grammar (after normalisation); long input is refused before the pattern runs. */
export function isEmailAddress(raw: string): boolean {
  const trimmed = raw.trim();
  if (trimmed.length > EMAIL_MAX) return false;
  const value = normaliseEmail(trimmed);
  return value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value);
}

/** The domain of a normalised address ('' when there is none). */
export const emailDomain = (address: string): string => address.slice(address.lastIndexOf('@') + 1);
