import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '#shared/constants';
import { memoryStorage } from '../../test/memory-storage';
import { signInProofs } from './sign-in-proofs';

describe('the sign-in proofs a browser stores (decisions 061, 179)', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', memoryStorage());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('moves the proofs stored before the rename, under deviceTokens, to their new key when first read', () => {
    localStorage.setItem(
      'deviceTokens',
      JSON.stringify([
        ['asha@example.com', 'proof-a'],
        ['ravi@example.com', 'proof-r'],
      ]),
    );
    expect(signInProofs.of('Asha@Example.com')).toBe('proof-a');
    expect(localStorage.getItem('deviceTokens')).toBeNull();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.signInProofs)!)).toEqual([
      ['asha@example.com', 'proof-a'],
      ['ravi@example.com', 'proof-r'],
    ]);
    // Read again from the new key alone.
    expect(signInProofs.of('ravi@example.com')).toBe('proof-r');
  });

  it('stores a new proof under the new key, keeping the ones moved from the old key', () => {
    localStorage.setItem('deviceTokens', JSON.stringify([['ravi@example.com', 'proof-r']]));
    signInProofs.store('asha@example.com', 'proof-a');
    expect(localStorage.getItem('deviceTokens')).toBeNull();
    expect(JSON.parse(localStorage.getItem('signInProofs')!)).toEqual([
      ['asha@example.com', 'proof-a'],
      ['ravi@example.com', 'proof-r'],
    ]);
  });

  it('prefers the new key when both are there (another tab already moved them), and drops the old one', () => {
    localStorage.setItem('signInProofs', JSON.stringify([['asha@example.com', 'proof-new']]));
    localStorage.setItem('deviceTokens', JSON.stringify([['asha@example.com', 'proof-old']]));
    expect(signInProofs.of('asha@example.com')).toBe('proof-new');
    expect(localStorage.getItem('deviceTokens')).toBeNull();
  });

  it('reads a broken old value as no proofs, and a sign-in then stores its proof', () => {
    localStorage.setItem('deviceTokens', '{not json');
    expect(signInProofs.of('asha@example.com')).toBeUndefined();
    signInProofs.store('asha@example.com', 'proof-a');
    expect(signInProofs.of('asha@example.com')).toBe('proof-a');
    expect(localStorage.getItem('deviceTokens')).toBeNull();
  });
});
