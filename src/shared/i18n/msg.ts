import { MSG } from '../messages';
import english from './catalogs/msg/en.json';
import type { Locale } from './locales';
import { hasArea, translator, type TextKey } from './runtime';

/**
 * The spec's texts (shared/messages.ts) in the reader's language (decision 090). `MSG` stays the English source that
 * the server and the schemas use as they are. The `msg` catalog holds the same texts under the same names
 * (`msg/en.json`, equal to `MSG` as a test checks, so the spec's English never changes) with their translations.
 * A text that reaches a screen in English (a zod issue, a server answer's message) is found by its English and shown
 * in the screen's language: `localizeMsg(text, locale)`. A text whose name is not in the catalog yet stays English.
 * Function texts ("{field} is required") are found by their shape; their argument (a field's name) is translated
 * when the catalog has it as a `field…` key ("fieldFirstName": "First name").
 */
type MsgKey = TextKey<'msg'>;

const MARK = '\u0001';
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Shape = { key: MsgKey; pattern: RegExp; placeholder: string; numeric: boolean };
let index: { byText: Map<string, MsgKey>; shapes: Shape[] } | undefined;

function build() {
  const byText = new Map<string, MsgKey>();
  const shapes: Shape[] = [];
  for (const key of Object.keys(english) as MsgKey[]) {
    const source = (MSG as Record<string, unknown>)[key];
    if (typeof source === 'string') byText.set(source, key);
    else if (typeof source === 'function') {
      const fn = source as (arg: string | number) => string;
      const placeholder = /\{\s*(\w+)/.exec(JSON.stringify(english[key]))?.[1] ?? /"(\w+)"/.exec(JSON.stringify(english[key]))?.[1] ?? 'value';
      const numeric = /plural/.test(JSON.stringify(english[key]));
      // The shape with its argument as a gap; a number's text may differ for 1 (minute, minutes).
      for (const sample of new Set([fn(MARK), fn(1).replace('1', MARK)])) {
        if (sample.includes(MARK)) shapes.push({ key, placeholder, numeric, pattern: new RegExp(`^${escapeRegExp(sample).replace(MARK, '(.+?)')}$`) });
      }
    } else if (key.startsWith('field')) byText.set(String(english[key]), key);
  }
  return { byText, shapes };
}

/** A spec text shown in a language: translated when the catalog knows it, as it is otherwise. */
export function localizeMsg(text: string, locale: Locale): string {
  if (locale === 'en' || !hasArea(locale, 'msg')) return text;
  index ??= build();
  const t = translator(locale, 'msg');
  const direct = index.byText.get(text);
  if (direct) return t(direct);
  for (const shape of index.shapes) {
    const m = shape.pattern.exec(text);
    if (!m) continue;
    const arg = m[1];
    const argKey = index.byText.get(arg);
    return t(shape.key, { [shape.placeholder]: shape.numeric ? Number(arg) : argKey ? t(argKey) : arg });
  }
  return text;
}
