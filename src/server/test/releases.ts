import { createHash, randomBytes } from 'node:crypto';
import type { TestApp } from './harness';

/** A file part of a release form: the installer, or its blockmap after it. */
export type FormFile = { name: string; data: Buffer; field?: 'installer' | 'blockmap' | string };

/** A multipart body as a browser's form sends it: the fields, then each file (the installer unless named otherwise). */
export function releaseForm(fields: Record<string, string>, ...files: FormFile[]) {
  const boundary = `----stealthrelease${randomBytes(6).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'installer'}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
    );
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST /admin/releases with the form above, as `token`. */
export function uploadRelease(t: TestApp, token: string, fields: Record<string, string>, ...files: FormFile[]) {
  const { payload, headers } = releaseForm(fields, ...files);
  return t.app.inject({ method: 'POST', url: '/api/v1/admin/releases', payload, headers: { ...headers, authorization: `Bearer ${token}` } });
}

/** SHA-512 in base64, as electron-updater's feed names a file's. */
export const sha512 = (b: Buffer) => createHash('sha512').update(b).digest('base64');
