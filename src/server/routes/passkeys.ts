import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { passkeys } from '../../shared/endpoints/passkeys';
import { MSG } from '../../shared/messages';
import { ok } from '../lib/http';
import { authOf } from '../plugins/auth';
import { addPasskey, listPasskeys, registrationOptions, removePasskey, renamePasskey, signInOptions, signInWithPasskey } from '../services/auth/passkeys';
import { requestMeta } from '../services/auth/place';
import { recordSecurityEvent } from '../services/auth/security-log';
import { withStepUp } from '../services/auth/two-factor';
import { route } from './route';

/** Passkeys (issue 36, decision 196): adding and removing one is behind step-up; signing in with one names no account. */
export const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  await route(app, passkeys.list, async (request) => ok({ passkeys: await listPasskeys(app.ctx.db, authOf(request).user.id) }));

  await route(app, passkeys.registrationOptions, async (request) => {
    const { user, session } = authOf(request);
    return ok({ options: { ...(await withStepUp(app.ctx.db, session.id, () => registrationOptions(app.ctx, user))) } });
  });

  await route(app, passkeys.add, async (request, reply) => {
    const { user, session } = authOf(request);
    const passkey = await withStepUp(app.ctx.db, session.id, () => addPasskey(app.ctx, user, request.body.name, request.body.response as RegistrationResponseJSON));
    await recordSecurityEvent(app.ctx.db, user.id, 'passkey-added', requestMeta(request, app.ctx.config.TRUSTED_CDN), passkey.name);
    return reply.code(201).send(ok({ passkey }));
  });

  await route(app, passkeys.rename, async (request) => ok({ passkey: await renamePasskey(app.ctx.db, authOf(request).user.id, request.params.id, request.body.name) }));

  await route(app, passkeys.remove, async (request) => {
    const { user, session } = authOf(request);
    const { left, removed } = await withStepUp(app.ctx.db, session.id, () => removePasskey(app.ctx.db, user.id, request.params.id));
    await recordSecurityEvent(app.ctx.db, user.id, 'passkey-removed', requestMeta(request, app.ctx.config.TRUSTED_CDN), removed);
    return ok({ passkeys: left });
  });

  await route(app, passkeys.signInOptions, async () => ok({ options: { ...(await signInOptions(app.ctx)) } }));

  await route(app, passkeys.signIn, async (request) => {
    return ok(await signInWithPasskey(app.ctx, request.body.response as AuthenticationResponseJSON, requestMeta(request, app.ctx.config.TRUSTED_CDN)), MSG.loginSuccess);
  });
};
