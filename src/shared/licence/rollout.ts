import { createHash } from 'node:crypto';

/**
 * A device's place in a rollout (decision 190): 0 to 100 (100 excluded), from the SHA-256 of its id, the same at every
 * request, on every instance of the site and in the program. A device is offered a release rolled out to p % when its
 * bucket is below p. Node's crypto: the site and the desktop program read it, never the browser.
 */
export const rolloutBucket = (deviceId: string): number => (createHash('sha256').update(deviceId).digest().readUInt32BE(0) / 2 ** 32) * 100;

/** Whether a device is inside a rollout of `percent` %. */
export const inRollout = (deviceId: string, percent: number): boolean => percent >= 100 || rolloutBucket(deviceId) < percent;
