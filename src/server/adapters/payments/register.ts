import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sharedSecret } from '../../lib/secrets';
import { createGateway, type PaymentGateway } from './gateway';
import { createRazorpaySdk, pointSdkAt } from './razorpay-sdk';
import { RazorpaySimulator } from './simulator/engine';
import { simulatorRoutes } from './simulator/routes';

export const RAZORPAY_CHECKOUT_URL = 'https://checkout.razorpay.com/v1/checkout.js';
export const SIMULATOR_PREFIX = '/dev/razorpay';
export const SIMULATOR_KEY_ID = 'rzp_test_simulator';
const DELIVERY_INTERVAL_MS = 1000;
const DELIVERY_BATCH = 20;

/** The simulator with its webhook delivery, as tests drive it. */
export type SimulatorHandle = {
  engine: RazorpaySimulator;
  /** Off: webhooks wait in the queue until deliver() (tests that order or replay them). */
  setAutoDeliver: (on: boolean) => void;
  deliver: () => Promise<number>;
  webhookUrl: () => string;
};

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentGateway;
    razorpaySimulator: SimulatorHandle | null;
  }
}

/** The address this process answers on, for requests it sends to itself (SDK to simulator, simulator webhooks). */
function selfUrl(app: FastifyInstance, fallbackPort: number): string {
  const addr = app.server.address() as AddressInfo | string | null;
  if (!addr || typeof addr === 'string') return `http://127.0.0.1:${fallbackPort}`;
  const host = addr.address === '0.0.0.0' || addr.address === '::' ? '127.0.0.1' : addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  return `http://${host}:${addr.port}`;
}

/**
 * Razorpay with real keys, or else the local simulator (DESIGN §5): the SDK is pointed at /dev/razorpay on this
 * process, and the simulator's webhooks come back to /api/v1/webhooks/razorpay. Billing code cannot tell which.
 */
export async function registerPayments(app: FastifyInstance): Promise<void> {
  const { config, db } = app.ctx;
  if (!config.embedded.payments) {
    const sdk = createRazorpaySdk(config.RAZORPAY_KEY_ID!, config.RAZORPAY_KEY_SECRET!);
    app.decorate('payments', createGateway(sdk, { keyId: config.RAZORPAY_KEY_ID!, keySecret: config.RAZORPAY_KEY_SECRET!, webhookSecret: config.RAZORPAY_WEBHOOK_SECRET ?? null, simulated: false, checkoutScriptUrl: RAZORPAY_CHECKOUT_URL }));
    app.decorate('razorpaySimulator', null);
    return;
  }

  const keySecret = await sharedSecret(db, 'razorpay_simulator_key_secret');
  const webhookSecret = await sharedSecret(db, 'razorpay_simulator_webhook_secret');
  const sdk = createRazorpaySdk(SIMULATOR_KEY_ID, keySecret);
  let base = `http://127.0.0.1:${config.PORT}`;
  pointSdkAt(sdk, `${base}${SIMULATOR_PREFIX}`);

  const engine = new RazorpaySimulator(db, { keyId: SIMULATOR_KEY_ID, keySecret, webhookSecret });
  const webhookUrl = () => `${base}/api/v1/webhooks/razorpay`;
  let autoDeliver = true;
  let running: Promise<number> | null = null;
  const drain = async () => {
    let total = 0;
    for (;;) {
      const sent = await engine.deliverDue(webhookUrl(), DELIVERY_BATCH);
      total += sent;
      if (sent < DELIVERY_BATCH) return total;
    }
  };
  const deliver = () => {
    running ??= drain().finally(() => {
      running = null;
    });
    return running;
  };
  const kick = () => (autoDeliver ? deliver() : Promise.resolve(0));

  let timer: NodeJS.Timeout | null = null;
  app.addHook('onListen', async () => {
    base = selfUrl(app, config.PORT);
    pointSdkAt(sdk, `${base}${SIMULATOR_PREFIX}`);
    // Retries of failed deliveries; fresh events are pushed at once by the simulator's routes.
    timer = setInterval(() => void kick().catch(() => undefined), DELIVERY_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running?.catch(() => undefined);
  });

  app.decorate('payments', createGateway(sdk, { keyId: SIMULATOR_KEY_ID, keySecret, webhookSecret, simulated: true, checkoutScriptUrl: `${SIMULATOR_PREFIX}/checkout.js` }));
  app.decorate('razorpaySimulator', { engine, setAutoDeliver: (on: boolean) => void (autoDeliver = on), deliver, webhookUrl });
  await app.register(simulatorRoutes, { prefix: SIMULATOR_PREFIX, simulator: engine, kick, deliverNow: deliver });
}
