import type { UploadResult } from '#shared/schemas/blog';
import { BLOG_IMAGES_BUCKET } from '../../adapters/storage';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { detectImage } from './image-type';
import { uploadFileName } from './upload-name';

/** Stores an image in the blog-images bucket under a new name, never over an existing file. */
export async function uploadBlogImage({ storage }: Pick<AppContext, 'storage'>, file: { name: string; data: Buffer }): Promise<UploadResult> {
  const kind = detectImage(file.data);
  if (!kind) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'UPLOAD_TYPE');
  const timestamp = Date.now();
  for (let attempt = 0; attempt < 20; attempt++) {
    const name = uploadFileName(file.name, kind.ext, timestamp, attempt);
    if (await storage.putNew(BLOG_IMAGES_BUCKET, name, file.data, kind.contentType)) {
      return { name, url: storage.publicUrl(BLOG_IMAGES_BUCKET, name) };
    }
  }
  throw new AppError('CONFLICT', 'UPLOAD_FAILED');
}
