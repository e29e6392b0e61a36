import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devices } from '../../shared/endpoints/devices';
import { ok } from '../lib/http';
import { route } from './route';
import { authOf } from '../plugins/auth';
import { placeOf } from '../services/auth/place';
import { activateDevice, listDevices, refreshDeviceLease, removeDevice } from '../services/licence/devices';

/** The desktop program's devices: activation, lease refresh, and the account's list (decision 184). route() counts their declared limit (device-account) per account, before the body is validated. */
export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const place = (request: FastifyRequest) => placeOf(request, app.ctx.config.TRUSTED_CDN);

  // Both write `devices` alone, which no kept read reads: they forget nothing kept (plugins/auth.ts, keepsReads).
  const keepsReads = { config: { keepsReads: true } };
  await route(
    app,
    devices.activate,
    async (request, reply) => reply.status(201).send(ok(await activateDevice(app.ctx, authOf(request).user, request.body, place(request)))),
    keepsReads,
  );

  await route(
    app,
    devices.refreshLease,
    async (request) => ok(await refreshDeviceLease(app.ctx, authOf(request).user, request.params.id, request.body, place(request))),
    keepsReads,
  );

  await route(app, devices.list, async (request) => ok(await listDevices(app.ctx, authOf(request).user)));

  await route(app, devices.remove, async (request) => ok(await removeDevice(app.ctx, authOf(request).user, request.params.id), 'Device removed'));
};
