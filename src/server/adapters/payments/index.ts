import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { oneRunAtATime, type Job } from '../../lib/jobs';
import { sharedSecret } from '../../lib/secrets';
import { createGateway, type PaymentGateway } from './gateway';
import { lazyRazorpaySdk, pointSdkAt } from './razorpay-sdk';
import { RazorpaySimulator } from './simulator/engine';
import { simulatorRoutes, type OwnsSubscription } from './simulator/routes';

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
  /** Retries of failed deliveries, every second once the app listens (run by the app's job runner). */
  deliveryJob: Job;
  /**
   * Registers /dev/razorpay and learns the address the app listens on (app.ts), which says who owns a subscription
   * (a public demo's on-demand charges are its owner's only).
   */
  register: (app: FastifyInstance, ownsSubscription: OwnsSubscription) => Promise<void>;
  /** Resolves when no delivery is running (on close). */
  idle: () => Promise<void>;
};

export type Payments = { payments: PaymentGateway; simulator: SimulatorHandle | null };

/** The address this process answers on, for requests it sends to itself (SDK to simulator, simulator webhooks). */
function selfUrl(app: FastifyInstance, fallbackPort: number): string {
  const addr = app.server.address() as AddressInfo | string | null;
  if (!addr || typeof addr === 'string') return `http://127.0.0.1:${fallbackPort}`;
  const host = addr.address === '0.0.0.0' || addr.address === '::' ? '127.0.0.1' : addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  return `http://${host}:${addr.port}`;
}

/**
 * Razorpay with real keys, or else the local simulator (R-D5.4): the SDK is pointed at /dev/razorpay on this
 * process, and the simulator's webhooks come back to /api/v1/webhooks/razorpay. Billing code cannot tell which.
 */
export async function createPayments(config: Config, db: Db): Promise<Payments> {
  if (!config.embedded.payments) {
    const sdk = lazyRazorpaySdk(config.RAZORPAY_KEY_ID!, config.RAZORPAY_KEY_SECRET!);
    const payments = createGateway(sdk, {
      keyId: config.RAZORPAY_KEY_ID!,
      keySecret: config.RAZORPAY_KEY_SECRET!,
      webhookSecret: config.RAZORPAY_WEBHOOK_SECRET ?? null,
      simulated: false,
      checkoutScriptUrl: RAZORPAY_CHECKOUT_URL,
    });
    return { payments, simulator: null };
  }

  const keySecret = await sharedSecret(db, 'razorpay_simulator_key_secret');
  const webhookSecret = await sharedSecret(db, 'razorpay_simulator_webhook_secret');
  let base = `http://127.0.0.1:${config.PORT}`;
  let listening = false;
  // Every call goes to the simulator on the address this process answers on (known once it listens).
  const simulatorSdk = lazyRazorpaySdk(SIMULATOR_KEY_ID, keySecret);
  const sdk = async () => {
    const client = await simulatorSdk();
    pointSdkAt(client, `${base}${SIMULATOR_PREFIX}`);
    return client;
  };

  const engine = new RazorpaySimulator(db, { keyId: SIMULATOR_KEY_ID, keySecret, webhookSecret });
  const webhookUrl = () => `${base}/api/v1/webhooks/razorpay`;
  let autoDeliver = true;
  const deliver = oneRunAtATime(async () => {
    let total = 0;
    for (;;) {
      const sent = await engine.deliverDue(webhookUrl(), DELIVERY_BATCH);
      total += sent;
      if (sent < DELIVERY_BATCH) return total;
    }
  });
  const kick = () => (autoDeliver ? deliver() : Promise.resolve(0));

  const simulator: SimulatorHandle = {
    engine,
    setAutoDeliver: (on) => void (autoDeliver = on),
    deliver,
    webhookUrl,
    deliveryJob: {
      name: 'razorpay simulator webhooks delivered',
      everyMs: DELIVERY_INTERVAL_MS,
      firstAfterMs: DELIVERY_INTERVAL_MS,
      // Until the app listens there is no address to deliver to; fresh events are pushed at once by the routes.
      run: async () => {
        if (listening) await kick();
        return null;
      },
    },
    async register(app, ownsSubscription) {
      app.addHook('onListen', async () => {
        base = selfUrl(app, config.PORT);
        listening = true;
      });
      await app.register(simulatorRoutes, { prefix: SIMULATOR_PREFIX, simulator: engine, kick, deliverNow: deliver, ownsSubscription });
    },
    idle: deliver.idle,
  };
  const payments = createGateway(sdk, { keyId: SIMULATOR_KEY_ID, keySecret, webhookSecret, simulated: true, checkoutScriptUrl: `${SIMULATOR_PREFIX}/checkout.js` });
  return { payments, simulator };
}
