import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { twoFactor } from '../../shared/endpoints/two-factor';
import { MSG } from '../../shared/messages';
import { badRequest, conflict } from '../lib/errors';
import { ok } from '../lib/http';
import { authOf } from '../plugins/auth';
import { checkCurrentPassword } from '../services/auth/check-current-password';
import { requestMeta } from '../services/auth/place';
import { AUTH_LIMITS } from '../services/auth/rate-limits';
import { checkStepUpPasskey, stepUpOptions } from '../services/auth/passkeys';
import { completeSecondStep, secondStepPasskeyOptions } from '../services/auth/second-step';
import { recordSecurityEvent } from '../services/auth/security-log';
import {
  confirmTotpSetup,
  grantStepUp,
  hasTwoFactor,
  regenerateRecoveryCodes,
  spendTotpCode,
  startTotpSetup,
  turnOffTwoFactor,
  twoFactorStatus,
  withStepUp,
} from '../services/auth/two-factor';
import { cancelOpenRecovery } from '../services/auth/two-factor-recovery';
import { route } from './route';

/** Two-step verification: the sign-in's second step, the account's authenticator and recovery codes, step-up (decision 192); a passkey for both (decision 198). */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = () => app.ctx.limiter;

  await route(app, twoFactor.secondFactor, async (request) => {
    const result = await completeSecondStep(app.ctx, request.body, requestMeta(request, app.ctx.config.TRUSTED_CDN));
    return ok(result, MSG.loginSuccess);
  });

  await route(app, twoFactor.secondFactorPasskeyOptions, async (request) => ok({ options: { ...(await secondStepPasskeyOptions(app.ctx, request.body.challenge)) } }));

  await route(app, twoFactor.status, async (request) => ok(await twoFactorStatus(app.ctx.db, authOf(request))));

  await route(app, twoFactor.setup, async (request) => {
    const { user, session } = authOf(request);
    return ok(await withStepUp(app.ctx.db, session.id, () => startTotpSetup(app.ctx, user)));
  });

  await route(app, twoFactor.confirm, async (request) => {
    const { user, session } = authOf(request);
    const recoveryCodes = await withStepUp(app.ctx.db, session.id, async () => {
      await limiter().consume(AUTH_LIMITS.twoFactorAccount, user.id);
      const codes = await confirmTotpSetup(app.ctx, user.id, session.id, request.body.code);
      await recordSecurityEvent(app.ctx.db, user.id, 'two-factor-on', requestMeta(request, app.ctx.config.TRUSTED_CDN));
      await limiter().refund(AUTH_LIMITS.twoFactorAccount, user.id);
      return codes;
    });
    return ok({ recoveryCodes });
  });

  await route(app, twoFactor.regenerateRecoveryCodes, async (request) => {
    const { user, session } = authOf(request);
    const recoveryCodes = await withStepUp(app.ctx.db, session.id, () => regenerateRecoveryCodes(app.ctx, user.id));
    await recordSecurityEvent(app.ctx.db, user.id, 'recovery-codes-new', requestMeta(request, app.ctx.config.TRUSTED_CDN));
    return ok({ recoveryCodes });
  });

  await route(app, twoFactor.turnOff, async (request) => {
    const auth = authOf(request);
    await withStepUp(app.ctx.db, auth.session.id, () => turnOffTwoFactor(app.ctx.db, auth.user.id, auth.role));
    await recordSecurityEvent(app.ctx.db, auth.user.id, 'two-factor-off', requestMeta(request, app.ctx.config.TRUSTED_CDN));
    // Nothing is left for a recovery by e-mail to turn off (decision 201).
    await cancelOpenRecovery(app.ctx.db, auth.user.id, 'two-factor-off', requestMeta(request, app.ctx.config.TRUSTED_CDN));
    return ok(await twoFactorStatus(app.ctx.db, auth));
  });

  await route(app, twoFactor.stepUpPasskeyOptions, async (request) => ok({ options: { ...(await stepUpOptions(app.ctx, authOf(request).user.id)) } }));

  // The password (counted as the other current-password checks are), a code of the authenticator, or a passkey that
  // verified its user (counted as codes are); never a recovery code.
  await route(app, twoFactor.stepUp, async (request) => {
    const { user, session } = authOf(request);
    const { password, code, passkey } = request.body;
    if (passkey !== undefined) {
      await limiter().consume(AUTH_LIMITS.twoFactorAccount, user.id);
      await checkStepUpPasskey(app.ctx, user.id, passkey as AuthenticationResponseJSON);
      await limiter().refund(AUTH_LIMITS.twoFactorAccount, user.id);
    } else if (code === undefined) {
      await limiter().consume(AUTH_LIMITS.currentPasswordAccount, user.id);
      await checkCurrentPassword(user, password!);
    } else {
      if (!(await hasTwoFactor(app.ctx.db, user.id))) throw conflict('TWO_FACTOR_NOT_ON');
      await limiter().consume(AUTH_LIMITS.twoFactorAccount, user.id);
      if (!(await spendTotpCode(app.ctx, app.ctx.db, user.id, code))) throw badRequest('INVALID_TWO_FACTOR_CODE');
      await limiter().refund(AUTH_LIMITS.twoFactorAccount, user.id);
    }
    return ok({ stepUpUntil: (await grantStepUp(app.ctx.db, session.id)).toISOString() });
  });
};
