import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { blogPosts } from '../../db/schema';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { listPublishedPosts } from './list-published';
import { createUserAndLogin } from '../../test/users';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.delete(blogPosts);
  admin = (await createUserAndLogin(t, { role: 'admin' })).token;
  // 41 posts, a minute apart, 3 in 5 published; two share a timestamp so the id decides between them.
  await t.db.execute(sql`
    insert into blog_posts (title, slug, content, status, created_at)
    select 'Post ' || g, 'post-' || g, '<p>x</p>', (array['published','published','published','draft','archived'])[1 + g % 5],
           timestamptz '2026-01-01' + make_interval(mins => case when g = 7 then 8 else g end)
    from generate_series(1, 41) g`);
});
afterAll(() => t.close());

/** The newest-first order the spec asks for, straight from the table. */
async function expected(published: boolean) {
  const where = published ? sql`where status = 'published'` : sql``;
  const rows = await t.db.execute(sql`select slug from blog_posts ${where} order by created_at desc, id desc`);
  return (rows as unknown as { rows: { slug: string }[] }).rows.map((r) => r.slug);
}

describe(`lists of posts read page by page on ${TEST_DB_KIND}`, () => {
  it('give every published post once, in order, on every page from either end, with the counts of the table', async () => {
    const all = await expected(true);
    const first = (await t.call('GET', '/api/v1/blog/posts?page=1')).json().data;
    expect(first.pagination).toEqual({ currentPage: 1, totalPages: Math.ceil(all.length / 6), totalItems: all.length, itemsPerPage: 6 });
    const seen: string[] = [];
    for (let p = 1; p <= first.pagination.totalPages; p++)
      seen.push(...(await t.call('GET', `/api/v1/blog/posts?page=${p}`)).json().data.posts.map((x: { slug: string }) => x.slug));
    expect(seen).toEqual(all);
    // The statement for pages past the front (reading the older half from the oldest end), on every page.
    const far: string[] = [];
    for (let p = 1; p <= first.pagination.totalPages; p++) {
      const res = await listPublishedPosts(t.app.ctx, p, 0);
      expect(res.pagination.currentPage).toBe(p);
      far.push(...res.posts.map((x) => x.slug));
    }
    expect(far).toEqual(all);
    // Past the end: the last page.
    const past = (await t.call('GET', '/api/v1/blog/posts?page=99')).json().data;
    expect(past.pagination.currentPage).toBe(first.pagination.totalPages);
    expect(past.posts.map((x: { slug: string }) => x.slug)).toEqual(all.slice((first.pagination.totalPages - 1) * 6));
  });

  it('give the admin every post in order with stat cards that follow inserts, status changes and deletes', async () => {
    const list = async (page: number) => (await t.call('GET', `/api/v1/admin/blog/posts?page=${page}&limit=4`, { token: admin })).json().data;
    const walk = async () => {
      const out: string[] = [];
      const { pagination } = await list(1);
      for (let p = 1; p <= pagination.totalPages; p++) out.push(...(await list(p)).posts.map((x: { slug: string }) => x.slug));
      return out;
    };
    expect(await walk()).toEqual(await expected(false));
    expect((await list(1)).stats).toEqual({ total: 41, published: 25, draft: 8, archived: 8 });

    await t.db.execute(sql`update blog_posts set status = 'archived' where slug in ('post-1', 'post-2')`);
    await t.db.execute(sql`delete from blog_posts where slug = 'post-4'`);
    expect((await list(1)).stats).toEqual({ total: 40, published: 23, draft: 8, archived: 9 });
    expect(await walk()).toEqual(await expected(false));
    expect((await t.call('GET', '/api/v1/blog/posts?page=1')).json().data.pagination.totalItems).toBe(23);
  });
});

describe(`public answers kept in memory on ${TEST_DB_KIND}`, () => {
  it('are served fresh once the instance is told of any write to the table, whoever made it', async () => {
    // A write that does not go through this app (another instance, a migration, psql) is announced by PostgreSQL's
    // NOTIFY (PGlite's in the process): the instance answers fresh from the moment it has heard of the new version.
    const told = async () => {
      const [{ v }] = await queryRows<{ v: number | string }>(t.db, sql`select v from blog_posts_version`);
      await t.app.ctx.blogVersion.reached(Number(v));
    };
    const [newest] = await expected(true);
    const title = async () => (await t.call('GET', '/api/v1/blog/posts?page=1')).json().data.posts[0].title as string;
    const post = async () => (await t.call('GET', `/api/v1/blog/posts/${newest}`)).json().data.post.title as string;
    await title();
    await post();
    await t.db.execute(sql`update blog_posts set title = 'Renamed elsewhere' where slug = ${newest}`);
    await told();
    expect(await title()).toBe('Renamed elsewhere');
    expect(await post()).toBe('Renamed elsewhere');
    await t.db.execute(sql`update blog_posts set status = 'draft' where slug = ${newest}`);
    await told();
    expect((await t.call('GET', `/api/v1/blog/posts/${newest}`)).statusCode).toBe(404);
    expect(await title()).not.toBe('Renamed elsewhere');
  });
});
