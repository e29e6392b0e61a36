import { and, desc, eq, notInArray } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { Db, DbOrTx } from '../../db/client';
import { signInProofs as proofRows, sessions, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { randomToken } from '../../lib/crypto';
import { sharedSecret } from '../../lib/secrets';
import { sessionEnded } from './sessions';

/**
 * Sign-in proofs (OWASP's "device cookies", decisions 061 and 179; called device tokens until decision 179): a signed
 * note, handed out at each successful sign-in, that this client once signed in to this account. The client sends it
 * back with its next sign-in; the sign-in limits then count that client's failures on their own instead of the
 * account's shared bound, so someone guessing from elsewhere cannot keep the owner out. It grants nothing else: the
 * password is still checked. Each proof is remembered by its id (decision 102): an account keeps its newest
 * SIGN_IN_PROOFS_PER_USER, and a password change or reset, "sign out of all other sessions" and an admin's "end
 * sessions" retire all of them. A proof is not a desktop device (an installation bound to an account).
 */
export type SignInProofs = {
  /** A proof for the session a sign-in just opened; refused with the session's own end when it has ended meanwhile. */
  issue: (userId: string, sessionId: string) => Promise<string>;
  /** The proof's id when it is genuine, unexpired and for this account; null otherwise. */
  read: (proof: string | undefined, userId: string) => Promise<string | null>;
};

const ISSUER = 'stealth-browser';
// The audience and the key's name in app_settings are those of the proofs handed out before the rename (decision
// 179): proofs already in browsers and desktop programs stay valid for their 180 days.
const AUDIENCE = 'stealth-browser-device';
const SECRET_NAME = 'device_token_secret';
export const SIGN_IN_PROOF_TTL_DAYS = 180;
/** How many sign-in proofs an account keeps: its newest; handing out one more retires the oldest (decision 102). */
export const SIGN_IN_PROOFS_PER_USER = 5;

/** The sign-in proofs of one app, with one key shared by every instance on the database (made by composition.ts). */
export async function createSignInProofs(db: Db): Promise<SignInProofs> {
  // A key of its own: a sign-in proof is never an access token, and the reverse.
  const key = new TextEncoder().encode(await sharedSecret(db, SECRET_NAME));
  return {
    issue: async (userId, sessionId) => {
      const id = randomToken(16);
      await db.transaction(async (tx) => {
        // The account's row first, as sign-ins and password changes lock it: proofs of one account are handed out one
        // after the other (the cap holds), and never in a lock cycle with a sign-in displacing this session.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        // A password change, a reset or a sign-out everywhere that committed since the sign-in's session was made has
        // ended it: no proof then. The row lock waits for one still running (it ends the sessions before the proofs).
        // Answered as the session's own end would be (password changed, signed out, signed in elsewhere).
        const [session] = await tx.select().from(sessions).where(eq(sessions.id, sessionId)).for('share');
        if (!session) throw new AppError('INVALID_CREDENTIALS', 'INVALID_CREDENTIALS');
        if (session.revokedAt) throw sessionEnded(session);
        await tx.insert(proofRows).values({ id, userId });
        const newest = tx
          .select({ id: proofRows.id })
          .from(proofRows)
          .where(eq(proofRows.userId, userId))
          .orderBy(desc(proofRows.createdAt), desc(proofRows.id))
          .limit(SIGN_IN_PROOFS_PER_USER);
        await tx.delete(proofRows).where(and(eq(proofRows.userId, userId), notInArray(proofRows.id, newest)));
      });
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setJti(id)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${SIGN_IN_PROOF_TTL_DAYS}d`)
        .sign(key);
    },
    read: async (proof, userId) => {
      if (!proof) return null;
      let id: string;
      try {
        const { payload } = await jwtVerify(proof, key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
        if (payload.sub !== userId || typeof payload.jti !== 'string') return null;
        id = payload.jti;
      } catch {
        return null;
      }
      const [row] = await db
        .select({ id: proofRows.id })
        .from(proofRows)
        .where(and(eq(proofRows.id, id), eq(proofRows.userId, userId)));
      return row ? id : null;
    },
  };
}

/** Every sign-in proof of the account handed out so far stops counting (decision 102); call it in the change's transaction. */
export async function retireSignInProofs(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(proofRows).where(eq(proofRows.userId, userId));
}
