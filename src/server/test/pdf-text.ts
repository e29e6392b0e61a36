/**
 * The text of an uncompressed pdfkit PDF, one line per text run (its hex strings decoded); the API and browser tests
 * read receipts with it. A run in an embedded font (Noto Sans Devanagari, in a Hindi document) is read through the
 * font's ToUnicode map, and its Devanagari put back in the order it is written (a shaped run lists the short i matra
 * before its consonants and the reph after them, as they are drawn).
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const maps = embeddedFontMaps(raw);
  let font = '';
  let previous: string | null = null;
  let lastPiece = '';
  const lines: string[] = [];
  for (const m of raw.matchAll(/\/(F\d+) [\d.]+ Tf|\[(?:[^\]]*?)\] TJ/g)) {
    if (m[1]) {
      font = m[1];
      continue;
    }
    const hexes = (m[0].match(/<([0-9a-f]+)>/g) ?? []).map((h) => h.slice(1, -1));
    const map = maps.get(font);
    if (!map) {
      lines.push(hexes.map((h) => Buffer.from(h, 'hex').toString('latin1')).join(''));
      previous = null;
      continue;
    }
    const text = hexes
      .flatMap((h) => h.match(/.{4}/g) ?? [])
      .map((g) => map.get(g) ?? '')
      .join('');
    // A shaped run is cut where a mark is placed apart (a matra moved up or down): its pieces are one run again.
    if (previous === font && (MARK.test(text) || ALL_MARKS.test(lastPiece))) lines[lines.length - 1] += text;
    else lines.push(text);
    previous = font;
    lastPiece = text;
  }
  return lines.map((line) => logicalOrder(line)).join('\n');
}

/** Each embedded font's glyph → text map, by its resource name (/F3). */
function embeddedFontMaps(raw: string): Map<string, Map<string, string>> {
  const objects = new Map<string, string>();
  for (const m of raw.matchAll(/(\d+) 0 obj([\s\S]*?)endobj/g)) objects.set(m[1]!, m[2]!);
  const maps = new Map<string, Map<string, string>>();
  for (const m of raw.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
    const cmapId = /\/ToUnicode (\d+) 0 R/.exec(objects.get(m[2]!) ?? '')?.[1];
    if (!cmapId || maps.has(m[1]!)) continue;
    const map = new Map<string, string>();
    for (const range of (objects.get(cmapId) ?? '').matchAll(/<([0-9a-f]{4})> <[0-9a-f]{4}> \[([^\]]*)\]/g)) {
      const start = parseInt(range[1]!, 16);
      [...range[2]!.matchAll(/<([0-9a-f ]*)>/g)].forEach((u, i) => {
        const text = u[1]!
          .split(' ')
          .filter(Boolean)
          .map((c) => String.fromCodePoint(parseInt(c, 16)))
          .join('');
        map.set((start + i).toString(16).padStart(4, '0'), text);
      });
    }
    maps.set(m[1]!, map);
  }
  return maps;
}

const MARK = /^[\u0900-\u0903\u093A-\u094F\u0951-\u0957\u0962\u0963]/;
const ALL_MARKS = /^[\u0900-\u0903\u093A-\u094F\u0951-\u0957\u0962\u0963]+$/;
const C = '[\\u0915-\\u0939\\u0958-\\u095F]\\u093C?';
const CLUSTER = `(?:${C}\\u094D)*${C}`;
/** Drawn order to written order: "ि" + cluster → cluster + "ि"; cluster (+ signs) + reph "र्" → "र्" + cluster. */
const logicalOrder = (text: string) =>
  text
    .replace(new RegExp(`\\u093F(${CLUSTER})`, 'g'), '$1\u093F')
    .replace(new RegExp(`(${CLUSTER}[\\u093E-\\u094C\\u0901-\\u0903]*)\\u0930\\u094D(?!${C})`, 'g'), '\u0930\u094D$1');
