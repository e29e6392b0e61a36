import { describe, expect, it } from 'vitest';
import { scorePassword, STRENGTH_LABELS } from './strength';

describe('password strength (zxcvbn)', () => {
  it('has the five labels of the spec for scores 0 to 4', () => {
    expect(STRENGTH_LABELS).toEqual(['Very Weak', 'Weak', 'Fair', 'Good', 'Strong']);
  });
  it('scores a dictionary password low and a long random one Strong', async () => {
    expect(await scorePassword('password')).toBe(0);
    expect(await scorePassword('abc12345')).toBeLessThan(3);
    expect(await scorePassword('kG7#qLz!v9Wm2@Rx')).toBe(4);
  });
  it('counts the user’s own name against the password', async () => {
    const plain = await scorePassword('Ashaverma1!');
    const withName = await scorePassword('Ashaverma1!', ['Asha', 'Verma']);
    expect(withName).toBeLessThanOrEqual(plain);
  });
});
