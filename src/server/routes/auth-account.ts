import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Limit } from '../adapters/rate-limit';
import { MSG } from '../../shared/messages';
import { auth } from '../../shared/endpoints/auth';
import { AppError } from '../lib/errors';
import { answered, clientMeta, ok, requestAddress, requestLocale } from '../lib/http';
import { authOf } from '../plugins/auth';
import { route } from './route';
import { changePassword } from '../services/auth/change-password';
import { deleteAccount } from '../services/auth/delete-account';
import { peekEmailToken } from '../services/auth/email-tokens';
import { forgotPassword } from '../services/auth/forgot-password';
import { listSessions } from '../services/auth/list-sessions';
import { requestMeta } from '../services/auth/place';
import { toPublicUser } from '../services/auth/public-user';
import { AUTH_LIMITS } from '../services/auth/rate-limits';
import { register } from '../services/auth/register';
import { resendVerification } from '../services/auth/resend-verification';
import { resetPassword } from '../services/auth/reset-password';
import { recordSecurityEvent } from '../services/auth/security-log';
import { revokeOtherSessions, revokeSession } from '../services/auth/sessions';
import { withStepUp } from '../services/auth/two-factor';
import { updateProfile } from '../services/auth/update-profile';
import { verifyEmail } from '../services/auth/verify-email';
import { ensureDemoMailbox } from '../services/mail/demo-mailbox';
import { NO_COMPRESS_HOOKS } from '../lib/compression';

/** Sign-up, e-mail verification, password reset and change, profile, sessions and account deletion. */
export const authAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = () => app.ctx.limiter;
  // The limits per address (register-ip, resend-ip, forgot-ip, reset-ip) are applied by route() from the declarations,
  // before the body is validated, so every call counts, malformed ones included. Those that need the body (the address
  // typed, a token's owner, a check of the current password) are applied by the handlers (routes/rate-limits.ts).
  /**
   * The per-account limit of a mail anyone may ask for (a reset link, a verification link): counted per account and
   * asking address together, so that requests from elsewhere never use up the owner's own (decision 103).
   */
  const perAccountFrom = (limit: Limit, email: string, request: FastifyRequest) => limiter().consume(limit, `${email} ${requestAddress(request)}`);

  await route(
    app,
    auth.turnstileConfig,
    async () => {
      const { botCheck } = app.ctx;
      return ok({ enabled: botCheck.enabled, siteKey: botCheck.siteKey });
    },
    NO_COMPRESS_HOOKS,
  );

  await route(app, auth.register, async (request, reply) => {
    await limiter().consume(AUTH_LIMITS.registerAccount, request.body.email);
    // The same answer whether the address is new or already has an account (decision 063).
    const demoMailbox = app.ctx.config.PUBLIC_DEMO ? ensureDemoMailbox(request, reply) : null;
    await register(app.ctx, request.body, { ...clientMeta(request), demoMailbox, locale: requestLocale(request) ?? undefined });
    return reply.status(201).send(ok(null, MSG.registrationSuccess));
  });

  // The spec's client reads `error` (false means success) and `message` from this one call. A link of an account
  // that is verified already answers `alreadyVerified: true` (decision 067).
  await route(
    app,
    auth.verifyEmail,
    async (request) => {
      const result = await verifyEmail(app.ctx, request.params.token);
      if (result.outcome === 'already-verified')
        return { ...ok({ email: result.email, alreadyVerified: true, trialStarted: false }, MSG.emailAlreadyVerified), error: false as const };
      const message = result.trialStarted ? MSG.emailVerifiedTrialStarted : MSG.emailVerified;
      return { ...ok({ email: result.email, alreadyVerified: false, trialStarted: result.trialStarted }, message), error: false as const };
    },
    { config: { changesAccounts: true } },
  );

  // Resend and forgot answer the same for every address, and before any work only an existing account causes (the
  // link, the mail): that runs once the answer has been sent, so the time to answer does not tell either (decision 101).
  await route(app, auth.resendVerification, async (request, reply) => {
    const { email } = request.body;
    await perAccountFrom(AUTH_LIMITS.resendAccount, email, request);
    app.ctx.jobs.later('verification mail', () => resendVerification(app.ctx, email), answered(reply));
    return ok(null, MSG.verificationSent);
  });

  await route(app, auth.forgotPassword, async (request, reply) => {
    const { email } = request.body;
    await perAccountFrom(AUTH_LIMITS.forgotAccount, email, request);
    app.ctx.jobs.later('password reset mail', () => forgotPassword(app.ctx, email), answered(reply));
    return ok(null, MSG.resetLinkSent);
  });

  await route(app, auth.resetPassword, async (request) => {
    const owner = await peekEmailToken(app.ctx.db, request.body.token, 'reset');
    if (owner) await limiter().consume(AUTH_LIMITS.resetAccount, owner);
    await resetPassword(app.ctx, request.body.token, request.body.password, requestMeta(request, app.ctx.config.TRUSTED_CDN));
    return ok(null, MSG.resetSuccess);
  });

  await route(app, auth.changePassword, async (request) => {
    const auth = authOf(request);
    await limiter().consume(AUTH_LIMITS.currentPasswordAccount, auth.user.id);
    const { token } = await changePassword(app.ctx, auth, request.body, requestMeta(request, app.ctx.config.TRUSTED_CDN));
    return ok({ token }, MSG.passwordChanged);
  });

  await route(app, auth.updateProfile, async (request) => {
    const { user, role } = authOf(request);
    const updated = await updateProfile(app.ctx.db, user.id, request.body);
    return ok({ user: toPublicUser(updated, role) }, MSG.profileUpdated);
  });

  // The account's password in the body (decision 104): an access token alone deletes nothing.
  await route(app, auth.deleteAccount, async (request) => {
    const { user } = authOf(request);
    await limiter().consume(AUTH_LIMITS.currentPasswordAccount, user.id);
    await deleteAccount(app.ctx, { user, password: request.body.password }, request.log);
    return ok(null, MSG.accountDeleted);
  });

  await route(app, auth.sessions, async (request) => {
    const { user, session } = authOf(request);
    return ok({ sessions: await listSessions(app.ctx.db, user.id, session.id) });
  });

  // Ending sessions is behind step-up (issue 36, decision 192): a stolen session cannot end its owner's.
  await route(app, auth.signOutSession, async (request) => {
    const { user, session } = authOf(request);
    const mine = (await listSessions(app.ctx.db, user.id, '')).some((s) => s.id === request.params.id);
    if (!mine) throw new AppError('NOT_FOUND', 'NOT_FOUND');
    await withStepUp(app.ctx.db, session.id, () => revokeSession(app.ctx.db, request.params.id, 'signed_out_by_user'));
    await recordSecurityEvent(app.ctx.db, user.id, 'session-ended', requestMeta(request, app.ctx.config.TRUSTED_CDN));
    return ok(null, MSG.sessionSignedOut);
  });

  await route(app, auth.signOutOthers, async (request) => {
    const { user, session } = authOf(request);
    await withStepUp(app.ctx.db, session.id, () => revokeOtherSessions(app.ctx.db, user.id, session.id, 'signed_out_by_user'));
    await recordSecurityEvent(app.ctx.db, user.id, 'other-sessions-ended', requestMeta(request, app.ctx.config.TRUSTED_CDN));
    return ok(null, MSG.otherSessionsSignedOut);
  });
};
