import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Limit } from '../adapters/rate-limit';
import { MSG } from '../../shared/messages';
import { profileSchema } from '../../shared/schemas/account';
import { changePasswordSchema, emailOnlySchema, registerSchema, resetPasswordSchema, sessionIdParams, verifyEmailParams } from '../../shared/schemas/auth';
import { AppError } from '../lib/errors';
import { clientMeta, ok, requestAddress, requestLocale } from '../lib/http';
import { authOf, requireUser } from '../plugins/auth';
import { changePassword } from '../services/auth/change-password';
import { deleteAccount } from '../services/auth/delete-account';
import { peekEmailToken } from '../services/auth/email-tokens';
import { forgotPassword } from '../services/auth/forgot-password';
import { listSessions } from '../services/auth/list-sessions';
import { toPublicUser } from '../services/auth/public-user';
import { AUTH_LIMITS } from '../services/auth/rate-limits';
import { register } from '../services/auth/register';
import { resendVerification } from '../services/auth/resend-verification';
import { resetPassword } from '../services/auth/reset-password';
import { revokeOtherSessions, revokeSession } from '../services/auth/sessions';
import { updateProfile } from '../services/auth/update-profile';
import { verifyEmail } from '../services/auth/verify-email';
import { ensureDemoMailbox } from '../services/mail/demo-mailbox';
import { BEARER, envelope, noData, replies } from '../../shared/schemas/responses/envelope';
import { sessionsData, userData } from '../../shared/schemas/responses/account';
import { freshTokenSchema, turnstileConfigSchema, verifyEmailReply } from '../../shared/schemas/responses/auth';
import { SMALL_ANSWERS } from '../lib/stored-answer';

/** Sign-up, e-mail verification, password reset and change, profile, sessions and account deletion. */
export const authAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = () => app.ctx.limiter;
  /** preValidation: counts every call from the address, malformed ones included. */
  const perIp = (limit: Limit) => async (request: FastifyRequest) => limiter().consume(limit, requestAddress(request));

  app.get('/auth/turnstile-config', { ...SMALL_ANSWERS, schema: { tags: ['auth'], response: replies({ 200: envelope(turnstileConfigSchema) }) } }, async () => {
    const { botCheck } = app.ctx;
    return ok({ enabled: botCheck.enabled, siteKey: botCheck.siteKey });
  });

  app.post('/auth/register', { schema: { body: registerSchema, tags: ['auth'], response: replies({ 201: noData }) }, preValidation: perIp(AUTH_LIMITS.registerIp) }, async (request, reply) => {
    await limiter().consume(AUTH_LIMITS.registerAccount, request.body.email);
    // The same answer whether the address is new or already has an account (decision 063).
    const demoMailbox = app.ctx.config.PUBLIC_DEMO ? ensureDemoMailbox(request, reply) : null;
    await register(app.ctx, request.body, { ...clientMeta(request), demoMailbox, locale: requestLocale(request) ?? undefined });
    return reply.status(201).send(ok(null, MSG.registrationSuccess));
  });

  // The spec's client reads `error` (false means success) and `message` from this one call. A link of an account
  // that is verified already answers `alreadyVerified: true` (decision 067).
  app.get('/auth/verify-email/:token', { config: { changesAccounts: true }, schema: { params: verifyEmailParams, tags: ['auth'], response: replies({ 200: verifyEmailReply }) } }, async (request) => {
    const result = await verifyEmail(app.ctx, request.params.token);
    if (result.outcome === 'already-verified') return { ...ok({ email: result.email, alreadyVerified: true }, MSG.emailAlreadyVerified), error: false as const };
    const message = result.trialStarted ? MSG.emailVerifiedTrialStarted : MSG.emailVerified;
    return { ...ok({ email: result.email, alreadyVerified: false }, message), error: false as const };
  });

  app.post('/auth/resend-verification', { schema: { body: emailOnlySchema, tags: ['auth'], response: replies({ 200: noData }) }, preValidation: perIp(AUTH_LIMITS.resendIp) }, async (request) => {
    await limiter().consume(AUTH_LIMITS.resendAccount, request.body.email);
    await resendVerification(app.ctx, request.body.email);
    return ok(null, MSG.verificationSent);
  });

  app.post('/auth/forgot-password', { schema: { body: emailOnlySchema, tags: ['auth'], response: replies({ 200: noData }) }, preValidation: perIp(AUTH_LIMITS.forgotIp) }, async (request) => {
    await limiter().consume(AUTH_LIMITS.forgotAccount, request.body.email);
    await forgotPassword(app.ctx, request.body.email);
    return ok(null, MSG.resetLinkSent);
  });

  app.post('/auth/reset-password', { schema: { body: resetPasswordSchema, tags: ['auth'], response: replies({ 200: noData }) }, preValidation: perIp(AUTH_LIMITS.resetIp) }, async (request) => {
    const owner = await peekEmailToken(app.ctx.db, request.body.token, 'reset');
    if (owner) await limiter().consume(AUTH_LIMITS.resetAccount, owner);
    await resetPassword(app.ctx, request.body.token, request.body.password);
    return ok(null, MSG.resetSuccess);
  });

  app.put('/auth/change-password', { schema: { body: changePasswordSchema, tags: ['auth'], security: BEARER, response: replies({ 200: envelope(freshTokenSchema) }) }, preValidation: requireUser }, async (request) => {
    const auth = authOf(request);
    await limiter().consume(AUTH_LIMITS.changePasswordAccount, auth.user.id);
    const { token } = await changePassword(app.ctx, auth, request.body);
    return ok({ token }, MSG.passwordChanged);
  });

  app.put('/auth/profile', { schema: { body: profileSchema, tags: ['auth'], security: BEARER, response: replies({ 200: envelope(userData) }) }, preValidation: requireUser }, async (request) => {
    const { user, role } = authOf(request);
    const updated = await updateProfile(app.ctx.db, user.id, request.body);
    return ok({ user: toPublicUser(updated, role) }, MSG.profileUpdated);
  });

  app.delete('/auth/account', { schema: { tags: ['auth'], security: BEARER, response: replies({ 200: noData }) }, preValidation: requireUser }, async (request) => {
    const { user } = authOf(request);
    await deleteAccount(app.ctx, user.id, request.log);
    return ok(null, MSG.accountDeleted);
  });

  app.get('/auth/sessions', { schema: { tags: ['auth'], security: BEARER, response: replies({ 200: envelope(sessionsData) }) }, preValidation: requireUser }, async (request) => {
    const { user, session } = authOf(request);
    return ok({ sessions: await listSessions(app.ctx.db, user.id, session.id) });
  });

  app.delete('/auth/sessions/:id', { schema: { params: sessionIdParams, tags: ['auth'], security: BEARER, response: replies({ 200: noData }) }, preValidation: requireUser }, async (request) => {
    const { user } = authOf(request);
    const mine = (await listSessions(app.ctx.db, user.id, '')).some((s) => s.id === request.params.id);
    if (!mine) throw new AppError('NOT_FOUND', MSG.notFound);
    await revokeSession(app.ctx.db, request.params.id, 'signed_out_by_user');
    return ok(null, MSG.sessionSignedOut);
  });

  app.post('/auth/sessions/revoke-others', { schema: { tags: ['auth'], security: BEARER, response: replies({ 200: noData }) }, preValidation: requireUser }, async (request) => {
    const { user, session } = authOf(request);
    await revokeOtherSessions(app.ctx.db, user.id, session.id, 'signed_out_by_user');
    return ok(null, MSG.otherSessionsSignedOut);
  });
};
