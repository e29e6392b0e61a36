import { hash, verify } from '@node-rs/argon2';

/** argon2id at the library's defaults (the OWASP minimum: 19 MiB, 2 passes). */
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so that timing does not reveal it. */
let dummy: Promise<string> | undefined;
export const dummyHash = () => (dummy ??= hash('not-a-real-password-Xy1!'));
