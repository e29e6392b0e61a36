import { SignJWT } from 'jose';
import { LEASE_ALG, LEASE_TYP, type LeaseClaims } from '#shared/licence/lease';
import type { LicenceKeyring } from '#server/lib/licence-keys';

/** Signs a lease with the keyring's current key (decision 183); its claims are made by the caller with leaseExpiry(). */
export function signLease(keyring: LicenceKeyring, claims: LeaseClaims): Promise<string> {
  const { exp, iat, iss, sub, ...rest } = claims;
  return new SignJWT(rest)
    .setProtectedHeader({ alg: LEASE_ALG, kid: keyring.current.kid, typ: LEASE_TYP })
    .setIssuer(iss)
    .setSubject(sub)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(keyring.current.privateKey);
}
