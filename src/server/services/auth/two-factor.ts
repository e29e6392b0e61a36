import { randomInt } from 'node:crypto';
import { and, count, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { generateSecret, generateURI, verifySync } from 'otplib';
import QRCode from 'qrcode';
import { TWO_FACTOR } from '#shared/constants';
import type { AppContext } from '#server/context';
import type { Db, DbOrTx } from '#server/db/client';
import { passkeys, recoveryCodes, sessions, totpFactors, type UserRow } from '#server/db/schema';
import { badRequest, conflict, forbidden } from '#server/lib/errors';

/**
 * Two-step verification (issue 36, decision 192): an authenticator app (TOTP, otplib 13) and recovery codes, and the
 * step-up flag of a session. Every code works once: a TOTP code's time step is compared and set in one UPDATE
 * (`last_step`), a recovery code is spent by one UPDATE of its row; two submissions of one code at the same moment
 * find one row to change between them.
 */
type Ctx = Pick<AppContext, 'db' | 'twoFactor'>;

const STEP_UP_MS = TWO_FACTOR.stepUpMinutes * 60_000;
const otp = { digits: TWO_FACTOR.digits, period: TWO_FACTOR.periodSeconds } as const;

/** The account's confirmed authenticator, or null. */
export async function confirmedFactor(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
  return row?.confirmedAt ? row : null;
}

/** Whether the account has two-step verification on. */
export const hasTwoFactor = async (db: DbOrTx, userId: string) => (await confirmedFactor(db, userId)) !== null;

/** The time step a code for `secret` matches at `now` (±TWO_FACTOR.skewSteps), after `afterStep`; null when none. */
function matchingStep(secret: string, code: string, now: Date, afterStep: number | null): number | null {
  if (!new RegExp(`^\\d{${TWO_FACTOR.digits}}$`).test(code)) return null;
  const result = verifySync({
    ...otp,
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TWO_FACTOR.skewSteps * TWO_FACTOR.periodSeconds,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * Checks a code of the account's confirmed authenticator and spends it: true only for the one call whose UPDATE moved
 * `last_step` forward. A code of a step already used (or older) is refused, as a replayed one is.
 */
export async function spendTotpCode(ctx: Ctx, db: DbOrTx, userId: string, code: string, now = new Date()): Promise<boolean> {
  const factor = await confirmedFactor(db, userId);
  if (!factor) return false;
  const step = matchingStep(ctx.twoFactor.sealer.open(factor.secretSealed), code.trim(), now, factor.lastStep);
  if (step === null) return false;
  const moved = await db
    .update(totpFactors)
    .set({ lastStep: step, lastUsedAt: now })
    .where(and(eq(totpFactors.userId, userId), or(isNull(totpFactors.lastStep), lt(totpFactors.lastStep, step))))
    .returning({ userId: totpFactors.userId });
  return moved.length === 1;
}

/** A recovery code as typed, made comparable: upper case, no spaces or dashes, Crockford's look-alikes read as digits. */
export const normaliseRecoveryCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');

/** Spends one recovery code: the number left after it, or null when the code is not one of the account's unused. */
export async function spendRecoveryCode(ctx: Ctx, db: DbOrTx, userId: string, code: string, now = new Date()): Promise<number | null> {
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHmac, ctx.twoFactor.recoveryHmac(normaliseRecoveryCode(code))), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return spent.length === 1 ? recoveryCodesLeft(db, userId) : null;
}

export async function recoveryCodesLeft(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Ten new recovery codes, shown once as `XXXXX-XXXXX`; the old set is deleted in the same transaction. */
async function newRecoveryCodes(ctx: Ctx, tx: DbOrTx, userId: string): Promise<string[]> {
  const codes = Array.from({ length: TWO_FACTOR.recoveryCodes }, () =>
    Array.from({ length: TWO_FACTOR.recoveryCodeLength }, () => TWO_FACTOR.recoveryAlphabet[randomInt(TWO_FACTOR.recoveryAlphabet.length)]).join(''),
  );
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHmac: ctx.twoFactor.recoveryHmac(code) })));
  const half = TWO_FACTOR.recoveryCodeLength / 2;
  return codes.map((code) => `${code.slice(0, half)}-${code.slice(half)}`);
}

export type TwoFactorSetup = { secret: string; otpauthUri: string; qrSvg: string };

/**
 * Starts enrolling an authenticator: a new secret (20 bytes), kept sealed and unconfirmed, replacing an unconfirmed
 * one; its otpauth URI and a QR code of it drawn here as SVG (the secret never goes to a QR service).
 */
export async function startTotpSetup(ctx: Ctx, user: Pick<UserRow, 'id' | 'email'>, now = new Date()): Promise<TwoFactorSetup> {
  if (await hasTwoFactor(ctx.db, user.id)) throw conflict('TWO_FACTOR_ALREADY_ON');
  const secret = generateSecret();
  const sealed = ctx.twoFactor.sealer.seal(secret);
  await ctx.db
    .insert(totpFactors)
    .values({ userId: user.id, secretSealed: sealed, createdAt: now })
    .onConflictDoUpdate({ target: totpFactors.userId, set: { secretSealed: sealed, createdAt: now, lastStep: null, lastUsedAt: null }, setWhere: isNull(totpFactors.confirmedAt) });
  const otpauthUri = generateURI({ ...otp, issuer: TWO_FACTOR.issuer, label: user.email, secret });
  const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUri, qrSvg };
}

/**
 * Confirms the enrolment with a code of the new authenticator: two-step verification is on, the code's step is spent,
 * the session counts as having passed a second factor, and the first ten recovery codes are made and returned (the
 * only time they are shown).
 */
export async function confirmTotpSetup(ctx: Ctx, userId: string, sessionId: string, code: string, now = new Date()): Promise<string[]> {
  return ctx.db.transaction(async (tx) => {
    const [pending] = await tx.select().from(totpFactors).where(eq(totpFactors.userId, userId)).for('update');
    if (pending?.confirmedAt) throw conflict('TWO_FACTOR_ALREADY_ON');
    if (!pending) throw conflict('TWO_FACTOR_SETUP_EXPIRED');
    const step = matchingStep(ctx.twoFactor.sealer.open(pending.secretSealed), code.trim(), now, null);
    if (step === null) throw badRequest('INVALID_TWO_FACTOR_CODE');
    await tx.update(totpFactors).set({ confirmedAt: now, lastStep: step, lastUsedAt: now }).where(eq(totpFactors.userId, userId));
    // The session that gave the code has passed a second factor (an admin goes on from it: decision 193).
    await tx.update(sessions).set({ secondFactorAt: now }).where(eq(sessions.id, sessionId));
    return newRecoveryCodes(ctx, tx, userId);
  });
}

/** Regenerates the recovery codes (the old set stops working). */
export async function regenerateRecoveryCodes(ctx: Ctx, userId: string): Promise<string[]> {
  return ctx.db.transaction(async (tx) => {
    if (!(await confirmedFactor(tx, userId))) throw conflict('TWO_FACTOR_NOT_ON');
    return newRecoveryCodes(ctx, tx, userId);
  });
}

/** Whether the account must keep two-step verification on: every admin does (decision 193). */
export const twoFactorRequired = (role: 'user' | 'admin') => role === 'admin';

/** Turns two-step verification off: the authenticator and every recovery code go. An admin's stays. */
export async function turnOffTwoFactor(db: Db, userId: string, role: 'user' | 'admin'): Promise<void> {
  if (twoFactorRequired(role)) throw conflict('TWO_FACTOR_REQUIRED_FOR_ADMINS');
  await db.transaction(async (tx) => {
    const gone = await tx.delete(totpFactors).where(eq(totpFactors.userId, userId)).returning({ confirmedAt: totpFactors.confirmedAt });
    if (!gone[0]?.confirmedAt) throw conflict('TWO_FACTOR_NOT_ON');
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  });
}

export type TwoFactorStatus = {
  enabled: boolean;
  required: boolean;
  sessionVerified: boolean;
  confirmedAt: string | null;
  lastUsedAt: string | null;
  recoveryCodesLeft: number;
  recoveryCodesLow: boolean;
  passkeys: number;
};

/** The account's two-step verification as the Security tab and the admin area's gate show it, seen from one session; its passkeys' count for step-up. */
export async function twoFactorStatus(db: Db, auth: { user: Pick<UserRow, 'id'>; role: 'user' | 'admin'; session: { id: string } }): Promise<TwoFactorStatus> {
  const userId = auth.user.id;
  const factor = await confirmedFactor(db, userId);
  const left = factor ? await recoveryCodesLeft(db, userId) : 0;
  // Read from the row, not the kept session check: the gate asks again right after the enrolment.
  const [session] = await db.select({ secondFactorAt: sessions.secondFactorAt }).from(sessions).where(eq(sessions.id, auth.session.id));
  const [mine] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return {
    enabled: factor !== null,
    required: twoFactorRequired(auth.role),
    sessionVerified: Boolean(session?.secondFactorAt),
    confirmedAt: factor?.confirmedAt?.toISOString() ?? null,
    lastUsedAt: factor?.lastUsedAt?.toISOString() ?? null,
    recoveryCodesLeft: left,
    recoveryCodesLow: factor !== null && left <= TWO_FACTOR.recoveryWarnAt,
    passkeys: mine?.n ?? 0,
  };
}

/** When a step-up given now ends. */
export const stepUpUntil = (now = new Date()) => new Date(now.getTime() + STEP_UP_MS);

/** Marks the session as stepped up for the next TWO_FACTOR.stepUpMinutes. */
export async function grantStepUp(db: DbOrTx, sessionId: string, now = new Date()): Promise<Date> {
  const until = stepUpUntil(now);
  await db.update(sessions).set({ stepUpUntil: until }).where(eq(sessions.id, sessionId));
  return until;
}

/**
 * A sensitive change behind step-up (decision 192): the session's flag is read from its row (never from the kept
 * session check); without it 403 STEP_UP_REQUIRED, and the screen asks for the password or a code and tries again.
 * The change is made, and only when it succeeded is the flag renewed for another TWO_FACTOR.stepUpMinutes: a refused
 * change writes nothing.
 */
export async function withStepUp<T>(db: DbOrTx, sessionId: string, change: () => Promise<T>, now = new Date()): Promise<T> {
  const [open] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), gt(sessions.stepUpUntil, now)));
  if (!open) throw forbidden('STEP_UP_REQUIRED');
  const result = await change();
  await db.update(sessions).set({ stepUpUntil: stepUpUntil() }).where(eq(sessions.id, sessionId));
  return result;
}
