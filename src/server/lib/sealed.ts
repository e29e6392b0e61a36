import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import path from 'node:path';

/**
 * Secrets the server must read back (an authenticator app's TOTP secret), sealed at rest with AES-256-GCM under
 * TWO_FACTOR_KEY (decision 192): `v1.<iv>.<ciphertext>.<tag>`, base64url. A row read out of the database, or a backup,
 * opens nothing without the key, which lives in the configuration, not in the database. node:crypto's AEAD is the
 * whole of it; no library adds anything here.
 */
export type Sealer = { seal: (plain: string) => string; open: (sealed: string) => string };

export const TWO_FACTOR_KEY_BYTES = 32;
/** Where the embedded defaults keep their key (DATA_DIR), made once. */
export const EMBEDDED_TWO_FACTOR_KEY_FILE = 'two-factor.key';

/** Reads TWO_FACTOR_KEY's value (base64 of 32 bytes), or null with the reason. */
export function parseTwoFactorKey(value: string): Buffer | string {
  const key = /^[A-Za-z0-9+/_-]+=*$/.test(value.trim()) ? Buffer.from(value.trim(), 'base64') : null;
  return key && key.length === TWO_FACTOR_KEY_BYTES ? key : `expected ${TWO_FACTOR_KEY_BYTES} random bytes in base64 (openssl rand -base64 32)`;
}

export function createSealer(key: Buffer): Sealer {
  if (key.length !== TWO_FACTOR_KEY_BYTES) throw new Error(`a sealing key is ${TWO_FACTOR_KEY_BYTES} bytes`);
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, body, cipher.getAuthTag()].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    open(sealed) {
      const [version, iv, body, tag] = sealed.split('.');
      if (version !== 'v1' || !iv || !body || !tag) throw new Error('not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/**
 * The embedded defaults' key: made once in DATA_DIR (readable by its owner only) and read back at the next start;
 * in memory for a memory:// data directory. A production start names TWO_FACTOR_KEY instead (config.ts).
 */
export function embeddedTwoFactorKey(dataDir: string): { key: Buffer; made: string | null } {
  if (dataDir === 'memory://') return { key: randomBytes(TWO_FACTOR_KEY_BYTES), made: null };
  const file = path.join(dataDir, EMBEDDED_TWO_FACTOR_KEY_FILE);
  if (existsSync(file)) {
    const key = parseTwoFactorKey(readFileSync(file, 'utf8'));
    if (typeof key === 'string') throw new Error(`${file}: ${key}`);
    return { key, made: null };
  }
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${randomBytes(TWO_FACTOR_KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return { ...embeddedTwoFactorKey(dataDir), made: file };
}

/**
 * What TWO_FACTOR_KEY gives the server (decision 192): the sealer of authenticator secrets, and the keyed hash of
 * recovery codes, under a key derived from it (HKDF-SHA256), so a copy of the database alone cannot test guesses.
 */
export type TwoFactorSecrets = { sealer: Sealer; recoveryHmac: (code: string) => string };

export function twoFactorSecrets(key: Buffer): TwoFactorSecrets {
  const hmacKey = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'stealth-browser recovery codes', 32));
  return { sealer: createSealer(key), recoveryHmac: (code) => createHmac('sha256', hmacKey).update(code).digest('hex') };
}

/** TWO_FACTOR_KEY, or the embedded defaults' key. */
export function configuredTwoFactorSecrets(config: { TWO_FACTOR_KEY?: string; dataDir: string }): TwoFactorSecrets {
  const key = config.TWO_FACTOR_KEY ? parseTwoFactorKey(config.TWO_FACTOR_KEY) : embeddedTwoFactorKey(config.dataDir).key;
  if (typeof key === 'string') throw new Error(`TWO_FACTOR_KEY: ${key}`);
  return twoFactorSecrets(key);
}
