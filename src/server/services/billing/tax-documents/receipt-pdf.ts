import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import type PDFKit from 'pdfkit';
import { countryName } from '#shared/constants';
import type { Config } from '#server/config';
import type { PaymentRow, RefundRow, TaxDocument } from '#server/db/schema';
import { longDate, type Instant, type TimeZone } from '#shared/dates';
import type { Locale } from '#shared/i18n/locales';
import { site } from '#shared/site';
import { loadMailTexts, mailText, type MailText } from '../../mail/texts';
import { amountInWords } from './amount-in-words';
import { paidPaise } from '../payments/paid';

/**
 * The PDFs of the books (decision 083): a payment's GST tax invoice while the seller is registered (SELLER_GSTIN), or
 * else a receipt that says no GST was charged; a refund's credit note, against the tax invoice when there is one.
 * One layout for all of them, laid out as the documents an accountant files: seller, document box, buyer, the line
 * with its SAC code, taxable value and tax columns, totals, total in words, declarations.
 *
 * In the customer's language (decision 097): the labels and sentences from the `mail` area; a document in another
 * language than English also names itself in English under its title (the tax authority's word), and keeps the
 * amounts in words in English (Indian Rupees … Lakh … Only, the form accountants file). Hindi is drawn with Noto Sans
 * Devanagari, embedded only in a document that has Devanagari in it.
 */

export type ReceiptInput = {
  payment: Pick<
    PaymentRow,
    | 'receiptNumber'
    | 'razorpayPaymentId'
    | 'amountPaidPaise'
    | 'amountPaise'
    | 'currency'
    | 'paidAt'
    | 'periodStart'
    | 'periodEnd'
    | 'buyerName'
    | 'buyerEmail'
    | 'billing'
    | 'method'
  > &
    Partial<Pick<PaymentRow, 'invoiceNumber' | 'taxDocument'>>;
  planName: string;
  seller: Pick<Config, 'SELLER_NAME' | 'SELLER_ADDRESS' | 'SELLER_GSTIN'> & Partial<Pick<Config, 'SELLER_LEGAL_NAME'>>;
  /** The zone of the buyer's preference for a receipt; a GST document is always dated in India's time. */
  timeZone: TimeZone;
  /** The language of the buyer's preference (English when not given). */
  locale?: Locale;
};

export type CreditNoteInput = {
  refund: Pick<RefundRow, 'amountPaise' | 'currency' | 'reason' | 'razorpayRefundId' | 'creditNoteNumber' | 'creditNote' | 'createdAt'>;
  payment: ReceiptInput['payment'];
  planName: string;
  seller: ReceiptInput['seller'];
  timeZone: TimeZone;
  locale?: Locale;
};

const INDIA: TimeZone = 'Asia/Kolkata';
const M = 48;
const WIDTH = 595.28 - 2 * M;
const INK = '#111111';
const MUTED = '#555555';
const RULE = '#999999';
const FILL = '#f0f0f0';

/** The standard PDF fonts have no ₹ glyph, so amounts are written with the currency code. */
const money = (paise: number, currency: string) => `${currency} ${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const plain = (paise: number) => (paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

type Doc = PDFKit.PDFDocument;

// pdfkit and its fonts are loaded when the first document is made, not at start (about 0.1 s of every start).
let pdfkit: Promise<typeof PDFKit> | null = null;
const loadPdfKit = () => (pdfkit ??= import('pdfkit').then((m) => m.default));

// ---- Devanagari ----

/** Devanagari letters (and the joiners that shape them): drawn with Noto Sans Devanagari, everything else with Helvetica. */
const DEVANAGARI = /\p{scx=Deva}|\u200C|\u200D/u;
const SCRIPT_RUNS = /(?:\p{scx=Deva}|\u200C|\u200D)+|(?:(?!\p{scx=Deva}|\u200C|\u200D)[\s\S])+/gu;
const DEVA = 'NotoSansDevanagari';
const DEVA_BOLD = 'NotoSansDevanagari-Bold';

/**
 * Noto Sans Devanagari (Fontsource's Devanagari subset, regular and bold): read at the first document that needs it,
 * never for an English one, and parsed once (fontkit's shaping tables are built on first use, most of a document's
 * time). It has no Latin letters nor digits, so a text mixing scripts is drawn run by run (`drawMixed`).
 */
type FontkitFont = { layout: (text: string) => unknown };
let devanagariFonts: Promise<[FontkitFont, FontkitFont]> | null = null;
const loadDevanagari = () => {
  const fromHere = createRequire(import.meta.url);
  // pdfkit's own fontkit (pdfkit stays outside the server bundle, and so does its fontkit).
  const fontkit = fromHere('fontkit') as { create: (data: Buffer) => FontkitFont };
  const file = (weight: number) =>
    readFile(fromHere.resolve(`@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-${weight}-normal.woff`)).then((data) => fontkit.create(sfntOfWoff(data)));
  devanagariFonts ??= Promise.all([file(400), file(700)]);
  devanagariFonts.catch(() => (devanagariFonts = null));
  return devanagariFonts;
};

/**
 * The TrueType font inside a WOFF file, its tables inflated once with zlib. fontkit reads WOFF itself, but inflates a
 * table (in JavaScript) at every read of it: a Hindi document took about a second, against a few milliseconds so.
 */
function sfntOfWoff(woff: Buffer): Buffer {
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20;
    const [offset, compressed, length] = [woff.readUInt32BE(at + 4), woff.readUInt32BE(at + 8), woff.readUInt32BE(at + 12)];
    const stored = woff.subarray(offset, offset + compressed);
    return { tag: woff.readUInt32BE(at), checksum: woff.readUInt32BE(at + 16), data: compressed < length ? inflateSync(stored) : stored };
  });
  const log2 = Math.floor(Math.log2(count));
  const head = Buffer.alloc(12 + 16 * count);
  head.writeUInt32BE(woff.readUInt32BE(4), 0);
  head.writeUInt16BE(count, 4);
  head.writeUInt16BE(16 * 2 ** log2, 6);
  head.writeUInt16BE(log2, 8);
  head.writeUInt16BE(16 * count - 16 * 2 ** log2, 10);
  let offset = head.length;
  const parts: Buffer[] = [head];
  tables.forEach((t, i) => {
    head.writeUInt32BE(t.tag, 12 + 16 * i);
    head.writeUInt32BE(t.checksum, 16 + 16 * i);
    head.writeUInt32BE(offset, 20 + 16 * i);
    head.writeUInt32BE(t.data.length, 24 + 16 * i);
    const padded = Buffer.alloc((t.data.length + 3) & ~3);
    t.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

async function open(title: string, author: string, devanagari: boolean): Promise<{ doc: Doc; done: Promise<Buffer> }> {
  const [PDFDocument, fonts] = await Promise.all([loadPdfKit(), devanagari ? loadDevanagari() : null]);
  // Uncompressed: a document is a few kilobytes, and its text stays searchable by tests and tools.
  const doc = new PDFDocument({ size: 'A4', margin: M, compress: false, info: { Title: title, Author: author } });
  if (fonts) {
    doc.registerFont(DEVA, fonts[0] as unknown as PDFKit.Mixins.PDFFontSource);
    doc.registerFont(DEVA_BOLD, fonts[1] as unknown as PDFKit.Mixins.PDFFontSource);
  }
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

type Style = { bold?: boolean; size: number; color: string };
type TextOptions = { width?: number; align?: 'left' | 'right' | 'center'; characterSpacing?: number };
type Segment = { text: string; bold?: boolean };
type Piece = { text: string; font: string; width: number; space: boolean };

const latinFont = (bold?: boolean) => (bold ? 'Helvetica-Bold' : 'Helvetica');

/**
 * A text with Devanagari, laid out here: words wrapped greedily within `width`, each script run in its font (the
 * Devanagari font has no Latin letters and Helvetica no Devanagari), each line placed by `align`. fontkit shapes each
 * Devanagari run (conjuncts, matras, reph). Returns the lines and their height, for measuring before drawing.
 */
function layoutMixed(doc: Doc, segments: Segment[], size: number, width: number): { lines: Piece[][]; lineHeight: number; ascent: number } {
  const fonts = new Set<string>();
  const lines: Piece[][] = [[]];
  let lineWidth = 0;
  let word: Piece[] = [];
  let lastFont = latinFont(false);
  const flushWord = () => {
    const w = word.reduce((sum, p) => sum + p.width, 0);
    const line = lines[lines.length - 1]!;
    if (line.some((p) => !p.space) && lineWidth + w > width + 0.01) {
      while (line.length && line[line.length - 1]!.space) line.pop();
      lines.push([]);
      lineWidth = 0;
    }
    const current = lines[lines.length - 1]!;
    for (const p of word) if (!(p.space && !current.length)) current.push(p);
    lineWidth = current.reduce((sum, p) => sum + p.width, 0);
    word = [];
  };
  for (const segment of segments) {
    segment.text.split('\n').forEach((paragraph, i) => {
      if (i > 0) {
        flushWord();
        lines.push([]);
        lineWidth = 0;
      }
      for (const token of paragraph.match(/\s+|\S+/g) ?? []) {
        const space = /^\s/.test(token);
        if (space) flushWord();
        for (const run of space ? [token] : (token.match(SCRIPT_RUNS) ?? [])) {
          // A space takes the font before it (both fonts have one), so a Devanagari phrase stays one run.
          const font = space ? lastFont : DEVANAGARI.test(run) ? (segment.bold ? DEVA_BOLD : DEVA) : latinFont(segment.bold);
          fonts.add(font);
          lastFont = font;
          word.push({ text: run, font, width: doc.font(font).fontSize(size).widthOfString(run), space });
        }
        if (space) flushWord();
      }
    });
  }
  flushWord();
  const lineHeight = Math.max(...[...fonts].map((f) => doc.font(f).fontSize(size).currentLineHeight(true)));
  // The runs of a line share the baseline of its tallest font (Noto Sans Devanagari reaches higher than Helvetica).
  const ascent = Math.max(...[...fonts].map((f) => ((doc.font(f) as unknown as { _font: { ascender: number } })._font.ascender * size) / 1000));
  return { lines, lineHeight, ascent };
}

/** Draws a text with Devanagari at (x, y) in `width`; leaves doc.y under it as pdfkit's own text() does. */
function drawMixed(doc: Doc, segments: Segment[], style: Style, x: number, y: number, opts: TextOptions) {
  const width = opts.width ?? WIDTH;
  const { lines, lineHeight, ascent } = layoutMixed(doc, segments, style.size, width);
  lines.forEach((line, i) => {
    // Neighbouring pieces in one font are one run: a Devanagari phrase is shaped and found in the text as written.
    const runs: Piece[] = [];
    for (const p of line) {
      const last = runs[runs.length - 1];
      if (last && last.font === p.font) runs[runs.length - 1] = { ...last, text: last.text + p.text, width: last.width + p.width };
      else runs.push({ ...p });
    }
    const total = runs.reduce((sum, r) => sum + r.width, 0);
    let at = opts.align === 'right' ? x + width - total : opts.align === 'center' ? x + (width - total) / 2 : x;
    for (const r of runs) {
      doc
        .font(r.font)
        .fontSize(style.size)
        .fillColor(style.color)
        .text(r.text, at, y + i * lineHeight + ascent, { lineBreak: false, baseline: 'alphabetic' });
      at += r.width;
    }
  });
  doc.x = x;
  doc.y = y + lines.length * lineHeight;
}

const hasDevanagari = (segments: Segment[]) => segments.some((s) => DEVANAGARI.test(s.text));

/**
 * Writes a text in a style: with pdfkit's own text() for a Latin text (an English document is drawn exactly as
 * before the languages), laid out here when it has Devanagari. Without x and y it goes on at doc.x, doc.y.
 */
function say(doc: Doc, text: string, style: Style, at: [number, number] | null, opts: TextOptions = {}): Doc {
  if (DEVANAGARI.test(text)) {
    drawMixed(doc, [{ text, bold: style.bold }], style, at ? at[0] : doc.x, at ? at[1] : doc.y, opts);
    return doc;
  }
  doc.font(latinFont(style.bold)).fontSize(style.size).fillColor(style.color);
  return at ? doc.text(text, at[0], at[1], opts) : doc.text(text, opts);
}

/** The height a text takes in a width, as `say` draws it. */
function heightOf(doc: Doc, text: string, bold: boolean, size: number, width: number): number {
  if (DEVANAGARI.test(text)) {
    const { lines, lineHeight } = layoutMixed(doc, [{ text, bold }], size, width);
    return lines.length * lineHeight;
  }
  return doc.font(latinFont(bold)).fontSize(size).heightOfString(text, { width });
}

// ---- the parts of a document ----

/** Seller on the left, the document's title on the right (with its English name in another language), a rule under both. */
function header(doc: Doc, seller: { name: string; address: string; lines: string[] }, title: string, subtitle: string, englishTitle: string | null) {
  const top = doc.y;
  say(doc, seller.name, { bold: true, size: 15, color: INK }, [M, top], { width: WIDTH * 0.6 });
  say(doc, seller.address, { size: 9, color: MUTED }, null, { width: WIDTH * 0.6 });
  for (const line of seller.lines) say(doc, line, { size: 9, color: MUTED }, [M, doc.y], { width: WIDTH * 0.6 });
  const leftBottom = doc.y;
  say(doc, title, { bold: true, size: 17, color: INK }, [M + WIDTH * 0.55, top], { width: WIDTH * 0.45, align: 'right' });
  if (englishTitle) say(doc, englishTitle, { bold: true, size: 9, color: MUTED }, [M + WIDTH * 0.55, doc.y + 1], { width: WIDTH * 0.45, align: 'right' });
  say(doc, subtitle, { size: 8.5, color: MUTED }, [M + WIDTH * 0.55, doc.y + 2], { width: WIDTH * 0.45, align: 'right' });
  doc.y = Math.max(leftBottom, doc.y) + 10;
  doc
    .moveTo(M, doc.y)
    .lineTo(M + WIDTH, doc.y)
    .lineWidth(1)
    .strokeColor(INK)
    .stroke();
  doc.y += 10;
}

/** The document's details, then the buyer: each a ruled box of label/value rows, its values on their labels' lines. */
function boxes(doc: Doc, left: { heading: string; rows: [string, string][] }, right: { heading: string; rows: [string, string][] }) {
  const box = (b: typeof left) => {
    const top = doc.y;
    say(doc, b.heading.toUpperCase(), { bold: true, size: 8.5, color: MUTED }, [M + 8, top + 8], { width: WIDTH - 16, characterSpacing: 0.5 });
    let y = doc.y + 4;
    // Two label/value pairs a line where both are short; a long value gets the line to itself.
    for (const [label, value] of b.rows) {
      say(doc, label, { size: 8.5, color: MUTED }, [M + 8, y], { width: 110 });
      const labelBottom = doc.y;
      say(doc, value || '-', { size: 9, color: INK }, [M + 120, y], { width: WIDTH - 128 });
      y = Math.max(doc.y, labelBottom, y + 11) + 2;
    }
    const bottom = y + 6;
    doc
      .rect(M, top, WIDTH, bottom - top)
      .lineWidth(0.75)
      .strokeColor(RULE)
      .stroke();
    doc.y = bottom + 8;
  };
  box(left);
  box(right);
  doc.y += 6;
}

type Column = { title: string; width: number; align?: 'left' | 'right' | 'center' };

/** A ruled table with a shaded header row; the last row may be bold (totals). */
function table(doc: Doc, columns: Column[], rows: string[][], opts: { boldLast?: boolean } = {}) {
  const scale = WIDTH / columns.reduce((s, c) => s + c.width, 0);
  const widths = columns.map((c) => c.width * scale);
  const xs = widths.map((_, i) => M + widths.slice(0, i).reduce((s, w) => s + w, 0));
  const drawRow = (cells: string[], bold: boolean, shaded: boolean) => {
    const top = doc.y;
    const heights = cells.map((cell, i) => heightOf(doc, cell, bold, 8.5, widths[i]! - 10));
    const h = Math.max(...heights) + 10;
    if (shaded) doc.rect(M, top, WIDTH, h).fillColor(FILL).fill();
    cells.forEach((cell, i) => {
      say(doc, cell, { bold, size: 8.5, color: INK }, [xs[i]! + 5, top + 5], { width: widths[i]! - 10, align: columns[i]!.align ?? 'left' });
    });
    doc.lineWidth(0.5).strokeColor(RULE);
    doc.rect(M, top, WIDTH, h).stroke();
    for (const x of xs.slice(1))
      doc
        .moveTo(x, top)
        .lineTo(x, top + h)
        .stroke();
    doc.y = top + h;
  };
  drawRow(
    columns.map((c) => c.title),
    true,
    true,
  );
  rows.forEach((r, i) => drawRow(r, Boolean(opts.boldLast && i === rows.length - 1), false));
  doc.y += 12;
}

/** Right-aligned label/amount lines under the table; the last one bold and ruled above. */
function totals(doc: Doc, lines: [string, string][]) {
  const x = M + WIDTH * 0.5;
  const w = WIDTH * 0.5;
  lines.forEach(([label, value], i) => {
    const last = i === lines.length - 1;
    if (last) {
      doc
        .moveTo(x, doc.y)
        .lineTo(M + WIDTH, doc.y)
        .lineWidth(0.75)
        .strokeColor(INK)
        .stroke();
      doc.y += 4;
    }
    const y = doc.y;
    say(doc, label, { bold: last, size: last ? 10 : 9, color: last ? INK : MUTED }, [x, y], { width: w * 0.6 });
    const labelBottom = doc.y;
    say(doc, value, { bold: last, size: last ? 10 : 9, color: INK }, [x + w * 0.6, y], { width: w * 0.4, align: 'right' });
    doc.y = Math.max(doc.y, labelBottom, y + 12) + 3;
  });
  doc.y += 8;
}

function paragraph(doc: Doc, label: string, text: string) {
  if (hasDevanagari([{ text: label }, { text }])) {
    drawMixed(doc, [{ text: label, bold: true }, { text: ` ${text}` }], { size: 8.5, color: INK }, M, doc.y, { width: WIDTH });
  } else {
    doc.font('Helvetica-Bold').fontSize(8.5).fillColor(INK).text(label, M, doc.y, { continued: true }).font('Helvetica').text(` ${text}`, { width: WIDTH });
  }
  doc.y += 4;
}

function footer(doc: Doc, t: MailText, signer: string | null, note: string) {
  doc.y += 16;
  const y = doc.y;
  say(doc, note, { size: 8, color: MUTED }, [M, y], { width: WIDTH * 0.55 });
  if (!signer) return;
  say(doc, t('pdfFor', { signer }), { bold: true, size: 9, color: INK }, [M + WIDTH * 0.6, y], { width: WIDTH * 0.4, align: 'right' });
  say(doc, t('pdfSignatory'), { size: 8, color: MUTED }, [M + WIDTH * 0.6, doc.y + 14], { width: WIDTH * 0.4, align: 'right' });
}

/** The words of one document: its language's texts, its dates in that language. */
type Words = { t: MailText; locale: Locale; date: (at: Instant, zone: TimeZone) => string };
const wordsFor = async (locale: Locale = 'en'): Promise<Words> => {
  await loadMailTexts(locale);
  return { t: mailText(locale), locale, date: (at, zone) => longDate(at, zone, locale) };
};

const periodOf = (w: Words, p: ReceiptInput['payment'], zone: TimeZone) =>
  p.periodStart
    ? p.periodEnd
      ? w.t('pdfPeriodRange', { from: w.date(p.periodStart, zone), to: w.date(p.periodEnd, zone) })
      : w.t('pdfPeriodLifetime', { from: w.date(p.periodStart, zone) })
    : '';

/** The tax columns and lines of a GST document, by its supply. */
function taxColumns(w: Words, t: TaxDocument): { columns: Column[]; cells: string[]; lines: [string, string][] } {
  const half = t.ratePercent / 2;
  if (t.supply === 'intra_state') {
    return {
      columns: [
        { title: `CGST ${half}%`, width: 62, align: 'right' },
        { title: `${t.stateTaxLabel} ${half}%`, width: 62, align: 'right' },
      ],
      cells: [plain(t.cgstPaise), plain(t.sgstPaise)],
      lines: [
        [`CGST @ ${half}%`, money(t.cgstPaise, t.currency)],
        [`${t.stateTaxLabel} @ ${half}%`, money(t.sgstPaise, t.currency)],
      ],
    };
  }
  if (t.supply === 'inter_state') {
    return {
      columns: [{ title: `IGST ${t.ratePercent}%`, width: 70, align: 'right' }],
      cells: [plain(t.igstPaise)],
      lines: [[`IGST @ ${t.ratePercent}%`, money(t.igstPaise, t.currency)]],
    };
  }
  return { columns: [{ title: 'IGST 0%', width: 70, align: 'right' }], cells: [plain(0)], lines: [[w.t('pdfZeroRated'), money(0, t.currency)]] };
}

/** Whether a document's words or data have Devanagari (then its font is embedded). */
const needsDevanagari = (w: Words, ...data: unknown[]) => w.locale === 'hi' || DEVANAGARI.test(JSON.stringify(data));

/** A tax invoice or a credit note with GST. */
async function renderGstDocument(
  w: Words,
  kind: 'invoice' | 'credit_note',
  t: TaxDocument,
  details: [string, string][],
  description: string,
  reason: string | null,
): Promise<Buffer> {
  const credit = kind === 'credit_note';
  const { t: text } = w;
  const english = w.locale === 'en';
  const { doc, done } = await open(`${credit ? 'Credit note' : 'Tax invoice'} ${t.number}`, t.seller.legalName, needsDevanagari(w, t, details, description, reason));
  const stateOf = (state: string, code: string) => text('pdfStateCode', { state, code });
  header(
    doc,
    {
      name: t.seller.legalName,
      address: t.seller.address,
      lines: [`GSTIN: ${t.seller.gstin}`, `${text('pdfState')}: ${stateOf(t.seller.stateName, t.seller.stateCode)}`, site.supportEmail],
    },
    credit ? text('pdfCreditNoteTitle') : text('pdfTaxInvoice'),
    credit ? text('pdfSection34') : text('pdfOriginal'),
    english ? null : credit ? 'CREDIT NOTE' : 'TAX INVOICE',
  );
  const place = t.supply === 'export' ? text('pdfExportPlace') : t.placeOfSupply;
  boxes(
    doc,
    {
      heading: credit ? text('creditNote') : text('pdfInvoice'),
      rows: [
        [credit ? text('pdfCreditNoteNo') : text('pdfInvoiceNo'), t.number],
        [credit ? text('pdfCreditNoteDate') : text('pdfInvoiceDate'), w.date(t.issuedAt, INDIA)],
        ...(credit ? ([[text('pdfAgainstInvoice'), t.againstInvoice ?? text('pdfReceiptTitle')]] as [string, string][]) : []),
        [text('pdfFinancialYear'), t.financialYear],
        [text('pdfPlaceOfSupply'), place],
        [text('pdfReverseCharge'), text('pdfNo')],
        ...details,
      ],
    },
    {
      heading: credit ? text('pdfIssuedTo') : text('pdfBilledTo'),
      rows: [
        [text('pdfName'), t.buyer.name],
        [text('pdfAddress'), [t.buyer.address, t.buyer.country].filter(Boolean).join(', ')],
        [text('pdfState'), t.buyer.stateName ? stateOf(t.buyer.stateName, String(t.buyer.stateCode)) : t.supply === 'export' ? text('pdfOutsideIndia') : '-'],
        ['GSTIN', t.buyer.gstin ?? text('pdfUnregistered')],
        [text('pdfEmail'), t.buyer.email],
      ],
    },
  );
  const tax = taxColumns(w, t);
  table(
    doc,
    [
      { title: '#', width: 20, align: 'center' },
      { title: text('pdfDescriptionOfService'), width: 170 },
      { title: 'SAC', width: 48, align: 'center' },
      { title: text('pdfQty'), width: 28, align: 'center' },
      { title: text('pdfTaxableValue'), width: 72, align: 'right' },
      ...tax.columns,
      { title: text('pdfTotal'), width: 72, align: 'right' },
    ],
    [
      ['1', description, t.sac, '1', plain(t.taxablePaise), ...tax.cells, plain(t.totalPaise)],
      ['', text('pdfTotal'), '', '', plain(t.taxablePaise), ...tax.cells, plain(t.totalPaise)],
    ],
    { boldLast: true },
  );
  totals(doc, [
    [text('pdfTaxableValue'), money(t.taxablePaise, t.currency)],
    ...tax.lines,
    [credit ? text('pdfTotalCredited') : text('pdfTotalTaxIncluded'), money(t.totalPaise, t.currency)],
  ]);
  paragraph(doc, text('pdfAmountInWords'), amountInWords(t.totalPaise, t.currency));
  if (reason) paragraph(doc, text('pdfReason'), reason);
  if (t.supply === 'export') paragraph(doc, text('pdfDeclaration'), text('pdfExportDeclaration'));
  else if (!credit) paragraph(doc, text('pdfDeclaration'), text('pdfInclusive'));
  footer(doc, text, t.seller.legalName, credit ? text('pdfCreditFooter') : text('pdfInvoiceFooter', { product: site.productName }));
  doc.end();
  return done;
}

/** A document without GST (the seller is not registered): receipt or credit note. */
async function renderPlain(
  w: Words,
  kind: 'receipt' | 'credit_note',
  input: {
    seller: ReceiptInput['seller'];
    number: string;
    details: [string, string][];
    buyer: [string, string][];
    description: string;
    totalPaise: number;
    currency: string;
    reason: string | null;
    gst: string;
  },
): Promise<Buffer> {
  const credit = kind === 'credit_note';
  const { t } = w;
  const { doc, done } = await open(`${credit ? 'Credit note' : 'Receipt'} ${input.number}`, input.seller.SELLER_LEGAL_NAME ?? input.seller.SELLER_NAME, needsDevanagari(w, input));
  header(
    doc,
    { name: input.seller.SELLER_LEGAL_NAME ?? input.seller.SELLER_NAME, address: input.seller.SELLER_ADDRESS, lines: [site.supportEmail] },
    credit ? t('pdfCreditNoteTitle') : t('pdfReceiptTitle'),
    t('pdfNotTaxInvoice'),
    null,
  );
  boxes(doc, { heading: credit ? t('creditNote') : t('pdfReceipt'), rows: input.details }, { heading: credit ? t('pdfIssuedTo') : t('pdfBilledTo'), rows: input.buyer });
  table(
    doc,
    [
      { title: '#', width: 20, align: 'center' },
      { title: t('pdfDescription'), width: 300 },
      { title: t('pdfQty'), width: 30, align: 'center' },
      { title: t('pdfAmount'), width: 90, align: 'right' },
    ],
    [['1', input.description, '1', plain(input.totalPaise)]],
  );
  totals(doc, [
    [t('pdfTax'), t('pdfNoGst')],
    [credit ? t('pdfTotalRefunded') : t('pdfTotalPaid'), money(input.totalPaise, input.currency)],
  ]);
  paragraph(doc, t('pdfAmountInWords'), amountInWords(input.totalPaise, input.currency));
  if (input.reason) paragraph(doc, t('pdfReason'), input.reason);
  paragraph(doc, t('pdfGst'), input.gst);
  footer(doc, t, null, t('pdfThanks', { product: site.productName }));
  doc.end();
  return done;
}

const buyerRows = (w: Words, p: ReceiptInput['payment']): [string, string][] => {
  const b = p.billing;
  return [
    [w.t('pdfName'), p.buyerName ?? ''],
    ...(b?.company ? ([[w.t('pdfCompany'), b.company]] as [string, string][]) : []),
    [w.t('pdfAddress'), b ? [b.address, b.city, b.zipCode, b.country && countryName(b.country)].filter(Boolean).join(', ') : ''],
    [w.t('pdfEmail'), p.buyerEmail ?? ''],
  ];
};

/** The document of one successful payment: its tax invoice when it has one, else the receipt; in the buyer's language. */
export async function renderReceiptPdf({ payment, planName, seller, timeZone, locale }: ReceiptInput): Promise<Buffer> {
  const w = await wordsFor(locale);
  const total = paidPaise(payment);
  const period = payment.taxDocument ? periodOf(w, payment, INDIA) : periodOf(w, payment, timeZone);
  const description = `${site.productName}: ${planName}${period ? `\n${w.t('pdfPeriodLine', { period })}` : ''}`;
  if (payment.taxDocument) {
    return renderGstDocument(
      w,
      'invoice',
      payment.taxDocument,
      [[w.t('paymentId'), payment.razorpayPaymentId], ...(payment.method ? ([[w.t('pdfMethod'), payment.method]] as [string, string][]) : [])],
      description,
      null,
    );
  }
  return renderPlain(w, 'receipt', {
    seller,
    number: String(payment.receiptNumber ?? ''),
    details: [
      [w.t('receiptNumber'), String(payment.receiptNumber ?? '')],
      [w.t('pdfDate'), w.date(payment.paidAt, timeZone)],
      [w.t('paymentId'), payment.razorpayPaymentId],
      ...(payment.method ? ([[w.t('pdfMethod'), payment.method]] as [string, string][]) : []),
      ...(period ? ([[w.t('pdfPeriod'), period]] as [string, string][]) : []),
    ],
    buyer: buyerRows(w, payment),
    description: `${site.productName}: ${planName}`,
    totalPaise: total,
    currency: payment.currency,
    reason: null,
    gst: w.t('pdfNotRegistered'),
  });
}

/** The credit note of a refund: with GST against the payment's tax invoice, or without GST against its receipt (no invoice: none was issued); in the buyer's language. */
export async function renderCreditNotePdf({ refund, payment, planName, seller, timeZone, locale }: CreditNoteInput): Promise<Buffer> {
  const w = await wordsFor(locale);
  const description = w.t('pdfRefundOf', { product: site.productName, plan: planName });
  const details: [string, string][] = [
    [w.t('paymentId'), payment.razorpayPaymentId],
    ...(refund.razorpayRefundId ? ([[w.t('pdfRefundId'), refund.razorpayRefundId]] as [string, string][]) : []),
  ];
  if (refund.creditNote) return renderGstDocument(w, 'credit_note', refund.creditNote, details, description, refund.reason || null);
  return renderPlain(w, 'credit_note', {
    seller,
    number: refund.creditNoteNumber ?? '',
    details: [
      [w.t('pdfCreditNoteNo'), refund.creditNoteNumber ?? ''],
      [w.t('pdfDate'), w.date(refund.createdAt, timeZone)],
      [w.t('pdfAgainstReceipt'), String(payment.receiptNumber ?? '')],
      ...details,
    ],
    buyer: buyerRows(w, payment),
    description,
    totalPaise: refund.amountPaise,
    currency: refund.currency,
    reason: refund.reason || null,
    // True whether the seller is not registered or registered after this payment (decision 125): its receipt had no GST.
    gst: w.t('pdfCreditNoGst', { number: String(payment.receiptNumber ?? '') }),
  });
}
