// The index of the decision records (docs/decisions/README.md), made from their headers (decision 173).
//   node scripts/decisions-index.mjs          checks every header and writes the index
//   node scripts/decisions-index.mjs --check  checks every header and that the index is up to date (exit 1 if not)
// The header format is in docs/decisions/000-template.md.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DECISIONS_DIR = path.join(ROOT, 'docs/decisions');
export const INDEX_FILE = path.join(DECISIONS_DIR, 'README.md');
const RECORD_FILE = /^(\d{3})-[a-z0-9-]+\.md$/;
const FIELDS = ['Date', 'Status', 'Supersedes', 'Amends', 'Amended by', 'Tests'];
const REQUIRED = ['Date', 'Status', 'Amends', 'Tests'];

/** The numbers a field names: `073, 094 (a note)` → ['073', '094']; notes in brackets are not read. */
const numbersOf = (value) => (value ?? '').replace(/\([^)]*\)/g, '').match(/\b\d{3}\b/g) ?? [];

/**
 * One record's header: `# NNN: title`, a blank line, then one `- Field: value` line per field. Returns the record,
 * with the problems found in it (a problem is a sentence naming the file).
 */
export function parseRecord(file, text) {
  const problems = [];
  const name = path.basename(file);
  const number = RECORD_FILE.exec(name)?.[1];
  const lines = text.split('\n');
  const title = /^# (\d{3}): (\S.*)$/.exec(lines[0] ?? '');
  if (!number) problems.push(`${name}: the file is not named NNN-a-few-words.md`);
  if (!title) problems.push(`${name}: the first line is not "# NNN: title"`);
  else if (title[1] !== number) problems.push(`${name}: the title's number ${title[1]} is not the file's`);
  if (lines[1] !== '') problems.push(`${name}: a blank line must follow the title`);
  const fields = {};
  for (let i = 2; i < lines.length && lines[i].startsWith('- '); i++) {
    const field = /^- ([A-Za-z ]+): (.+)$/.exec(lines[i]);
    if (!field || !FIELDS.includes(field[1])) problems.push(`${name}: "${lines[i]}" is not a header field (${FIELDS.join(', ')})`);
    else if (field[1] in fields) problems.push(`${name}: ${field[1]} is given twice`);
    else fields[field[1]] = field[2].trim();
  }
  for (const field of REQUIRED) if (!(field in fields)) problems.push(`${name}: the header has no ${field}`);
  if (fields.Date && !/^\d{4}-\d{2}-\d{2}$/.test(fields.Date)) problems.push(`${name}: Date is not YYYY-MM-DD`);
  if (fields.Status && !/^(Proposed|Accepted|Superseded by \d{3})$/.test(fields.Status)) problems.push(`${name}: Status is not Proposed, Accepted or Superseded by NNN`);
  if (fields.Amends && fields.Amends !== 'none' && numbersOf(fields.Amends).length === 0) problems.push(`${name}: Amends names no decision (or says none)`);
  const tests = [];
  if (fields.Tests && fields.Tests !== 'none named') {
    const named = [...fields.Tests.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    if (named.length === 0) problems.push(`${name}: Tests names no file in backquotes (or says none named)`);
    tests.push(...named);
  }
  return {
    number,
    file: name,
    title: title?.[2] ?? '',
    date: fields.Date ?? '',
    status: fields.Status ?? '',
    supersedes: numbersOf(fields.Supersedes),
    amends: numbersOf(fields.Amends),
    amendedBy: numbersOf(fields['Amended by']),
    tests,
    problems,
  };
}

/** Every record in the folder (the template excluded), and the problems of the whole set. */
export function readRecords(dir = DECISIONS_DIR, root = ROOT) {
  const records = readdirSync(dir)
    .filter((f) => RECORD_FILE.test(f) && !f.startsWith('000-'))
    .sort()
    .map((f) => parseRecord(f, readFileSync(path.join(dir, f), 'utf8')));
  const problems = records.flatMap((r) => r.problems);
  const byNumber = new Map();
  for (const r of records) {
    if (byNumber.has(r.number)) problems.push(`${r.file}: number ${r.number} is also ${byNumber.get(r.number).file}`);
    byNumber.set(r.number, r);
  }
  for (const r of records) {
    for (const other of [...r.amends, ...r.amendedBy, ...r.supersedes]) {
      if (!byNumber.has(other)) problems.push(`${r.file}: names decision ${other}, which has no record`);
    }
    for (const other of r.amends) {
      if (byNumber.has(other) && !byNumber.get(other).amendedBy.includes(r.number))
        problems.push(`${byNumber.get(other).file}: its Amended by does not name ${r.number}, which amends it`);
    }
    for (const other of r.amendedBy) {
      if (byNumber.has(other) && !byNumber.get(other).amends.includes(r.number)) problems.push(`${r.file}: says it is amended by ${other}, whose Amends does not name it`);
    }
    for (const other of r.supersedes) {
      if (byNumber.has(other) && byNumber.get(other).status !== `Superseded by ${r.number}`)
        problems.push(`${byNumber.get(other).file}: its Status is not "Superseded by ${r.number}"`);
    }
    for (const test of r.tests) if (!existsSync(path.join(root, test))) problems.push(`${r.file}: the test ${test} does not exist`);
  }
  return { records, problems };
}

const cell = (text) => text.replace(/\|/g, '\\|');
const links = (numbers, byNumber) => numbers.map((n) => `[${n}](${byNumber.get(n)?.file ?? ''})`).join(', ');

/** The index's Markdown. */
export function renderIndex(records) {
  const byNumber = new Map(records.map((r) => [r.number, r]));
  const rows = records.map(
    (r) =>
      `| [${r.number}](${r.file}) | ${cell(r.title)} | ${r.date} | ${cell(r.status)} | ${links(r.supersedes.concat(r.amends), byNumber)} | ${links(r.amendedBy, byNumber)} | ${r.tests.length || ''} |`,
  );
  return [
    '# Decision records',
    '',
    "<!-- Made by `node scripts/decisions-index.mjs` from the records' headers; do not edit by hand. -->",
    '',
    'Why the code is the way it is, one decision a file. A new record starts from [000-template.md](000-template.md) with',
    'the next free number; then run `node scripts/decisions-index.mjs`, which checks every header and writes this page',
    '(`npx vitest run src/test/decisions-index.test.ts` fails while it is out of date). Decision 173.',
    '',
    `${records.length} records; ${records.filter((r) => r.tests.length === 0).length} name no test yet.`,
    '',
    '| # | decision | date | status | amends | amended by | tests |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { records, problems } = readRecords();
  for (const problem of problems) console.error(problem);
  const index = renderIndex(records);
  const current = existsSync(INDEX_FILE) ? readFileSync(INDEX_FILE, 'utf8') : '';
  if (process.argv.includes('--check')) {
    if (current !== index) console.error('docs/decisions/README.md is out of date: run node scripts/decisions-index.mjs');
    process.exit(problems.length || current !== index ? 1 : 0);
  }
  if (current !== index) writeFileSync(INDEX_FILE, index);
  console.log(`docs/decisions/README.md: ${records.length} records${current === index ? ', unchanged' : ', written'}`);
  process.exit(problems.length ? 1 : 0);
}
