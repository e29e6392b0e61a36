import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, asc, count, eq, gt, isNull } from 'drizzle-orm';
import { PASSKEYS } from '#shared/constants';
import type { LoginReply } from '#shared/schemas/responses/auth';
import type { PasskeyDto } from '#shared/schemas/passkeys';
import type { Config } from '#server/config';
import type { DbOrTx } from '#server/db/client';
import { passkeys, profiles, users, webauthnChallenges, type PasskeyRow, type UserRow } from '#server/db/schema';
import { AppError, badRequest, conflict, notFound } from '#server/lib/errors';
import { openChallenge } from './second-step';
import { openSignedInSession, type SignInContext } from './signed-in-session';
import { recordSecurityEvent } from './security-log';
import { hasTwoFactor } from './two-factor';

/**
 * Passkeys (WebAuthn, issue 36, decision 196) with @simplewebauthn/server: the relying party is the site's public
 * address (its host name the RP ID, its origin the only origin accepted). Each challenge is kept, used once within
 * PASSKEYS.challengeMinutes; a sign-in names no account (discoverable credentials), the passkey does.
 */
type Ctx = { db: DbOrTx; config: Pick<Config, 'publicUrl'> };

const relyingParty = (config: Pick<Config, 'publicUrl'>) => {
  const url = new URL(config.publicUrl);
  return { rpID: url.hostname, origin: url.origin };
};

const toDto = (p: PasskeyRow): PasskeyDto => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt.toISOString(),
  lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
  synced: p.backedUp,
});

export async function listPasskeys(db: DbOrTx, userId: string): Promise<PasskeyDto[]> {
  return (await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt))).map(toDto);
}

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
async function keepChallenge(db: DbOrTx, challenge: string, purpose: 'register' | 'sign-in', userId: string | null) {
  await db.insert(webauthnChallenges).values({ challenge, purpose, userId, expiresAt: new Date(Date.now() + PASSKEYS.challengeMinutes * 60_000) });
}

/** Spends the kept challenge a response names: its row, or null when it is unknown, used, expired or another's. */
async function spendChallenge(db: DbOrTx, clientDataJSON: string, purpose: 'register' | 'sign-in', userId: string | null) {
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

/** The options for navigator.credentials.create(): a discoverable credential, the account's own passkeys excluded. */
export async function registrationOptions(ctx: Ctx, user: UserRow) {
  const mine = await ctx.db.select({ id: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, user.id));
  const options = await generateRegistrationOptions({
    rpName: PASSKEYS.rpName,
    rpID: relyingParty(ctx.config).rpID,
    userName: user.email,
    userDisplayName: `${user.firstName} ${user.lastName}`.trim() || user.email,
    // The account's id as the user handle: no address or name in what the authenticator keeps.
    userID: Buffer.from(user.id.replace(/-/g, ''), 'hex'),
    attestationType: 'none',
    excludeCredentials: mine.map((p) => ({ id: p.id, transports: JSON.parse(p.transports) as AuthenticatorTransport[] })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await keepChallenge(ctx.db, options.challenge, 'register', user.id);
  return options;
}

/** Adds the passkey the browser made: its response checked against the challenge handed to this account. */
export async function addPasskey(ctx: Ctx, user: UserRow, name: string, response: RegistrationResponseJSON): Promise<PasskeyDto> {
  const [{ n }] = await ctx.db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, user.id));
  if (n >= PASSKEYS.perAccount) throw badRequest('PASSKEY_NOT_VERIFIED');
  const kept = await spendChallenge(ctx.db, response.response.clientDataJSON, 'register', user.id);
  if (!kept) throw badRequest('PASSKEY_CHALLENGE_EXPIRED');
  const { rpID, origin } = relyingParty(ctx.config);
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: kept.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) throw badRequest('PASSKEY_NOT_VERIFIED');
  const { credential, credentialDeviceType, credentialBackedUp, aaguid } = verification.registrationInfo;
  const [row] = await ctx.db
    .insert(passkeys)
    .values({
      userId: user.id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: JSON.stringify(credential.transports ?? response.response.transports ?? []),
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
      aaguid,
      name,
    })
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning();
  if (!row) throw conflict('PASSKEY_ALREADY_ADDED');
  return toDto(row);
}

export async function renamePasskey(db: DbOrTx, userId: string, id: string, name: string): Promise<PasskeyDto> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  if (!row) throw notFound('PASSKEY_NOT_FOUND');
  return toDto(row);
}

/** Removes one of the account's passkeys: its name, and the passkeys left. */
export async function removePasskey(db: DbOrTx, userId: string, id: string): Promise<{ removed: string; left: PasskeyDto[] }> {
  const gone = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ name: passkeys.name });
  if (!gone.length) throw notFound('PASSKEY_NOT_FOUND');
  return { removed: gone[0].name, left: await listPasskeys(db, userId) };
}

/** The options for navigator.credentials.get(): no account named, any of the site's passkeys may answer. */
export async function signInOptions(ctx: Ctx) {
  const options = await generateAuthenticationOptions({ rpID: relyingParty(ctx.config).rpID, userVerification: 'preferred' });
  await keepChallenge(ctx.db, options.challenge, 'sign-in', null);
  return options;
}

const notRecognised = () => new AppError('UNAUTHORIZED', 'PASSKEY_NOT_RECOGNISED');

/**
 * Signs in with a passkey: the challenge spent, the passkey found by its id, the signature checked with its public
 * key, the counter moved on (a decrease below a non-zero count is a cloned authenticator: refused; synced passkeys
 * keep 0). The session counts as two factors when the authenticator verified its user (a PIN, a fingerprint); one
 * that did not is a single factor, so an account with two-step verification is asked for its code next, as after a
 * password.
 */
export async function signInWithPasskey(ctx: SignInContext, response: AuthenticationResponseJSON, meta: { userAgent: string; ip: string; place?: string }): Promise<LoginReply> {
  const kept = await spendChallenge(ctx.db, response.response.clientDataJSON, 'sign-in', null);
  if (!kept) throw badRequest('PASSKEY_CHALLENGE_EXPIRED');
  const [found] = await ctx.db
    .select({ passkey: passkeys, user: users, role: profiles.role })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(passkeys.credentialId, response.id));
  if (!found) throw notRecognised();
  const { passkey, user } = found;
  const { rpID, origin } = relyingParty(ctx.config);
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: kept.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
    credential: {
      id: passkey.credentialId,
      publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
      counter: passkey.counter,
      transports: JSON.parse(passkey.transports) as AuthenticatorTransport[],
    },
  }).catch(() => null);
  if (!verification?.verified) {
    await recordSecurityEvent(ctx.db, user.id, 'sign-in-failed', meta, 'passkey');
    throw notRecognised();
  }
  const info = verification.authenticationInfo;
  await ctx.db
    .update(passkeys)
    .set({ counter: info.newCounter, backedUp: info.credentialBackedUp, deviceType: info.credentialDeviceType, lastUsedAt: new Date() })
    .where(eq(passkeys.id, passkey.id));
  if (!user.isEmailVerified) throw new AppError('EMAIL_NOT_VERIFIED', 'EMAIL_NOT_VERIFIED');
  // No address was typed, so no sign-in proof could be shown: whether the browser is new is told by its family (decision 200).
  if (!info.userVerified && (await hasTwoFactor(ctx.db, user.id))) return openChallenge(ctx, user, 'web', meta, { proof: null });
  return openSignedInSession(ctx, user, found.role ?? 'user', 'web', meta, { stepUp: true, secondFactor: info.userVerified, method: 'passkey', proof: null });
}
