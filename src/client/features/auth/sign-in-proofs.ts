import { STORAGE_KEYS } from '#shared/constants';
import { normaliseEmail } from '#shared/email';

/** How many accounts' sign-in proofs one browser stores (the most recent sign-ins). */
const KEEP = 5;

type Entry = [address: string, proof: string];

/**
 * The stored list, moved first from its key before decision 179 (`deviceTokens`) when only that one is there, so a
 * browser signed in before the rename keeps its proofs.
 */
function read(): Entry[] {
  try {
    let text = localStorage.getItem(STORAGE_KEYS.signInProofs);
    const before = localStorage.getItem(STORAGE_KEYS.signInProofsBefore179);
    if (before !== null) {
      if (text === null) {
        text = before;
        localStorage.setItem(STORAGE_KEYS.signInProofs, before);
      }
      localStorage.removeItem(STORAGE_KEYS.signInProofsBefore179);
    }
    const value: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(value) ? value.filter((e): e is Entry => Array.isArray(e) && typeof e[0] === 'string' && typeof e[1] === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The sign-in proofs this browser was given at sign-in, one per account (decisions 061, 179). They outlive sign-out:
 * they say only that this browser signed in to the account before, which keeps it able to sign in while someone
 * else is guessing that account's password.
 */
export const signInProofs = {
  of: (email: string): string | undefined => read().find(([address]) => address === normaliseEmail(email))?.[1],
  store: (email: string, proof: string | undefined) => {
    if (!proof) return;
    const address = normaliseEmail(email);
    const entries = [[address, proof] as Entry, ...read().filter(([a]) => a !== address)].slice(0, KEEP);
    try {
      localStorage.setItem(STORAGE_KEYS.signInProofs, JSON.stringify(entries));
    } catch {
      // Storage full or blocked: sign-in works without it, as from a new browser.
    }
  },
};
