import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '../../shared/constants';
import { BLOG_IMAGES_BUCKET, contentTypeOf, STORAGE_CACHE_CONTROL } from '../adapters/storage';
import { AppError, badRequest, notFound } from '../lib/errors';
import { sendRanged } from '../lib/byte-ranges';
import { ok } from '../lib/http';
import { route } from './route';
import { uploadBlogImage } from '../services/blog/upload-image';
import { adminBlog } from '../../shared/endpoints/admin';

/** POST /api/v1/admin/uploads: one image (field `file`), checked by its content, at most 10 MB. */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: LIMITS.uploadMaxBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024 } });

  await route(app, adminBlog.upload, async (request, reply) => {
    if (!request.isMultipart()) throw badRequest('UPLOAD_MISSING');
    const file = await request.file();
    if (!file) throw badRequest('UPLOAD_MISSING');
    let data: Buffer;
    try {
      data = await file.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', 'UPLOAD_TOO_LARGE');
      throw err;
    }
    if (data.length === 0) throw badRequest('UPLOAD_MISSING');
    const result = await uploadBlogImage(app.ctx, { name: file.filename, data });
    reply.status(201);
    return ok(result);
  });
};

/** Names we give uploads; anything else (path tricks included) is not ours. */
const SAFE_NAME = /^[a-z0-9][a-z0-9._-]*$/i;

/** GET /storage/blog-images/:name at the site root: stored images, only ever as images. */
export const storageRoutes: FastifyPluginAsyncZod = async (app) => {
  const params = z.object({ name: z.string().min(1).max(200) });
  app.get(`/storage/${BLOG_IMAGES_BUCKET}/:name`, { schema: { params, hide: true } }, async (request, reply) => {
    const { name } = request.params;
    const type = SAFE_NAME.test(name) ? contentTypeOf(name) : null;
    if (!type) throw notFound();
    const object = await app.ctx.storage.stat(BLOG_IMAGES_BUCKET, name);
    if (!object) throw notFound();
    reply
      .header('cache-control', STORAGE_CACHE_CONTROL)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', 'inline');
    // The type is chosen from the extension we gave the file after checking its bytes, never what the uploader claimed.
    // In ranges when asked (one, or several as multipart/byteranges), as the installers will be (issue 35).
    return sendRanged(request, reply, { size: object.size, contentType: type, open: (range) => app.ctx.storage.read(BLOG_IMAGES_BUCKET, name, range) });
  });
};
