import { describe, expect, it } from 'vitest';
import { renderPostHtml } from './sanitize';

const ORIGIN = 'https://stealthbrowser.app';

describe('renderPostHtml', () => {
  it('sends the elements as written: their look comes from the stylesheet, not from classes or wrappers', () => {
    const written = '<h2>Title</h2><p>Text <code>x</code></p><pre><code class="language-js">block</code></pre><table><tbody><tr><td>1</td></tr></tbody></table>';
    expect(renderPostHtml(written, ORIGIN)).toBe(written);
  });

  it('opens links that leave the site in a new tab without opener or referrer, and only those', () => {
    const html = renderPostHtml(
      `<p><a href="https://example.com/x">out</a> <a href="https://example.com/y" rel="sponsored">paid</a> <a href="${ORIGIN}/blog" target="_blank">in</a> <a href="/blog">rel</a> <a href="mailto:a@b.c">mail</a></p>`,
      ORIGIN,
    );
    expect(html).toBe(
      '<p><a href="https://example.com/x" rel="noopener noreferrer" target="_blank">out</a> <a href="https://example.com/y" rel="sponsored noopener noreferrer" target="_blank">paid</a> ' +
        `<a href="${ORIGIN}/blog">in</a> <a href="/blog">rel</a> <a href="mailto:a@b.c">mail</a></p>`,
    );
  });

  it('judges links against the origin it is given', () => {
    expect(renderPostHtml('<a href="http://localhost:3000/blog">in</a>', 'http://localhost:3000')).toBe('<a href="http://localhost:3000/blog">in</a>');
    expect(renderPostHtml('<a href="http://localhost:3001/blog">out</a>', 'http://localhost:3000')).toContain('target="_blank"');
  });

  it('cleans the body again: what the saving rule forbids never reaches the page', () => {
    const html = renderPostHtml(
      '<p onclick="x()">a</p><script>alert(1)</script><img src="javascript:alert(1)" onerror="alert(1)"><a href="javascript:alert(1)">j</a><p style="color:red" class="btn-primary">s</p>',
      ORIGIN,
    );
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|style=|class=/i);
  });

  it('keeps escaped text escaped', () => {
    const html = renderPostHtml('<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; "quotes" — ünïcode</p>', ORIGIN);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; "quotes" — ünïcode');
    expect(html).not.toContain('<script>');
  });
});
