import type Razorpay from 'razorpay';

export type RazorpaySdk = InstanceType<typeof Razorpay>;

/** The part of the SDK's internals we rely on: its axios instance (see pointSdkAt). */
type SdkInternals = { api?: { rq?: { defaults?: { baseURL?: string } } } };

/**
 * The SDK, made with the first call to Razorpay rather than at start: the SDK and its axios are about 4 % of a start,
 * and many instances answer for a long time before anyone pays. Later calls get the same client.
 */
export function lazyRazorpaySdk(keyId: string, keySecret: string): () => Promise<RazorpaySdk> {
  let sdk: Promise<RazorpaySdk> | null = null;
  return () => (sdk ??= import('razorpay').then(({ default: Sdk }) => new Sdk({ key_id: keyId, key_secret: keySecret })));
}

/**
 * Sends every SDK request to another host (the local simulator). The SDK has no base-URL option; its
 * requests go through one axios instance at `api.rq`. This is the only place that reaches into it, and
 * razorpay-sdk.test.ts fails if a new SDK version moves it.
 */
export function pointSdkAt(sdk: RazorpaySdk, baseUrl: string): void {
  const defaults = (sdk as unknown as SdkInternals).api?.rq?.defaults;
  if (!defaults || typeof defaults.baseURL !== 'string') {
    throw new Error('The razorpay SDK no longer keeps its axios instance at api.rq: update pointSdkAt for this SDK version.');
  }
  defaults.baseURL = baseUrl;
}

/** The SDK rejects with `{ statusCode, error: { code, description } }`, or with a plain error when no answer came. */
export function providerErrorOf(err: unknown): { statusCode: number | null; description: string | null } {
  if (err && typeof err === 'object' && 'statusCode' in err) {
    const e = err as { statusCode?: number; error?: { description?: string } };
    return { statusCode: e.statusCode ?? null, description: e.error?.description ?? null };
  }
  return { statusCode: null, description: null };
}
