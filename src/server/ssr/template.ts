import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES, type Locale } from '../../shared/i18n/locales';

/** Where the server writes a page's head in the template. */
export const HEAD_MARK = '<!--app-head-->';
/** The template's empty root element, which a page fills. */
export const ROOT_ELEMENT = '<div id="root"></div>';
const STYLESHEET = /<link rel="stylesheet"[^>]*>/g;
/** The app's entry in the page template (Vite's build writes it in the head, the source template in the body). */
const ENTRY_SCRIPT = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>\s*/g;

/**
 * The built page template (dist/client/index.html) cut once into the strings each page joins: what comes before the
 * head (in each language: the document's language is the page's), the stylesheets, what comes between the head and
 * the root element and after it, as a page drawn in the browser has them and as a rendered page has them (without
 * the app's scripts and preloads: it asks for the entry once it has painted, ssr/hydrate-script.ts), and the entry.
 */
export type PageTemplate = {
  before: Record<Locale, string>;
  styles: string;
  middle: string;
  after: string;
  renderedMiddle: string;
  renderedAfter: string;
  entry: string;
};

/** The template of a build, cut; null when the client is not built. Throws on a template that is not this project's. */
export function readTemplate(clientDir: string): PageTemplate | null {
  const indexPath = path.join(clientDir, 'index.html');
  if (!existsSync(indexPath)) return null;
  const template = readFileSync(indexPath, 'utf8');
  if (!template.includes(HEAD_MARK) || !template.includes(ROOT_ELEMENT)) throw new Error(`${indexPath} lacks ${HEAD_MARK} or ${ROOT_ELEMENT}: it is not this project's build`);
  const [beforeHead, rest = ''] = template.split(HEAD_MARK);
  const before = Object.fromEntries(LOCALES.map((l) => [l, beforeHead.replace(/<html lang="[a-z]+"/, `<html lang="${l}"`)])) as Record<Locale, string>;
  const [scripts, after = ''] = rest.split(ROOT_ELEMENT);
  // The stylesheet first: it alone holds back the first paint of a page the server rendered.
  const styles = (scripts.match(STYLESHEET) ?? []).join('\n    ');
  const middle = scripts.replace(STYLESHEET, '').replace(/\n\s*\n/g, '\n');
  const entry = ENTRY_SCRIPT.exec(template)?.[1];
  if (!entry) throw new Error(`${indexPath} names no entry script`);
  const [renderedMiddle, renderedAfter] = [middle, after].map((part) => part.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, ''));
  return { before, styles, middle, after, renderedMiddle, renderedAfter, entry };
}
