import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { blogPosts } from '../db/schema';
import { postInput, createPostAs } from '../test/blog';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';
import { createUserAndLogin } from '../test/users';

let t: TestApp;
let admin: string;
let user: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUserAndLogin(t, { role: 'admin' })).token;
  user = (await createUserAndLogin(t)).token;
});
afterAll(() => t.close());

const ID = '00000000-0000-4000-8000-000000000000';

describe(`admin blog API on ${TEST_DB_KIND}`, () => {
  it('refuses visitors (401) and signed-in non-admins (403) on every admin route, and changes nothing', async () => {
    const before = await t.db.select().from(blogPosts);
    const routes = [
      ['GET', '/api/v1/admin/blog/posts'],
      ['GET', `/api/v1/admin/blog/posts/${ID}`],
      ['POST', '/api/v1/admin/blog/posts'],
      ['PUT', `/api/v1/admin/blog/posts/${before[0].id}`],
      ['DELETE', `/api/v1/admin/blog/posts/${before[0].id}`],
      ['POST', '/api/v1/admin/uploads'],
      ['POST', '/api/v1/admin/blog/preview'],
    ] as const;
    for (const [method, url] of routes) {
      const body = method === 'POST' || method === 'PUT' ? postInput() : undefined;
      const visitor = await t.call(method, url, { body });
      expect(visitor.statusCode, `${method} ${url} visitor`).toBe(401);
      expect(visitor.json()).toMatchObject({ success: false, error: 'UNAUTHORIZED' });
      const member = await t.call(method, url, { body, token: user });
      expect(member.statusCode, `${method} ${url} user`).toBe(403);
      expect(member.json()).toEqual({ success: false, error: 'FORBIDDEN', code: 'ADMIN_ONLY', message: 'Access denied. Admin privileges required.' });
    }
    expect(await t.db.select().from(blogPosts)).toHaveLength(before.length);
  });

  it('creates a post with the spec fields, new posts default to draft, and lists every status with stat counts', async () => {
    const { status: _s, ...noStatus } = postInput({ title: 'Draft by default' });
    const res = await t.call('POST', '/api/v1/admin/blog/posts', { token: admin, body: noStatus });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Blog post created successfully!');
    const post = res.json().data.post;
    expect(post).toMatchObject({ title: 'Draft by default', status: 'draft', read_time: 3, featured_image: null, meta_title: null });
    expect(Date.parse(post.created_at)).toBeGreaterThan(Date.now() - 60_000);

    await createPostAs(t, admin, { status: 'archived', title: 'Old news' });
    const list = await t.call('GET', '/api/v1/admin/blog/posts', { token: admin });
    expect(list.statusCode).toBe(200);
    const data = list.json().data;
    const titles = data.posts.map((p: { title: string }) => p.title);
    expect(titles.slice(0, 2)).toEqual(['Old news', 'Draft by default']);
    expect(data.posts[0]).not.toHaveProperty('content');
    const counts = await t.db.select().from(blogPosts);
    expect(data.stats).toEqual({
      total: counts.length,
      published: counts.filter((p) => p.status === 'published').length,
      draft: counts.filter((p) => p.status === 'draft').length,
      archived: counts.filter((p) => p.status === 'archived').length,
    });
    expect(data.pagination).toMatchObject({ currentPage: 1, totalItems: counts.length, itemsPerPage: 20 });
  });

  it('paginates the admin list on the server', async () => {
    const res = await t.call('GET', '/api/v1/admin/blog/posts?page=2&limit=2', { token: admin });
    const { posts, pagination } = res.json().data;
    expect(posts).toHaveLength(2);
    expect(pagination.currentPage).toBe(2);
    expect(pagination.totalPages).toBe(Math.ceil(pagination.totalItems / 2));
  });

  it('reads one post by id for editing, whatever its status, and 404s an unknown id', async () => {
    const draft = await createPostAs(t, admin, { status: 'draft', content: '<p>draft body</p>' });
    const res = await t.call('GET', `/api/v1/admin/blog/posts/${draft.id}`, { token: admin });
    expect(res.json().data.post).toMatchObject({ id: draft.id, content: '<p>draft body</p>', status: 'draft' });
    const missing = await t.call('GET', `/api/v1/admin/blog/posts/${ID}`, { token: admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Blog post not found');
    const bad = await t.call('GET', '/api/v1/admin/blog/posts/not-a-uuid', { token: admin });
    expect(bad.statusCode).toBe(400);
  });

  it('requires title, slug and content with the spec message', async () => {
    for (const field of ['title', 'slug', 'content'] as const) {
      for (const value of [undefined, '', '   ']) {
        const res = await t.call('POST', '/api/v1/admin/blog/posts', { token: admin, body: { ...postInput(), [field]: value } });
        expect(res.statusCode, `${field}=${JSON.stringify(value)}`).toBe(400);
        expect(res.json().message).toBe('Please fill in all required fields');
      }
    }
  });

  it('validates read time (integer ≥ 1 or null), status, slug shape and image URLs', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ read_time: 0 }, 'Read time must be a whole number of at least 1 minute'],
      [{ read_time: 2.5 }, 'Read time must be a whole number of at least 1 minute'],
      [{ read_time: '3' }, 'Read time must be a whole number of at least 1 minute'],
      [{ status: 'scheduled' }, 'Status must be draft, published or archived'],
      [{ slug: 'Has Spaces' }, 'Slug can contain only lowercase letters, numbers and single hyphens'],
      [{ slug: '-leading' }, 'Slug can contain only lowercase letters, numbers and single hyphens'],
      [{ featured_image: 'javascript:alert(1)' }, 'Please enter a valid image URL (http:// or https://)'],
      [{ featured_image: 'not a url' }, 'Please enter a valid image URL (http:// or https://)'],
      [{ meta_image: '//evil.example/x.png' }, 'Please enter a valid image URL (http:// or https://)'],
    ];
    for (const [over, message] of cases) {
      const res = await t.call('POST', '/api/v1/admin/blog/posts', { token: admin, body: { ...postInput(), ...over } });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const ok = await createPostAs(t, admin, { read_time: null, featured_image: '/storage/blog-images/blog-1-a.png', meta_image: 'https://cdn.example.com/a.webp' });
    expect(ok).toMatchObject({ read_time: null, featured_image: '/storage/blog-images/blog-1-a.png', meta_image: 'https://cdn.example.com/a.webp' });
  });

  it('refuses control characters in every text field (400, the field named), on create and on update, storing nothing', async () => {
    const existing = await createPostAs(t, admin, { title: 'Clean before' });
    const before = await t.db.select().from(blogPosts);
    const fields = ['title', 'excerpt', 'content', 'meta_title', 'meta_description', 'meta_keywords', 'featured_image', 'meta_image'];
    for (const field of fields) {
      for (const bad of ['\u0000', '\u0001', '\u0008', '\u000b', '\u001f']) {
        const value = field.endsWith('image') ? `https://cdn.example.com/a${bad}.png` : `Text ${bad} here`;
        for (const [method, url] of [
          ['POST', '/api/v1/admin/blog/posts'],
          ['PUT', `/api/v1/admin/blog/posts/${existing.id}`],
        ] as const) {
          const res = await t.call(method, url, { token: admin, body: { ...postInput(), [field]: value } });
          expect(res.statusCode, `${method} ${field} ${JSON.stringify(bad)}`).toBe(400);
          expect(res.json(), `${method} ${field}`).toEqual({
            success: false,
            error: 'VALIDATION_ERROR',
            code: 'CONTROL_CHARACTERS',
            message: 'Must not contain control characters',
            field,
          });
        }
      }
    }
    expect(await t.db.select().from(blogPosts)).toEqual(before);
    // Tabs and line breaks are text, not control characters to refuse.
    expect(await createPostAs(t, admin, { excerpt: 'Line one\nLine two\tand a tab\r\n', content: '<p>a</p>\n\t<p>b</p>' })).toMatchObject({
      excerpt: 'Line one\nLine two\tand a tab',
    });
  });

  it('keeps slugs unique with a clear 409, on create and on update', async () => {
    const first = await createPostAs(t, admin, { slug: 'unique-slug-check' });
    const dup = await t.call('POST', '/api/v1/admin/blog/posts', { token: admin, body: postInput({ slug: 'unique-slug-check' }) });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ error: 'CONFLICT', code: 'SLUG_TAKEN', message: 'A blog post with this slug already exists. Please choose a different slug.' });

    const second = await createPostAs(t, admin, { slug: 'unique-slug-other' });
    const clash = await t.call('PUT', `/api/v1/admin/blog/posts/${second.id}`, { token: admin, body: postInput({ slug: 'unique-slug-check' }) });
    expect(clash.statusCode).toBe(409);
    // Saving a post under its own slug is not a clash.
    const same = await t.call('PUT', `/api/v1/admin/blog/posts/${first.id}`, { token: admin, body: postInput({ slug: 'unique-slug-check', title: 'Renamed' }) });
    expect(same.statusCode).toBe(200);

    const racing = await Promise.all([1, 2, 3].map(() => t.call('POST', '/api/v1/admin/blog/posts', { token: admin, body: postInput({ slug: 'raced-slug' }) })));
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it('updates every field and the update time, and answers 404 for an unknown id', async () => {
    const post = await createPostAs(t, admin, { status: 'draft' });
    const body = postInput({ title: 'Updated title', status: 'archived', meta_title: 'Meta T', meta_description: 'Meta D', meta_keywords: 'a, b', read_time: 9 });
    // The update a minute after the post was written (only the date is moved; timers run as usual).
    const updateTime = new Date(Date.parse(post.updated_at) + 60_000);
    vi.useFakeTimers({ toFake: ['Date'], now: updateTime });
    const res = await t.call('PUT', `/api/v1/admin/blog/posts/${post.id}`, { token: admin, body }).finally(() => vi.useRealTimers());
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Blog post updated successfully!');
    const updated = res.json().data.post;
    expect(updated).toMatchObject({
      title: 'Updated title',
      slug: body.slug,
      status: 'archived',
      meta_title: 'Meta T',
      meta_description: 'Meta D',
      meta_keywords: 'a, b',
      read_time: 9,
    });
    expect(updated.created_at).toBe(post.created_at);
    expect(updated.updated_at).toBe(updateTime.toISOString());

    const missing = await t.call('PUT', `/api/v1/admin/blog/posts/${ID}`, { token: admin, body: postInput() });
    expect(missing.statusCode).toBe(404);
  });

  it('deletes a post, then 404s a second delete', async () => {
    const post = await createPostAs(t, admin);
    const res = await t.call('DELETE', `/api/v1/admin/blog/posts/${post.id}`, { token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Blog post deleted successfully' });
    expect(await t.db.select().from(blogPosts).where(eq(blogPosts.id, post.id))).toHaveLength(0);
    const again = await t.call('DELETE', `/api/v1/admin/blog/posts/${post.id}`, { token: admin });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Blog post not found');
  });

  it('sanitizes the HTML when saving: no scripts, handlers, javascript: URLs or embeds', async () => {
    const payloads = [
      '<script>alert(1)</script>',
      '<img src="x" onerror="alert(1)">',
      '<a href="javascript:alert(1)">click</a>',
      '<a href="JaVaScRiPt:alert(1)">click2</a>',
      '<a href="&#106;avascript:alert(1)">click3</a>',
      '<iframe src="https://evil.example"></iframe>',
      '<object data="x.swf"></object><embed src="x.swf">',
      '<svg onload="alert(1)"><circle/></svg>',
      '<p style="background:url(javascript:alert(1))" onclick="alert(1)">styled</p>',
      '<form action="https://evil.example"><input name="q"></form>',
      '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
      '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
      '<style>body{display:none}</style>',
      '<base href="https://evil.example/">',
      '<meta http-equiv="refresh" content="0;url=https://evil.example">',
      '<a href="https://ok.example" target="_blank">ok</a>',
    ];
    const post = await createPostAs(t, admin, { content: `<h2>Title</h2><p>Safe <strong>text</strong></p>${payloads.join('')}<table><tr><td>cell</td></tr></table>` });
    const html = post.content;
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('<strong>text</strong>');
    expect(html).toContain('<td>cell</td>');
    expect(html).toContain('<a href="https://ok.example" target="_blank" rel="noopener noreferrer">ok</a>');
    expect(html).toContain('<p>styled</p>');
    for (const bad of [
      /<script/i,
      /onerror/i,
      /onload/i,
      /onclick/i,
      /javascript:/i,
      /<iframe/i,
      /<object/i,
      /<embed/i,
      /<svg/i,
      /<form/i,
      /<input/i,
      /style=/i,
      /<style/i,
      /<base/i,
      /<meta/i,
      /data:image/i,
      /<math/i,
    ]) {
      expect(html, String(bad)).not.toMatch(bad);
    }
    // What the database holds is the cleaned HTML, so every reader gets it.
    const [row] = await t.db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(row.content).toBe(html);
  });

  it('previews content as the save would store it, without storing anything', async () => {
    const before = (await t.db.select().from(blogPosts)).length;
    const res = await t.call('POST', '/api/v1/admin/blog/preview', { token: admin, body: { content: '<h2>Hi</h2><img src="x" onerror="alert(1)"><script>alert(2)</script>' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.html).toBe('<h2>Hi</h2><img src="x" />');
    expect(await t.db.select().from(blogPosts)).toHaveLength(before);
  });
});
