import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DeviceType } from '#shared/constants';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { profiles, refreshTokens, sessions, users, type SessionRow, type UserRow } from '../../db/schema';
import { randomToken, safeEqual, sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import type { AccessClaims } from './access-token';
import { retireSignInProofs } from './sign-in-proofs';
import { stepUpUntil } from './two-factor';
import type { ReadCache } from '../read-cache/read-cache';

export type RevokeReason =
  | 'logout'
  | 'displaced'
  | 'password_changed'
  | 'refresh_reuse'
  | 'signed_out_by_user'
  | 'account_deleted'
  | 'ended_by_admin'
  | 'email_change_undone'
  | 'signed_out_everywhere'
  | 'two_factor_recovered'
  | 'two_factor_reset_by_admin'
  | 'secured_after_sign_in';

/**
 * How many live sessions a user may hold of each device type (web browsers, the desktop program); `within`: the
 * sign-in's own work in the session's transaction, after the session is made (a new sign-in's mail, decision 200).
 */
export type SessionOptions = {
  limits: Record<DeviceType, number>;
  refreshTtlDays: number;
  within?: (tx: Tx, made: { session: SessionRow; user: UserRow }) => Promise<void>;
};

export type Authenticated = { user: UserRow; session: SessionRow; role: 'user' | 'admin' };

/**
 * Starts a session and its first refresh token, and notes the sign-in on the user. Each device type has its own limit
 * (several browsers may stay signed in side by side; the desktop program keeps its own count): beyond it, the oldest
 * sessions of that type are displaced.
 *
 * `checked` is the password hash and token version the password was checked against, read before the (slow) check:
 * a reset or change committed since then refuses the sign-in, which would otherwise outlive it. The returned user
 * is the row read under the lock, so the access token names the token version the session was made under.
 */
export async function createSession(
  db: Db,
  input: {
    userId: string;
    deviceType: DeviceType;
    userAgent: string;
    ip: string;
    place?: string;
    checked: Pick<UserRow, 'passwordHash' | 'tokenVersion'>;
    stepUp?: boolean;
    secondFactor?: boolean;
  },
  opts: SessionOptions,
): Promise<{ session: SessionRow; refreshToken: string; user: UserRow }> {
  return db.transaction(async (tx) => {
    // Serialise logins of one user so that the per-device-type limit holds under concurrent logins, and against
    // password resets and changes (setPassword runs under the same lock).
    const [locked] = await tx.select({ passwordHash: users.passwordHash, tokenVersion: users.tokenVersion }).from(users).where(eq(users.id, input.userId)).for('update');
    if (!locked || locked.tokenVersion !== input.checked.tokenVersion || !safeEqual(locked.passwordHash, input.checked.passwordHash)) {
      throw new AppError('INVALID_CREDENTIALS', 'INVALID_CREDENTIALS');
    }
    const expiresAt = new Date(Date.now() + opts.refreshTtlDays * 86_400_000);
    const [session] = await tx
      .insert(sessions)
      .values({
        userId: input.userId,
        deviceType: input.deviceType,
        userAgent: input.userAgent.slice(0, 400),
        ip: input.ip,
        place: input.place ?? '',
        expiresAt,
        stepUpUntil: input.stepUp ? stepUpUntil() : null,
        secondFactorAt: input.secondFactor ? new Date() : null,
      })
      .returning();
    const active = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, input.userId), eq(sessions.deviceType, input.deviceType), isNull(sessions.revokedAt), ne(sessions.id, session.id)))
      .orderBy(asc(sessions.createdAt));
    const excess = active.length + 1 - opts.limits[input.deviceType];
    for (const old of active.slice(0, Math.max(0, excess))) {
      await tx.update(sessions).set({ revokedAt: new Date(), revokedReason: 'displaced' }).where(eq(sessions.id, old.id));
    }
    const refreshToken = randomToken();
    await tx.insert(refreshTokens).values({ sessionId: session.id, tokenHash: sha256(refreshToken) });
    const [user] = await tx.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, input.userId)).returning();
    await opts.within?.(tx, { session, user });
    return { session, refreshToken, user };
  });
}

/**
 * Exchanges a refresh token for a new one (rotation). A token used twice means it was stolen:
 * the whole session ends.
 */
export async function rotateRefreshToken(db: Db, token: string): Promise<{ session: SessionRow; user: UserRow; refreshToken: string }> {
  const hash = sha256(token);
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ rt: refreshTokens, session: sessions, user: users })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(refreshTokens.tokenHash, hash))
      .for('update', { of: refreshTokens });
    if (!row) return { error: 'SESSION_NOT_FOUND' as const };
    if (row.rt.usedAt) {
      await tx
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: 'refresh_reuse' })
        .where(and(eq(sessions.id, row.session.id), isNull(sessions.revokedAt)));
      return { error: 'REUSED' as const };
    }
    if (row.session.revokedAt || row.session.expiresAt < new Date()) return { error: 'SESSION_NOT_FOUND' as const, session: row.session };
    await tx.update(refreshTokens).set({ usedAt: new Date() }).where(eq(refreshTokens.id, row.rt.id));
    const refreshToken = randomToken();
    await tx.insert(refreshTokens).values({ sessionId: row.session.id, tokenHash: sha256(refreshToken) });
    await tx.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, row.session.id));
    return { session: row.session, user: row.user, refreshToken };
  });
  if ('error' in result) {
    if (result.error === 'SESSION_NOT_FOUND' && result.session) throw sessionEnded(result.session);
    throw new AppError('UNAUTHORIZED', 'SESSION_NOT_FOUND', { params: { reason: 'unknown' } });
  }
  return result;
}

/** How each ended session answers (its kind and code, which the browser and the desktop program act on); `reason` names its sentence. */
const REVOKED: Record<string, () => AppError> = {
  displaced: () => new AppError('SESSION_INVALID', 'SESSION_INVALID', { params: { reason: 'displaced' } }),
  password_changed: () => new AppError('TOKEN_INVALIDATED', 'TOKEN_VERSION_MISMATCH'),
  refresh_reuse: () => new AppError('SESSION_INVALID', 'SESSION_INVALID', { params: { reason: 'refresh_reuse' } }),
  signed_out_by_user: () => new AppError('UNAUTHORIZED', 'SESSION_NOT_FOUND', { params: { reason: 'signed_out_by_user' } }),
  ended_by_admin: () => new AppError('UNAUTHORIZED', 'SESSION_NOT_FOUND', { params: { reason: 'ended_by_admin' } }),
  signed_out_everywhere: () => new AppError('UNAUTHORIZED', 'SESSION_NOT_FOUND', { params: { reason: 'signed_out_by_user' } }),
  two_factor_reset_by_admin: () => new AppError('UNAUTHORIZED', 'SESSION_NOT_FOUND', { params: { reason: 'ended_by_admin' } }),
};

/** The 401 of a session whose password was changed or reset under it. */
export const passwordChanged = (): AppError => REVOKED.password_changed!();

/** The 401 of a session that has ended, saying why (a sign-in whose session ended before its sign-in proof, too). */
export function sessionEnded(session: SessionRow): AppError {
  const known = session.revokedReason ? REVOKED[session.revokedReason] : undefined;
  return known ? known() : new AppError('UNAUTHORIZED', 'SESSION_NOT_FOUND', { params: { reason: 'unknown' } });
}

/**
 * The session check of every signed-in request, prepared once (composition.ts): one read by the session's primary
 * key joined to its user and role, planned once per connection, with no query built per request.
 */
/** The read of a session check (the read cache's `session`, services/read-cache/registry.ts): the session, its user, the role. */
export const sessionLookupQuery = (db: Db) =>
  db
    .select({ session: sessions, user: users, role: profiles.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(sessions.id, sql.placeholder('sid')));

export function prepareSessionLookup(db: Db) {
  return sessionLookupQuery(db).prepare('auth_session');
}
export type SessionLookup = ReturnType<typeof prepareSessionLookup>;

/**
 * The 401 ACCOUNT_CLOSED (decision 187) when the account a token of the site's own names (its signature verified, so
 * the account existed) is gone: it was deleted, and the desktop program is told so rather than to sign in again. Read
 * only when the session is gone or the token expired, never on a signed-in request that succeeds.
 */
export async function refuseClosedAccount(db: Db, userId: string): Promise<void> {
  const [account] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!account) throw new AppError('UNAUTHORIZED', 'ACCOUNT_CLOSED');
}

/**
 * Resolves a verified access token to its live session, or throws the 401 the client reacts to. The row comes from
 * the read cache (decisions 091 and 165); every check below is made on each request.
 */
export async function authenticate(ctx: { db: Db; readCache: Pick<ReadCache, 'session'> }, claims: AccessClaims): Promise<Authenticated> {
  const row = await ctx.readCache.session(claims.sid);
  if (!row) await refuseClosedAccount(ctx.db, claims.sub);
  if (!row || row.user.id !== claims.sub) throw new AppError('UNAUTHORIZED', 'SESSION_NOT_FOUND', { params: { reason: 'unknown' } });
  if (row.user.tokenVersion !== claims.tv) throw passwordChanged();
  if (row.session.revokedAt || row.session.expiresAt < new Date()) throw sessionEnded(row.session);
  if (Date.now() - row.session.lastSeenAt.getTime() > 60_000) {
    // Noted on the kept row first, so the requests that share it do not write it again.
    const now = new Date();
    row.session.lastSeenAt = now;
    await ctx.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.session.id));
  }
  return { user: row.user, session: row.session, role: row.role ?? 'user' };
}

export async function revokeSession(db: DbOrTx, sessionId: string, reason: RevokeReason): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * Ends every session of a user but one (after a password change, or "sign out of all other sessions"), or all of them
 * when keep is null (a reset, an admin's "end sessions"). Every sign-in proof handed out so far is retired with them
 * (decision 102): a client that signs in again gets a new one.
 */
export async function revokeOtherSessions(db: DbOrTx, userId: string, keepSessionId: string | null, reason: RevokeReason): Promise<void> {
  const where = keepSessionId
    ? and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepSessionId))
    : and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  await db.update(sessions).set({ revokedAt: new Date(), revokedReason: reason }).where(where);
  // After the sessions: a sign-in handing out a proof for one of them waits on its row, so its proof is deleted here.
  await retireSignInProofs(db, userId);
}
