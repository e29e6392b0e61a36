import { describe, expect, it } from 'vitest';
import { scriptSafeJson } from './render-page';

describe('scriptSafeJson', () => {
  it('cannot close its script element or open markup, and reads back the same', () => {
    const value = { title: '</script><script>alert(1)</script>', body: '<!-- <img src=x onerror=alert(1)> -->', amp: 'a & b', lines: 'a\u2028b\u2029c' };
    const json = scriptSafeJson(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});
