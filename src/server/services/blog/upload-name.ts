import { safeFileName } from '../../lib/file-names';

/**
 * `blog-{timestamp}-{original name}` (R-5.10), made safe for URLs: accents folded, anything but letters, digits,
 * dots, underscores and hyphens replaced, and the extension of the detected type rather than the claimed one.
 */
export function uploadFileName(originalName: string, ext: string, timestamp = Date.now(), attempt = 0): string {
  const stem = (originalName.split(/[\\/]/).pop() ?? '').replace(/\.[^.]*$/, '');
  const base = safeFileName(stem).toLowerCase().slice(0, 80) || 'image';
  return `blog-${timestamp}-${base}${attempt ? `-${attempt + 1}` : ''}.${ext}`;
}
