import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales';
import { AREAS, loadAreas, translator } from './runtime';
import { isErrorCode } from '../errors';
import { MSG } from '../messages';

const here = path.dirname(new URL(import.meta.url).pathname);
const catalogDir = path.join(here, 'catalogs');
const srcDir = path.resolve(here, '../..');
const read = (area: string, locale: string) => JSON.parse(readFileSync(path.join(catalogDir, area, `${locale}.json`), 'utf8')) as Record<string, string>;

/** The names of an ICU message's placeholders ({name}, {n, plural, …}, and those inside a select's or plural's options), sorted. */
const placeholders = (text: string) => {
  const names = new Set<string>();
  // A compiled message is a list of parts: text, or [name, type?, options?] whose options are lists of parts again.
  const walk = (parts: unknown): void => {
    if (!Array.isArray(parts)) return;
    for (const part of parts) {
      if (!Array.isArray(part)) continue;
      names.add(String(part[0]));
      for (const option of Object.values((part[2] ?? {}) as Record<string, unknown>)) walk(option);
    }
  };
  walk(compileMessage(text));
  return [...names].sort();
};

/** Every source file of the app outside the catalogs and the tests: where a key must be written whole to count as used. */
function sources(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (full !== catalogDir) sources(full, found);
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) found.push(full);
  }
  return found;
}

describe('text catalogs (decision 090)', () => {
  it('has one folder per declared area and one file per language in each', () => {
    expect(readdirSync(catalogDir).sort()).toEqual([...AREAS].sort());
    for (const area of AREAS) expect(readdirSync(path.join(catalogDir, area)).sort(), area).toEqual(LOCALES.map((l) => `${l}.json`).sort());
  });

  for (const area of AREAS) {
    it(`${area}: every key in every language, with the same placeholders, each a valid message`, () => {
      const en = read(area, 'en');
      for (const locale of LOCALES) {
        const texts = read(area, locale);
        expect(Object.keys(texts).sort(), `${area}/${locale}.json keys`).toEqual(Object.keys(en).sort());
        for (const [key, text] of Object.entries(texts)) {
          expect(text.trim(), `${area}/${locale}.json ${key} is empty`).not.toBe('');
          expect(placeholders(text), `${area}/${locale}.json ${key} placeholders`).toEqual(placeholders(en[key]));
          expect(() => compileMessage(text), `${area}/${locale}.json ${key}`).not.toThrow();
        }
      }
    });
  }

  it('has no key that the code does not use (keys are written whole in the source)', () => {
    const code = sources(srcDir)
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    // The msg area's keys are the names of shared/messages.ts (found by their English); its field names by the label.
    // The errors area's keys are the codes of shared/errors.ts (a test there checks the two lists are the same).
    const used = (area: string, key: string) =>
      area === 'errors'
        ? isErrorCode(key)
        : area === 'msg'
          ? key.startsWith('field:')
            ? code.includes(`'${key.slice(6)}'`)
            : key.replace(/\.\d+$/, '') in MSG
          : code.includes(`'${key}'`) || code.includes(`"${key}"`);
    const unused = AREAS.flatMap((area) =>
      Object.keys(read(area, 'en'))
        .filter((key) => !used(area, key))
        .map((key) => `${area}.${key}`),
    );
    expect(unused).toEqual([]);
  });

  it('a text of another area named after a spec text is that text in English, word for word', () => {
    // The landing page carries its few spec texts in its own catalog, so a page in Hindi does not load every spec text.
    for (const area of AREAS.filter((a) => a !== 'msg')) {
      for (const [key, text] of Object.entries(read(area, 'en'))) {
        const source = (MSG as Record<string, unknown>)[key];
        if (typeof source === 'string') expect(text, `${area}.${key}`).toBe(source);
      }
    }
    expect(read('landing', 'en').alwaysFree).toBe(MSG.alwaysFree);
  });

  it('fr: every text writes the typographic apostrophe (’), never a straight one', () => {
    const straight = AREAS.flatMap((area) =>
      Object.entries(read(area, 'fr'))
        .filter(([, text]) => text.includes("'"))
        .map(([key]) => `${area}.${key}`),
    );
    expect(straight).toEqual([]);
  });

  it('msg: the English is the spec text of shared/messages.ts, word for word, each by its name there', async () => {
    await loadAreas('en', ['msg']);
    const en = translator('en', 'msg');
    for (const [key, text] of Object.entries(read('msg', 'en'))) {
      const source = (MSG as Record<string, unknown>)[key];
      if (typeof source === 'string') expect(en(key as never), key).toBe(source);
      else {
        // An item of a list of texts ('billingTabs.0': the first of MSG.billingTabs).
        expect(key, `${key} is not a name of MSG`).toMatch(/^\w+\.\d+$/);
        const [name, i] = key.split('.');
        expect(text, key).toBe((MSG as unknown as Record<string, readonly string[]>)[name]?.[Number(i)]);
      }
    }
  });

  it('msg: the screens find a text by its key, never by its English (decision 175)', () => {
    const client = path.join(srcDir, 'client');
    const files = readdirSync(client, { recursive: true, encoding: 'utf8' }).filter(
      (f) => /\.tsx?$/.test(f) && !/\.test\./.test(f) && !f.startsWith('features/admin') && !f.startsWith('routes/admin'),
    );
    for (const f of files) {
      const source = readFileSync(path.join(client, f), 'utf8');
      expect(source, f).not.toMatch(/localizeMsg|useMsg|msg\(MSG\./);
    }
  });

  it('writes the English texts exactly as the catalog holds them (an apostrophe, a number and a placeholder)', async () => {
    await loadAreas('en', ['chrome']);
    await loadAreas('hi', ['chrome']);
    const en = translator('en', 'chrome');
    expect(en('navDoesThisWork')).toBe('Does this work?');
    expect(en('rightsReserved', { year: 2025, product: 'Stealth Browser' })).toBe('© 2025 Stealth Browser. All rights reserved.');
    expect(translator('hi', 'chrome')('navBlog')).toBe('ब्लॉग');
  });
});
