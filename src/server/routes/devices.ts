import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devices } from '../../shared/endpoints/devices';
import { ok } from '../lib/http';
import { route } from './route';
import { authOf } from '../plugins/auth';
import { placeOf, requestMeta } from '../services/auth/place';
import { withStepUp } from '../services/auth/two-factor';
import { activateDevice, listDevices, refreshDeviceLease, removeDevice } from '../services/licence/devices';

/** The desktop program's devices: activation, lease refresh, and the account's list (decision 184). route() counts their declared limit (device-account) per account, before the body is validated. */
export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const place = (request: FastifyRequest) => placeOf(request, app.ctx.config.TRUSTED_CDN);

  // Both write `devices` (an activation also its log and a new device's mail, decision 200), which no kept read reads:
  // they forget nothing kept (plugins/auth.ts, keepsReads).
  const keepsReads = { config: { keepsReads: true } };
  await route(
    app,
    devices.activate,
    async (request, reply) => reply.status(201).send(ok(await activateDevice(app.ctx, authOf(request).user, request.body, requestMeta(request, app.ctx.config.TRUSTED_CDN)))),
    keepsReads,
  );

  await route(
    app,
    devices.refreshLease,
    async (request) => ok(await refreshDeviceLease(app.ctx, authOf(request).user, request.params.id, request.body, place(request))),
    keepsReads,
  );

  await route(app, devices.list, async (request) => ok(await listDevices(app.ctx, authOf(request).user)));

  // Removing a device ends a seat's licence: a sensitive change behind step-up (issue 36, decision 192).
  await route(app, devices.remove, async (request) => {
    const { user, session } = authOf(request);
    return ok(await withStepUp(app.ctx.db, session.id, () => removeDevice(app.ctx, user, request.params.id, requestMeta(request, app.ctx.config.TRUSTED_CDN))), 'Device removed');
  });
};
