import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales';
import { AREAS, loadAreas, translator } from './runtime';
import { MSG } from '../messages';
import { localizeMsg } from './msg';

const here = path.dirname(new URL(import.meta.url).pathname);
const catalogDir = path.join(here, 'catalogs');
const srcDir = path.resolve(here, '../..');
const read = (area: string, locale: string) => JSON.parse(readFileSync(path.join(catalogDir, area, `${locale}.json`), 'utf8')) as Record<string, string>;

/** The names of an ICU message's placeholders ({name}, {n, plural, …}), sorted. */
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{\s*([A-Za-z_]\w*)\s*[,}]/g)].map((m) => m[1]))].sort();

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
    const used = (area: string, key: string) =>
      area === 'msg' ? (key.startsWith('field:') ? code.includes(`'${key.slice(6)}'`) : key.replace(/\.\d+$/, '') in MSG) : code.includes(`'${key}'`) || code.includes(`"${key}"`);
    const unused = AREAS.flatMap((area) => Object.keys(read(area, 'en')).filter((key) => !used(area, key)).map((key) => `${area}.${key}`));
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

  it('msg: the English is the spec text of shared/messages.ts, word for word', async () => {
    await loadAreas('en', ['msg']);
    const en = translator('en', 'msg');
    for (const [key, text] of Object.entries(read('msg', 'en'))) {
      const source = (MSG as Record<string, unknown>)[key];
      if (typeof source === 'string') expect(en(key as never), key).toBe(source);
      else if (typeof source === 'function') {
        for (const sample of ['First name', 1, 5]) {
          const arg = /plural/.test(text) ? Number(sample) || 3 : String(sample);
          expect(en(key as never, { field: arg, reason: arg, minutes: arg, fields: arg }), key).toBe((source as (a: unknown) => string)(arg));
        }
      } else if (/^\w+\.\d+$/.test(key)) {
        const [name, i] = key.split('.');
        expect(text, key).toBe((MSG as unknown as Record<string, readonly string[]>)[name]?.[Number(i)]);
      } else {
        expect(key, `${key} is neither a name of MSG nor a field name`).toMatch(/^field:/);
        expect(text, key).toBe(key.slice(6));
      }
    }
  });

  it('msg: finds a spec text by its English and shows it in the reader language, its field name too', async () => {
    await loadAreas('hi', ['msg']);
    await loadAreas('fr', ['msg']);
    expect(localizeMsg(MSG.emailRequired, 'hi')).toBe('ईमेल आवश्यक है');
    expect(localizeMsg(MSG.required('First name'), 'hi')).toBe('पहला नाम आवश्यक है');
    expect(localizeMsg(MSG.nameTooShort('Last name'), 'fr')).toBe('Le nom doit contenir au moins 2 caractères');
    expect(localizeMsg(MSG.tooManyAttemptsWait(1), 'fr')).toBe('Trop de tentatives. Patientez 1 minute puis réessayez.');
    expect(localizeMsg(MSG.tooManyAttemptsWait(15), 'fr')).toBe('Trop de tentatives. Patientez 15 minutes puis réessayez.');
    expect(localizeMsg(MSG.required('Something else'), 'hi')).toBe('Something else आवश्यक है');
    expect(localizeMsg('A text of no catalog', 'hi')).toBe('A text of no catalog');
    expect(localizeMsg(MSG.emailRequired, 'en')).toBe(MSG.emailRequired);
    expect(localizeMsg(MSG.billingTabs[1], 'hi')).toBe('भुगतान इतिहास');
    expect(localizeMsg(MSG.checkoutRequired('शहर, पिन कोड'), 'hi')).toBe('कृपया सभी आवश्यक फ़ील्ड भरें: शहर, पिन कोड');
    expect(localizeMsg(MSG.nameTooLong('First Name'), 'fr')).toBe('Le prénom ne doit pas dépasser 50 caractères');
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
