import { STORAGE_KEYS } from '../../../shared/constants';
import { normaliseEmail } from '../../../shared/email';

/** How many accounts' device tokens one browser keeps (the most recent sign-ins). */
const KEEP = 5;

type Entry = [address: string, token: string];

function read(): Entry[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.deviceTokens) ?? '[]');
    return Array.isArray(value) ? value.filter((e): e is Entry => Array.isArray(e) && typeof e[0] === 'string' && typeof e[1] === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The device tokens this browser was given at sign-in, one per account (decision 061). They outlive sign-out:
 * they say only that this browser signed in to the account before, which keeps it able to sign in while someone
 * else is guessing that account's password.
 */
export const deviceTokens = {
  of: (email: string): string | undefined => read().find(([address]) => address === normaliseEmail(email))?.[1],
  keep: (email: string, token: string | undefined) => {
    if (!token) return;
    const address = normaliseEmail(email);
    const entries = [[address, token] as Entry, ...read().filter(([a]) => a !== address)].slice(0, KEEP);
    try {
      localStorage.setItem(STORAGE_KEYS.deviceTokens, JSON.stringify(entries));
    } catch {
      // Storage full or blocked: sign-in works without it, as from a new device.
    }
  },
};
