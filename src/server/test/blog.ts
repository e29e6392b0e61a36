import type { BlogPostInput } from '../../shared/schemas/blog';
import type { TestApp } from './harness';

let n = 0;

/** A valid post body; override any field. */
export const postInput = (over: Partial<BlogPostInput> = {}): BlogPostInput => {
  n += 1;
  return {
    title: `Test post ${n}`,
    slug: `test-post-${n}-${Date.now()}`,
    excerpt: `Excerpt of test post ${n}`,
    content: `<p>Body of test post ${n}</p>`,
    read_time: 3,
    status: 'published',
    ...over,
  };
};

/** Creates a post through the admin API and returns it. */
export async function createPostAs(t: TestApp, token: string, over: Partial<BlogPostInput> = {}) {
  const res = await t.call('POST', '/api/v1/admin/blog/posts', { token, body: postInput(over) });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.body}`);
  return res.json().data.post as import('../../shared/schemas/blog').BlogPost;
}

/** A multipart/form-data body with one file part, as a browser sends it. */
export function multipart(file: { field?: string; filename: string; contentType: string; data: Buffer }) {
  const boundary = `----stealthtest${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), file.data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The smallest real images of each accepted type (1×1 pixel). */
export const IMAGES = {
  png: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
  gif: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  jpg: Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64',
  ),
  webp: Buffer.from('UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAwA0JaQAA3AA/vuUAAA=', 'base64'),
};
