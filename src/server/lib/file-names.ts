import { trimChars } from '#shared/text';

/**
 * A name made safe for a URL and a file system: accents folded, anything but letters, digits, dots, underscores and
 * hyphens replaced by a hyphen, runs of dots and hyphens made one hyphen (no `..`), none at either end. Empty when
 * nothing is left. One rule for the blog's images and the program's installers.
 */
export const safeFileName = (name: string): string =>
  trimChars(
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/[-.]{2,}/g, '-'),
    '-._',
  );
