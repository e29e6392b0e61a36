import { marked } from 'marked';
import type { ReleaseRow } from '#server/db/schema';
import { sanitizePostHtml } from '../blog/sanitize';

/**
 * A release's notes as HTML (the changelog, its feed, electron-updater's releaseNotes). Admins write them in Markdown
 * (GitHub's flavour, raw HTML allowed), as release notes are written everywhere; marked turns them into HTML and the
 * blog's rule cleans it (services/blog/sanitize.ts), so nothing an admin pastes runs on a visitor's page.
 */
export function releaseNotesHtml(markdown: string): string {
  if (!markdown.trim()) return '';
  return sanitizePostHtml(marked.parse(markdown, { async: false, gfm: true }));
}

/** The notes of a release row as HTML, made once per row (the rows are kept under the public version). */
const made = new WeakMap<ReleaseRow, string>();
export function notesHtmlOf(row: ReleaseRow): string {
  let html = made.get(row);
  if (html === undefined) made.set(row, (html = releaseNotesHtml(row.notes)));
  return html;
}

/** When a release came out, as the changelog and the feeds say: its publication, else the date it was given. */
export const releaseDate = (row: Pick<ReleaseRow, 'publishedAt' | 'releasedAt'>): Date => row.publishedAt ?? row.releasedAt;
