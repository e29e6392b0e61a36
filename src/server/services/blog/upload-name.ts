import { trimChars } from '#shared/text';

/**
 * `blog-{timestamp}-{original name}` (R-5.10), made safe for URLs: accents folded, anything but letters, digits,
 * dots, underscores and hyphens replaced, and the extension of the detected type rather than the claimed one.
 */
export function uploadFileName(originalName: string, ext: string, timestamp = Date.now(), attempt = 0): string {
  const safe = (originalName.split(/[\\/]/).pop() ?? '')
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/[-.]{2,}/g, '-');
  const base = trimChars(safe, '-._').slice(0, 80) || 'image';
  return `blog-${timestamp}-${base}${attempt ? `-${attempt + 1}` : ''}.${ext}`;
}
