import { sign } from 'node:crypto';
import { LEASE_ALG, LEASE_TYP, type LeaseClaims } from '#shared/licence/lease';
import type { LicenceKeyring } from '#server/lib/licence-keys';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Signs a lease with the keyring's current key (decision 183): a compact JWS (RFC 7515 §7.1), header
 * `{alg: EdDSA, kid, typ}`, the claims as the caller made them with leaseExpiry(). Made here with node:crypto's one-shot
 * Ed25519 signature rather than jose's SignJWT (decision 191): the same bytes a JWS library would make, without the
 * asynchronous WebCrypto job per lease, which cost the refresh a fifth of its time. What reads a lease (the reference
 * client, the tests) verifies it with jose, so the format is checked by a library that did not make it.
 */
export function signLease(keyring: LicenceKeyring, claims: LeaseClaims): string {
  const input = `${base64url({ alg: LEASE_ALG, kid: keyring.current.kid, typ: LEASE_TYP })}.${base64url(claims)}`;
  return `${input}.${sign(null, Buffer.from(input), keyring.current.privateKey).toString('base64url')}`;
}
