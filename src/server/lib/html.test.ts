import { describe, expect, it } from 'vitest';
import { escapeHtml, scriptSafeJson } from './html';

describe('escapeHtml', () => {
  it('turns every character that could end a text or a quoted attribute into a reference, and leaves the rest', () => {
    expect(escapeHtml(`Tom & "Jerry" <b>'s</b> café`)).toBe('Tom &amp; &quot;Jerry&quot; &lt;b&gt;&#39;s&lt;/b&gt; café');
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});

describe('scriptSafeJson', () => {
  it('cannot close its script element or open markup, and reads back the same', () => {
    const value = { title: '</script><script>alert(1)</script>', body: '<!-- <img src=x onerror=alert(1)> -->', amp: 'a & b', lines: 'a\u2028b\u2029c' };
    const json = scriptSafeJson(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});
