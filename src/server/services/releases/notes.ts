import { marked } from 'marked';
import { sanitizePostHtml } from '../blog/sanitize';

/**
 * A release's notes as HTML (the changelog, its feed, electron-updater's releaseNotes). Admins write them in Markdown
 * (GitHub's flavour, raw HTML allowed), as release notes are written everywhere; marked turns them into HTML and the
 * blog's rule cleans it (services/blog/sanitize.ts), so nothing an admin pastes runs on a visitor's page. Loaded with
 * the first read of the published releases (feed.ts), not at start: marked and sanitize-html wait for their first use.
 */
export function releaseNotesHtml(markdown: string): string {
  if (!markdown.trim()) return '';
  return sanitizePostHtml(marked.parse(markdown, { async: false, gfm: true }));
}
