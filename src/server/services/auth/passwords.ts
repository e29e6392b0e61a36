import type { Algorithm, Options } from '@node-rs/argon2';
import { AppError } from '../../lib/errors';

/** The native argon2 library, loaded with the first password hashed or checked rather than at start. */
let argon2: Promise<typeof import('@node-rs/argon2')> | undefined;
const loadArgon2 = () => (argon2 ??= import('@node-rs/argon2'));

/**
 * argon2id at the OWASP minimum (19 MiB, 2 passes, one lane): the library's defaults, written out so that a test
 * checks them (passwords.test.ts). A check reads the parameters from the stored hash itself.
 */
export const PASSWORD_HASH_OPTIONS: Readonly<Options> = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = async (password: string) => (await loadArgon2()).hash(password, PASSWORD_HASH_OPTIONS);

/**
 * The hash of a password someone chooses (sign-up, reset, change, the admin CLI): one of the passwords most common in
 * data breaches is refused first, PASSWORD_TOO_COMMON (decision 197).
 */
export async function hashNewPassword(password: string): Promise<string> {
  const { isCommonPassword } = await import('./common-passwords');
  if (await isCommonPassword(password)) throw new AppError('VALIDATION_ERROR', 'PASSWORD_TOO_COMMON');
  return hashPassword(password);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  const { verify } = await loadArgon2();
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so that timing does not reveal it. */
let dummy: Promise<string> | undefined;
export const dummyHash = () => (dummy ??= hashPassword('not-a-real-password-Xy1!'));
