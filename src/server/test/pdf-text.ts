/** The text of an uncompressed pdfkit PDF, one line per text run (its hex strings decoded); the API and browser tests read receipts with it. */
export function pdfText(pdf: Buffer): string {
  const runs = pdf.toString('latin1').match(/\[(?:[^\]]*?)\] TJ/g) ?? [];
  return runs.map((run) => (run.match(/<([0-9a-f]+)>/g) ?? []).map((h) => Buffer.from(h.slice(1, -1), 'hex').toString('latin1')).join('')).join('\n');
}
