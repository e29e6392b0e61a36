import { describe, expect, it } from 'vitest';
import { compareVersions, isTooOld, versionParts } from './app-version';

describe('the app version compare', () => {
  it('compares by number, part by part, not as text', () => {
    expect(compareVersions('2.10.0', '2.9.9')).toBeGreaterThan(0);
    expect(compareVersions('2.1.0', '2.1.0')).toBe(0);
    expect(compareVersions('1.99.99', '2.0.0')).toBeLessThan(0);
    expect(compareVersions('2.1.10', '2.1.9')).toBeGreaterThan(0);
  });

  it('ignores a pre-release or build suffix for the minimum', () => {
    expect(isTooOld('2.1.0-beta.1', '2.1.0')).toBe(false);
    expect(isTooOld('2.0.9+build.7', '2.1.0')).toBe(true);
    expect(isTooOld('3.0.0', '2.1.0')).toBe(false);
  });

  it('refuses what is not a version', () => {
    expect(versionParts('2.1')).toBeNull();
    expect(versionParts('v2.1.0')).toBeNull();
    expect(versionParts('2.1.0 ; drop')).toBeNull();
    expect(() => compareVersions('latest', '2.1.0')).toThrow(/not a version: latest/);
  });
});
