import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { lazyRazorpaySdk, pointSdkAt } from './razorpay-sdk';

describe('pointing the razorpay SDK at the simulator', () => {
  it('finds the SDK axios instance where pointSdkAt expects it (fails if a new SDK version moves it)', async () => {
    const sdk = await lazyRazorpaySdk('rzp_test_x', 'secret')();
    expect((sdk as unknown as { api: { rq: { defaults: { baseURL: string } } } }).api.rq.defaults.baseURL).toBe('https://api.razorpay.com');
  });

  it('sends the SDK requests, with Basic auth, to the new base URL', async () => {
    const seen: { method?: string; url?: string; auth?: string }[] = [];
    const server = createServer((req: IncomingMessage, res) => {
      seen.push({ method: req.method, url: req.url, auth: req.headers.authorization });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ id: 'plan_abc', entity: 'plan' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const sdk = await lazyRazorpaySdk('rzp_test_x', 'secret')();
      pointSdkAt(sdk, `http://127.0.0.1:${(server.address() as AddressInfo).port}/dev/razorpay`);
      const plan = await sdk.plans.fetch('plan_abc');
      expect(plan.id).toBe('plan_abc');
      expect(seen).toEqual([{ method: 'GET', url: '/dev/razorpay/v1/plans/plan_abc', auth: `Basic ${Buffer.from('rzp_test_x:secret').toString('base64')}` }]);
    } finally {
      server.close();
    }
  });

  it('makes the client once, with the first call', async () => {
    const get = lazyRazorpaySdk('rzp_test_x', 'secret');
    const [a, b] = await Promise.all([get(), get()]);
    expect(a).toBe(b);
    expect(await get()).toBe(a);
  });

  it('refuses to guess when the SDK has no axios instance', () => {
    expect(() => pointSdkAt({} as never, 'http://x')).toThrow(/no longer keeps its axios instance/);
  });
});
