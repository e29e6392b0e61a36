import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PREFIX } from '../../shared/constants';
import type { OwnsSubscription } from '../adapters/payments/simulator/routes';
import type { Config } from '../config';
import { subscriptions } from '../db/schema';
import { AppError } from '../lib/errors';
import { authOf, requireUser } from './auth';

/** Everything the stand-ins serve: the mailbox (page and API) and the Razorpay simulator. */
const STAND_IN_PATH = new RegExp(`^(${API_PREFIX})?/dev(/|$)`);

/**
 * What a visitor of a public demo (PUBLIC_DEMO=true) may reach from another machine: the mailbox, which then shows
 * each browser only the mail of the accounts it created (routes/dev.ts), and the simulator's checkout window with
 * its payment call, which need a checkout id that only its buyer was given, as Razorpay's own checkout does.
 */
const DEMO_PATH = new RegExp(`^((${API_PREFIX})?/dev/mailbox(/[\\w-]+(/html)?)?/?|/dev/razorpay/checkout(\\.js|/window|/window\\.js|/window\\.css|/pay))(\\?|$)`);

/** Headers a reverse proxy adds: a request that carries one came from elsewhere, even over a loopback socket. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'x-forwarded-host'];

const LOOPBACK_ADDRESS = /^(127(\.\d{1,3}){3}|::1|::ffff:127(\.\d{1,3}){3})$/;

/**
 * True when the request was made on this machine: the socket's peer is a loopback address and no proxy passed it
 * on. The socket is read, never request.ip, which a trusted proxy's header decides. A TCP tunnel ending on this
 * machine (ssh -R, kubectl port-forward) adds no header, so what comes through it counts as local (standInWarning).
 */
export function isLoopbackClient(request: FastifyRequest): boolean {
  const peer = request.raw.socket.remoteAddress ?? '';
  if (!LOOPBACK_ADDRESS.test(peer)) return false;
  return FORWARDING_HEADERS.every((h) => request.headers[h] === undefined);
}

/**
 * Is the request for a stand-in? Its address as sent, and for an address with an escape, the route it reached: the
 * router decodes the path before matching, so `/%64ev/mailbox` reaches the route of `/dev/mailbox` without its address
 * saying so (decoding is the only way a path can differ from its route's; the route's options are made on each read,
 * so only such addresses read them). A demo's exception is read from the address as sent only, so an encoded form of
 * it is refused to other machines.
 */
function isStandIn(request: FastifyRequest): boolean {
  const { url } = request;
  return STAND_IN_PATH.test(url) || (url.includes('%') && STAND_IN_PATH.test(request.routeOptions.url ?? ''));
}

/**
 * Whether the request names this machine or the site as its host: a loopback name or address, or PUBLIC_URL's host.
 * A page of another site that points its own name at 127.0.0.1 (DNS rebinding) reaches this machine from a browser on
 * it, a loopback client, but names its own host: it must not read the mailbox (reset links) nor pay in the simulator.
 */
function addressedHere(request: FastifyRequest, publicHost: string): boolean {
  const host = (request.headers.host ?? '').toLowerCase().replace(/:\d+$/, '');
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host === publicHost;
}

/**
 * The stand-ins (/dev/*, /api/v1/dev/*) answer loopback clients only, addressed by a loopback name or the site's own
 * (decision 060). A public demo opens the mailbox and the checkout window to everyone, each scoped to its own visitor.
 */
export function registerStandInGuard(app: FastifyInstance): void {
  const { config } = app.ctx;
  const publicHost = new URL(config.publicUrl).hostname;
  // A callback hook, not an async one: it runs on every request, and most pass at the first test.
  app.addHook('onRequest', (request, _reply, done) => {
    const local = isLoopbackClient(request) && addressedHere(request, publicHost);
    const refused = isStandIn(request) && !local && !(config.PUBLIC_DEMO && DEMO_PATH.test(request.url));
    done(refused ? new AppError('FORBIDDEN', 'STAND_IN_LOCAL_ONLY') : undefined);
  });
}

/**
 * What the simulator asks before a public demo's on-demand charge (adapters/payments/simulator/routes.ts): a signed-in
 * user (401 otherwise) who owns the subscription Razorpay knows by that id.
 */
export function subscriptionOwner(app: FastifyInstance): OwnsSubscription {
  return async (request, providerSubscriptionId) => {
    await requireUser.call(app, request);
    const [own] = await app.ctx.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.razorpaySubscriptionId, providerSubscriptionId), eq(subscriptions.userId, authOf(request).user.id)));
    return Boolean(own);
  };
}

/**
 * The warning a start prints while mail or payments use a stand-in (main.ts): where the site listens, and what "this
 * computer" means to the guard above, including the one way around it an operator can open without a proxy.
 */
export function standInWarning(config: Pick<Config, 'standIns' | 'HOST' | 'PUBLIC_DEMO'>): string | null {
  if (!config.standIns) return null;
  const listening = config.HOST ? `the site listens on ${config.HOST} (HOST)` : 'the site listens on this computer only (set HOST to change it)';
  return (
    `mail or payments use a stand-in (/dev/mailbox, the Razorpay simulator): ${listening}, and /dev/* answers only requests ` +
    'from a loopback address that carry no forwarding header. A TCP tunnel to this computer (ssh -R, kubectl port-forward) ' +
    `adds no header, so whoever reaches the tunnel counts as this computer${config.PUBLIC_DEMO ? '' : ' and can read every mail, password resets included'}: ` +
    'open no such tunnel to this site while the stand-ins run (docs/operations.md)'
  );
}
