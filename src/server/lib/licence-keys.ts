import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The keys that sign desktop licence leases (decision 183). Ed25519 keys, each with an id (`kid`) and a status:
 * `current` signs every new lease (exactly one); `next` is published before it signs, so programs that refresh their
 * key set hold it before the first lease it signs arrives; `previous` signed leases still in use and is published until
 * they have expired. A key taken out of the set is withdrawn: it is no longer published, and the server and the
 * reference client (which replaces its pinned set with the published one) verify nothing signed with it.
 *
 * Kept in our own small module rather than a key-management library: node:crypto makes, imports and exports Ed25519
 * keys as JWKs, and `jose` (already the access tokens' library) signs and verifies the leases.
 */
export type LicenceKeyStatus = 'current' | 'next' | 'previous';
export const LICENCE_KEY_STATUSES: readonly LicenceKeyStatus[] = ['current', 'next', 'previous'];

/** One key as LICENCE_SIGNING_KEYS holds it: a private Ed25519 JWK with its id and status. */
export type LicenceKeyJwk = { kty: 'OKP'; crv: 'Ed25519'; x: string; d: string; kid: string; status: LicenceKeyStatus };

/** A public key as /.well-known/jwks.json publishes it (RFC 7517, RFC 8037). */
export type PublicLicenceJwk = { kty: 'OKP'; crv: 'Ed25519'; x: string; kid: string; alg: 'EdDSA'; use: 'sig' };

export type LicenceKeyring = {
  /** The key that signs. */
  current: { kid: string; privateKey: KeyObject };
  /** Every published key by id (current, next, previous): what verifies. */
  verifiers: ReadonlyMap<string, KeyObject>;
  /** The public key set, current first. */
  jwks: { keys: PublicLicenceJwk[] };
};

/** Why a key set is refused, in words that name what to fix. */
export class LicenceKeyError extends Error {}

const KID = /^[A-Za-z0-9._-]{1,64}$/;

/** Reads a key set (LICENCE_SIGNING_KEYS: a JSON array of private JWKs, or `{ "keys": [...] }`) into a keyring. */
export function parseLicenceKeys(text: string): LicenceKeyring {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new LicenceKeyError('expected JSON: an array of Ed25519 private JWKs, each with "kid" and "status" (current, next or previous)');
  }
  const list = Array.isArray(parsed)
    ? parsed
    : parsed && typeof parsed === 'object' && Array.isArray((parsed as { keys?: unknown }).keys)
      ? (parsed as { keys: unknown[] }).keys
      : null;
  if (!list?.length) throw new LicenceKeyError('expected a non-empty array of Ed25519 private JWKs');
  const seen = new Set<string>();
  const keys = list.map((entry, i) => {
    const jwk = entry as Partial<LicenceKeyJwk>;
    const where = `key ${i + 1}`;
    if (!jwk || typeof jwk !== 'object' || jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519')
      throw new LicenceKeyError(`${where}: expected an Ed25519 key ("kty": "OKP", "crv": "Ed25519")`);
    if (typeof jwk.kid !== 'string' || !KID.test(jwk.kid)) throw new LicenceKeyError(`${where}: expected a "kid" of 1 to 64 letters, digits, dots, dashes or underscores`);
    if (seen.has(jwk.kid)) throw new LicenceKeyError(`${where}: the kid "${jwk.kid}" is used twice`);
    seen.add(jwk.kid);
    if (!LICENCE_KEY_STATUSES.includes(jwk.status as LicenceKeyStatus)) throw new LicenceKeyError(`${where} (${jwk.kid}): expected "status" current, next or previous`);
    if (typeof jwk.d !== 'string' || typeof jwk.x !== 'string') throw new LicenceKeyError(`${where} (${jwk.kid}): expected a private key ("d" and "x")`);
    let privateKey: KeyObject;
    try {
      privateKey = createPrivateKey({ key: { kty: 'OKP', crv: 'Ed25519', d: jwk.d, x: jwk.x }, format: 'jwk' });
    } catch {
      throw new LicenceKeyError(`${where} (${jwk.kid}): "d" and "x" are not an Ed25519 key pair`);
    }
    const publicKey = createPublicKey(privateKey);
    // node:crypto takes "x" from "d": a JWK whose "x" is not d's public key would publish a key that verifies nothing.
    if ((publicKey.export({ format: 'jwk' }) as { x: string }).x !== jwk.x) throw new LicenceKeyError(`${where} (${jwk.kid}): "x" is not the public key of "d"`);
    return { kid: jwk.kid, status: jwk.status as LicenceKeyStatus, privateKey, publicKey, x: jwk.x };
  });
  const current = keys.filter((k) => k.status === 'current');
  if (current.length !== 1) throw new LicenceKeyError(`expected exactly one key with "status": "current" (found ${current.length})`);
  const order = (s: LicenceKeyStatus) => LICENCE_KEY_STATUSES.indexOf(s);
  const published = [...keys].sort((a, b) => order(a.status) - order(b.status));
  return {
    current: { kid: current[0]!.kid, privateKey: current[0]!.privateKey },
    verifiers: new Map(published.map((k) => [k.kid, k.publicKey])),
    jwks: { keys: published.map((k) => ({ kty: 'OKP', crv: 'Ed25519', x: k.x, kid: k.kid, alg: 'EdDSA', use: 'sig' })) },
  };
}

/** A new private key for LICENCE_SIGNING_KEYS (`npm run licence-key`, and the embedded defaults). */
export function generateLicenceKey(kid: string, status: LicenceKeyStatus = 'current'): LicenceKeyJwk {
  const { privateKey } = generateKeyPairSync('ed25519');
  const { d, x } = privateKey.export({ format: 'jwk' }) as { d: string; x: string };
  return { kty: 'OKP', crv: 'Ed25519', x, d, kid, status };
}

/** The file of the data directory that keeps the embedded defaults' key set. */
export const EMBEDDED_KEYS_FILE = 'licence-signing-keys.json';

/**
 * The key set of a start on the embedded defaults: read from the data directory, or made there once (readable by this
 * user only) so that leases keep verifying across restarts. In memory (tests: `memory://`) a new key each start.
 */
export function embeddedLicenceKeys(dataDir: string, now = new Date()): { keyring: LicenceKeyring; made: string | null } {
  const kid = `embedded-${now.toISOString().slice(0, 10)}`;
  if (dataDir === 'memory://') return { keyring: parseLicenceKeys(JSON.stringify([generateLicenceKey(kid)])), made: null };
  const file = path.join(dataDir, EMBEDDED_KEYS_FILE);
  if (existsSync(file)) return { keyring: parseLicenceKeys(readFileSync(file, 'utf8')), made: null };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify([generateLicenceKey(kid)], null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return { keyring: parseLicenceKeys(readFileSync(file, 'utf8')), made: file };
}
