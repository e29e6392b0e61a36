import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, asc, count, eq } from 'drizzle-orm';
import { PASSKEYS } from '#shared/constants';
import type { LoginReply } from '#shared/schemas/responses/auth';
import type { PasskeyDto } from '#shared/schemas/passkeys';
import type { DbOrTx } from '#server/db/client';
import { passkeys, profiles, users, type PasskeyRow, type UserRow } from '#server/db/schema';
import { AppError, badRequest, conflict, notFound } from '#server/lib/errors';
import { openChallenge } from './second-step';
import { openSignedInSession, type SignInContext } from './signed-in-session';
import { cancelRecoveryOnSignIn } from './two-factor-recovery';
import { recordSecurityEvent } from './security-log';
import { hasTwoFactor } from './two-factor';
import { authenticationOptions, checkPasskeyAnswer, keepChallenge, passkeysOf, relyingParty, spendChallenge, type WebauthnCtx } from './webauthn';

/**
 * Passkeys (WebAuthn, issue 36, decision 196) with @simplewebauthn/server: the relying party is the site's public
 * address (its host name the RP ID, its origin the only origin accepted). Each challenge is kept, used once within
 * PASSKEYS.challengeMinutes; a sign-in names no account (discoverable credentials), the passkey does. A passkey also
 * confirms it's you (step-up) and is the second step after a password (second-step.ts), decision 198.
 */
type Ctx = WebauthnCtx;

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

/** The options for navigator.credentials.create(): a discoverable credential, the account's own passkeys excluded. */
export async function registrationOptions(ctx: Ctx, user: UserRow) {
  const mine = await passkeysOf(ctx.db, user.id);
  const options = await generateRegistrationOptions({
    rpName: PASSKEYS.rpName,
    rpID: relyingParty(ctx.config).rpID,
    userName: user.email,
    userDisplayName: `${user.firstName} ${user.lastName}`.trim() || user.email,
    // The account's id as the user handle: no address or name in what the authenticator keeps.
    userID: Buffer.from(user.id.replace(/-/g, ''), 'hex'),
    attestationType: 'none',
    excludeCredentials: mine.map((p) => ({ id: p.credentialId, transports: JSON.parse(p.transports) as AuthenticatorTransport[] })),
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
export const signInOptions = (ctx: Ctx) => authenticationOptions(ctx, 'sign-in', null, 'preferred');

const notRecognised = () => new AppError('UNAUTHORIZED', 'PASSKEY_NOT_RECOGNISED');

/**
 * Signs in with a passkey: its answer checked (checkPasskeyAnswer: the challenge spent, the passkey found by its id,
 * the signature and the counter checked, its use stored). The session counts as two factors when the authenticator
 * verified its user (a PIN, a fingerprint); one that did not is a single factor, so an account with two-step
 * verification is asked for its code next, as after a password (never for a passkey again: decision 198).
 */
export async function signInWithPasskey(ctx: SignInContext, response: AuthenticationResponseJSON, meta: { userAgent: string; ip: string; place?: string }): Promise<LoginReply> {
  const checked = await checkPasskeyAnswer(ctx, response, { purpose: 'sign-in', userId: null });
  if (!checked.ok) {
    if (checked.why === 'expired') throw badRequest('PASSKEY_CHALLENGE_EXPIRED');
    if (checked.owner) await recordSecurityEvent(ctx.db, checked.owner, 'sign-in-failed', meta, 'passkey');
    throw notRecognised();
  }
  const [found] = await ctx.db.select({ user: users, role: profiles.role }).from(users).leftJoin(profiles, eq(profiles.id, users.id)).where(eq(users.id, checked.passkey.userId));
  if (!found) throw notRecognised();
  const { user } = found;
  if (!user.isEmailVerified) throw new AppError('EMAIL_NOT_VERIFIED', 'EMAIL_NOT_VERIFIED');
  // No address was typed, so no sign-in proof could be shown: whether the browser is new is told by its family (decision 200).
  if (!checked.userVerified && (await hasTwoFactor(ctx.db, user.id))) return openChallenge(ctx, user, 'web', meta, { firstStep: 'passkey', proof: null });
  // Two factors in one: the owner still has a way in, so a recovery by e-mail waiting ends (decision 201).
  if (checked.userVerified) await cancelRecoveryOnSignIn(ctx.db, user.id, meta);
  return openSignedInSession(ctx, user, found.role ?? 'user', 'web', meta, { stepUp: true, secondFactor: checked.userVerified, method: 'passkey', proof: null });
}

/** Step-up by passkey (decision 198): options naming the account's passkeys, the user's verification required. */
export async function stepUpOptions(ctx: Ctx, userId: string) {
  const mine = await passkeysOf(ctx.db, userId);
  if (!mine.length) throw conflict('NO_PASSKEY');
  return authenticationOptions(ctx, 'step-up', { userId, passkeys: mine }, 'required');
}

/**
 * Checks a passkey's answer for step-up: one of the account's passkeys, to a step-up challenge of the account, and
 * with the user verified (a PIN, a fingerprint, a face: a passkey only present is not a fresh check). Else
 * PASSKEY_CHALLENGE_EXPIRED, PASSKEY_USER_NOT_VERIFIED or PASSKEY_NOT_ACCEPTED.
 */
export async function checkStepUpPasskey(ctx: Ctx, userId: string, response: AuthenticationResponseJSON): Promise<void> {
  const checked = await checkPasskeyAnswer(ctx, response, { purpose: 'step-up', userId, requireUserVerification: true });
  if (checked.ok) return;
  throw badRequest(checked.why === 'expired' ? 'PASSKEY_CHALLENGE_EXPIRED' : checked.why === 'unverified' ? 'PASSKEY_USER_NOT_VERIFIED' : 'PASSKEY_NOT_ACCEPTED');
}
