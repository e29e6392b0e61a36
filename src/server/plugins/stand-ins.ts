import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PREFIX } from '../../shared/constants';
import { AppError } from '../lib/errors';

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
 * on. The socket is read, never request.ip, which a trusted proxy's header decides.
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

export const STAND_IN_REFUSED = 'This development page answers only on the computer the site runs on.';

/**
 * The stand-ins (/dev/*, /api/v1/dev/*) answer loopback clients only (decision 060). A public demo opens the
 * mailbox and the checkout window to everyone, each scoped to its own visitor.
 */
export function registerStandInGuard(app: FastifyInstance): void {
  const { config } = app.ctx;
  // A callback hook, not an async one: it runs on every request, and most pass at the first test.
  app.addHook('onRequest', (request, _reply, done) => {
    const refused = isStandIn(request) && !isLoopbackClient(request) && !(config.PUBLIC_DEMO && DEMO_PATH.test(request.url));
    done(refused ? new AppError('FORBIDDEN', STAND_IN_REFUSED, 'STAND_IN_LOCAL_ONLY') : undefined);
  });
}
