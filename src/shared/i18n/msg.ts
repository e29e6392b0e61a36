import { MSG } from '../messages';

/** The spec's texts themselves, for the code that loads this module on demand (client/localizer.ts). */
export { MSG };
import type { Locale } from './locales';
import { areaKeys, hasArea, translator, type TextKey } from './runtime';

/**
 * The spec's texts (shared/messages.ts) in the reader's language (decision 090). `MSG` stays the English source that
 * the server and the schemas use as they are. The `msg` catalog holds the same texts under the same names
 * (`msg/en.json`, equal to `MSG` as a test checks, so the spec's English never changes) with their translations.
 * A text that reaches a screen in English (a zod issue, a server answer's message) is found by its English and shown
 * in the screen's language: `localizeMsg(text, locale)`. A text whose name is not in the catalog yet stays English.
 * Function texts ("{field} is required") are found by their shape; their argument (a field's name) is translated
 * when the catalog has it as a `field:` key ("field:First name": "पहला नाम"). A list's texts are its items' keys
 * ("billingTabs.0": the first tab's name). English needs no catalog at all.
 */
type MsgKey = TextKey<'msg'>;

const MARK = '\u0001';
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const FIELD = 'field:';

type Index = { byText: Map<string, MsgKey>; shapes: { key: MsgKey; pattern: RegExp }[] };
const indexes = new Map<Locale, Index>();

/** The texts a language's catalog knows, by their English, and the shapes of its function texts. */
function indexOf(locale: Locale): Index {
  let index = indexes.get(locale);
  if (index) return index;
  index = { byText: new Map(), shapes: [] };
  for (const key of areaKeys(locale, 'msg') as MsgKey[]) {
    const source = (MSG as Record<string, unknown>)[key];
    if (typeof source === 'string') index.byText.set(source, key);
    else if (typeof source === 'function') {
      const fn = source as (arg: string | number) => string;
      // The shape with its argument as a gap; a number's text may differ for 1 (minute, minutes).
      for (const sample of new Set([fn(MARK), fn(1).replace('1', MARK)])) {
        if (sample.includes(MARK)) index.shapes.push({ key, pattern: new RegExp(`^${escapeRegExp(sample).replace(MARK, '(.+?)')}$`) });
      }
    } else if (key.startsWith(FIELD)) index.byText.set(key.slice(FIELD.length), key);
    else {
      // An item of a list of texts ('billingTabs.0': the first of MSG.billingTabs).
      const item = /^(\w+)\.(\d+)$/.exec(key);
      const list = item && (MSG as Record<string, unknown>)[item[1]];
      if (item && Array.isArray(list) && typeof list[Number(item[2])] === 'string') index.byText.set(list[Number(item[2])] as string, key);
    }
  }
  indexes.set(locale, index);
  return index;
}

/** A spec text shown in a language: translated when the catalog knows it, as it is otherwise. */
export function localizeMsg(text: string, locale: Locale): string {
  if (locale === 'en' || !hasArea(locale, 'msg')) return text;
  const index = indexOf(locale);
  const t = translator(locale, 'msg');
  const direct = index.byText.get(text);
  if (direct) return t(direct);
  for (const { key, pattern } of index.shapes) {
    const m = pattern.exec(text);
    if (!m) continue;
    const arg = m[1];
    const field = index.byText.get(arg);
    // The argument under every name a spec text gives it; a count as a number, for the plural.
    const value = /^\d+$/.test(arg) ? Number(arg) : field ? t(field) : arg;
    return t(key, { field: value, reason: value, minutes: value, fields: value });
  }
  return text;
}
