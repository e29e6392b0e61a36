import { describe, expect, it } from 'vitest';
import { POST_STYLES, POST_TABLE_WRAP } from '../../../shared/post-styles';
import { renderPostHtml } from './render-post';

const ORIGIN = 'https://stealthbrowser.app';

describe('renderPostHtml', () => {
  it('gives each element the look of a post body and frames tables', () => {
    const html = renderPostHtml('<h2>Title</h2><p>Text <code>x</code></p><pre><code>block</code></pre><table><tr><td>1</td></tr></table>', ORIGIN);
    expect(html).toContain(`<h2 class="${POST_STYLES.h2}">Title</h2>`);
    expect(html).toContain(`<code class="${POST_STYLES.code}">x</code>`);
    expect(html).toContain('<pre class="my-6 overflow-x-auto rounded-xl border border-ink-700 bg-ink-900 p-4 text-sm leading-relaxed"><code class="font-mono text-ink-100">block</code></pre>');
    expect(html).toMatch(new RegExp(`<div data-table-wrap="true" class="${POST_TABLE_WRAP}"><table class="[^"]+"><tr>`));
  });

  it('marks links that leave the site, and only those', () => {
    const html = renderPostHtml(`<p><a href="https://example.com/x">out</a> <a href="${ORIGIN}/blog">in</a> <a href="/blog">rel</a></p>`, ORIGIN);
    expect(html).toContain('href="https://example.com/x" class="text-accent-300 underline underline-offset-2 hover:text-accent-400" rel="noopener noreferrer"');
    expect(html.match(/rel="noopener noreferrer"/g)).toHaveLength(1);
  });

  it('cleans the body again: what the saving rule forbids never reaches the page', () => {
    const html = renderPostHtml('<p onclick="x()">a</p><script>alert(1)</script><img src="javascript:alert(1)" onerror="alert(1)"><a href="javascript:alert(1)">j</a><p style="color:red">s</p>', ORIGIN);
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|style=/i);
  });

  it('keeps escaped text escaped', () => {
    const html = renderPostHtml('<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; "quotes" — ünïcode</p>', ORIGIN);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; "quotes" — ünïcode');
    expect(html).not.toContain('<script>');
  });
});
