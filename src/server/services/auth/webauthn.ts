import { generateAuthenticationOptions, verifyAuthenticationResponse, type AuthenticationResponseJSON, type AuthenticatorTransport } from '@simplewebauthn/server';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { PASSKEYS } from '#shared/constants';
import type { Config } from '#server/config';
import type { DbOrTx } from '#server/db/client';
import { passkeys, webauthnChallenges, type PasskeyRow } from '#server/db/schema';

/**
 * The WebAuthn ceremonies' common part (decisions 196, 198): the relying party, the kept challenges, and the one
 * check of a passkey's answer that signing in, the sign-in's second step and step-up share.
 */
export type WebauthnCtx = { db: DbOrTx; config: Pick<Config, 'publicUrl'> };

/**
 * What a kept challenge was handed out for: adding a passkey (with its account), signing in without an address (no
 * account), the second step after a password and step-up (both with the account whose passkeys may answer).
 */
export type ChallengePurpose = 'register' | 'sign-in' | 'second-step' | 'step-up';

/** The site's public address as the relying party: its host name the RP ID, its origin the only origin accepted. */
export const relyingParty = (config: Pick<Config, 'publicUrl'>) => {
  const url = new URL(config.publicUrl);
  return { rpID: url.hostname, origin: url.origin };
};

/** The challenge a response answered, read from its clientDataJSON (the signature over it is checked after). */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' && data.challenge.length <= 200 ? data.challenge : null;
  } catch {
    return null;
  }
}

/** Keeps a challenge for PASSKEYS.challengeMinutes. */
export async function keepChallenge(db: DbOrTx, challenge: string, purpose: ChallengePurpose, userId: string | null) {
  await db.insert(webauthnChallenges).values({ challenge, purpose, userId, expiresAt: new Date(Date.now() + PASSKEYS.challengeMinutes * 60_000) });
}

/** Spends the kept challenge a response names: its row, or null when it is unknown, used, expired or another's. */
export async function spendChallenge(db: DbOrTx, clientDataJSON: string, purpose: ChallengePurpose, userId: string | null) {
  const challenge = challengeOf(clientDataJSON);
  if (!challenge) return null;
  const [row] = await db
    .update(webauthnChallenges)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        userId ? eq(webauthnChallenges.userId, userId) : isNull(webauthnChallenges.userId),
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, new Date()),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * The options for navigator.credentials.get(), their challenge kept: without an account any of the site's passkeys
 * may answer (a sign-in without an address); with one, only that account's (the second step, step-up).
 */
export async function authenticationOptions(
  ctx: WebauthnCtx,
  purpose: Exclude<ChallengePurpose, 'register'>,
  account: { userId: string; passkeys: Pick<PasskeyRow, 'credentialId' | 'transports'>[] } | null,
  userVerification: 'preferred' | 'required',
) {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx.config).rpID,
    userVerification,
    ...(account ? { allowCredentials: account.passkeys.map((p) => ({ id: p.credentialId, transports: JSON.parse(p.transports) as AuthenticatorTransport[] })) } : {}),
  });
  await keepChallenge(ctx.db, options.challenge, purpose, account?.userId ?? null);
  return options;
}

/**
 * Why an answer was refused: `expired` its challenge (unknown, used, expired, of another purpose or account);
 * `refused` the passkey (not the site's, or not among the account's, a bad signature, another origin, a counter gone
 * back: a cloned authenticator); `unverified` it did not verify its user where that is required.
 */
export type PasskeyRefusal = 'expired' | 'refused' | 'unverified';
export type PasskeyCheck = { ok: true; passkey: PasskeyRow; userVerified: boolean } | { ok: false; why: PasskeyRefusal; owner: string | null };

/**
 * Checks a browser's answer to navigator.credentials.get(), the one check of every passkey use: the kept challenge it
 * names spent first (of `purpose`, of `userId` or of no account); the passkey found by its credential id (among
 * `userId`'s passkeys when given); the signature checked with its public key for the site's origin and RP ID; the
 * counter checked by the library (a response at or below a non-zero stored count is refused; synced passkeys keep 0).
 * When it passes (and verified its user, where `requireUserVerification`), the new counter, backed-up flag, device
 * type and the last use are stored. `owner` of a refusal: the account of the passkey found, for its security log.
 */
export async function checkPasskeyAnswer(
  ctx: WebauthnCtx,
  response: AuthenticationResponseJSON,
  expect: { purpose: Exclude<ChallengePurpose, 'register'>; userId: string | null; requireUserVerification?: boolean },
): Promise<PasskeyCheck> {
  const kept = await spendChallenge(ctx.db, response.response.clientDataJSON, expect.purpose, expect.userId);
  if (!kept) return { ok: false, why: 'expired', owner: null };
  const [passkey] = await ctx.db
    .select()
    .from(passkeys)
    .where(expect.userId ? and(eq(passkeys.credentialId, response.id), eq(passkeys.userId, expect.userId)) : eq(passkeys.credentialId, response.id));
  if (!passkey) return { ok: false, why: 'refused', owner: null };
  const { rpID, origin } = relyingParty(ctx.config);
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: kept.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    // Asked for below, so that an answer without it is told apart from a forged one.
    requireUserVerification: false,
    credential: {
      id: passkey.credentialId,
      publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
      counter: passkey.counter,
      transports: JSON.parse(passkey.transports) as AuthenticatorTransport[],
    },
  }).catch(() => null);
  if (!verification?.verified) return { ok: false, why: 'refused', owner: passkey.userId };
  const info = verification.authenticationInfo;
  if (expect.requireUserVerification && !info.userVerified) return { ok: false, why: 'unverified', owner: passkey.userId };
  const [used] = await ctx.db
    .update(passkeys)
    .set({ counter: info.newCounter, backedUp: info.credentialBackedUp, deviceType: info.credentialDeviceType, lastUsedAt: new Date() })
    .where(eq(passkeys.id, passkey.id))
    .returning();
  return { ok: true, passkey: used ?? passkey, userVerified: info.userVerified };
}

/** The account's passkeys as allowCredentials needs them. */
export const passkeysOf = (db: DbOrTx, userId: string) =>
  db.select({ credentialId: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId));
