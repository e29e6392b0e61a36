// Makes the comments that cite the outside documents ("the spec", "spec §5", "DESIGN §2") cite the rules of
// docs/requirements.md instead (decision 173).
//   node scripts/cite-requirements.mjs [files…]          prints what it would change (every source file without files)
//   node scripts/cite-requirements.mjs --write [files…]  changes the files
// `spec §N` becomes the rule of section R-N whose words the comment shares most (or R-N itself when none stands out),
// `DESIGN §N` the same in R-DN; a comment's "the spec" keeps its words and gains the rule it speaks of, found the same
// way among all the rules: `the spec's default (Asia/Kolkata)` → `the spec's default (Asia/Kolkata)`. A
// mention it cannot place, or one outside a comment (a test's name), is listed and left for a person.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REQUIREMENTS_FILE = path.join(ROOT, 'docs/requirements.md');

/** The anchors of docs/requirements.md: each rule (`R-5.3`) with its words, and each section (`R-5`). */
export function readRequirements(text = readFileSync(REQUIREMENTS_FILE, 'utf8')) {
  const rules = [];
  const sections = [];
  for (const line of text.split('\n')) {
    const section = /^## <a id="(R-D?\d+)"><\/a>/.exec(line);
    if (section) sections.push(section[1]);
    const rule = /^- <a id="(R-D?\d+\.\d+)"><\/a>\*\*\1\*\* (.*?)(?: Enforced: `([^`]+)`\. Tested: `([^`]+)`\.)?$/.exec(line);
    if (rule) rules.push({ id: rule[1], section: rule[1].replace(/\.\d+$/, ''), text: rule[2], enforced: rule[3] ?? null, tested: rule[4] ?? null });
  }
  return { rules, sections };
}

const STOP = new Set(
  "that this with from when their there which what each also only then than they them into over after before about would could should every other these those where while being have been does were your more most once same such text texts page pages spec spec's design the and for not its are but one two any all can may".split(
    ' ',
  ),
);
const words = (text) => new Set((text.toLowerCase().match(/[a-z][a-z0-9_-]{2,}/g) ?? []).map((w) => w.replace(/(ing|ed|es|s)$/, '')).filter((w) => w.length > 2 && !STOP.has(w)));

/** Ranks rules by the words a comment shares with them, rarer words counting more. */
export function matcher(rules) {
  const ruleWords = rules.map((r) => words(`${r.text} ${r.enforced ?? ''} ${r.tested ?? ''}`));
  const df = new Map();
  for (const set of ruleWords) for (const w of set) df.set(w, (df.get(w) ?? 0) + 1);
  return (context, within = null) => {
    const seen = words(context);
    let best = null;
    let second = 0;
    rules.forEach((rule, i) => {
      if (within && !within.includes(rule.section)) return;
      let score = 0;
      for (const w of seen) if (ruleWords[i].has(w)) score += Math.log(1 + rules.length / df.get(w));
      if (!best || score > best.score) {
        second = best?.score ?? 0;
        best = { id: rule.id, score };
      } else if (score > second) second = score;
    });
    // A rule is named only when it stands out: enough shared words, and clearly more than the next.
    return best && best.score >= 4 && best.score >= second * 1.25 ? best.id : null;
  };
}

// Is the text at `index` of `line` inside a comment (`//`, a block comment's line, JSX `{/* … */}`)?
function inComment(line, index) {
  const before = line.slice(0, index);
  if (/^\s*(\*|\/\*|\/\/)/.test(line)) return true;
  return /\/\/|\/\*/.test(before.replace(/'[^']*'|"[^"]*"|`[^`]*`/g, ''));
}

/**
 * What "the spec's …" names when no rule stands out by its words: its texts are the messages shown word for word
 * its paths the declared pages, its client the call table.
 */
const FALLBACKS = [
  [/^'s (own )?(exact )?(texts?|messages?|English|sentence|wording)\b/, 'R-8.4'],
  [/^ (texts?|messages?)\b/, 'R-8.4'],
  [/^'s (paths|addresses|routes?)\b/, 'R-2.1'],
  [/^'s client\b/, 'R-7.1'],
];
/** Words after "the spec" that say the rule is not the spec's: such a mention is left for a person. */
const NOT_THE_SPECS = /^('s)? (leaves?|left|does not|doesn't|is silent|says nothing|gives no)\b/;

const SECTION_CITE = /\b(spec|DESIGN) §(\d+)((?:(?:, | and | or )§\d+)*)/g;
const THE_SPEC = /\b([Tt]he spec(?:'s)?)(?! \(R-)(?=\W)/g;

/**
 * A file's text with its citations rewritten, the changes made (line, before, after), and the mentions left for a
 * person (line, text, why).
 */
export function rewrite(text, best) {
  const lines = text.split('\n');
  const changes = [];
  const left = [];
  lines.forEach((line, i) => {
    const context = lines.slice(Math.max(0, i - 2), i + 3).join(' ');
    let out = line.replace(SECTION_CITE, (whole, doc, first, more, offset) => {
      if (!inComment(line, offset)) {
        left.push({ line: i + 1, text: whole, why: 'outside a comment' });
        return whole;
      }
      const numbers = [first, ...(more.match(/\d+/g) ?? [])];
      const sections = numbers.map((n) => (doc === 'DESIGN' ? `R-D${n}` : `R-${n}`));
      const rule = best(context, sections);
      return rule ?? sections.join(', ');
    });
    out = out.replace(THE_SPEC, (whole, phrase, offset) => {
      if (!inComment(out, offset)) {
        left.push({ line: i + 1, text: whole, why: 'outside a comment' });
        return whole;
      }
      const after = out.slice(offset + 'the spec'.length);
      if (NOT_THE_SPECS.test(after)) {
        left.push({ line: i + 1, text: whole, why: 'a rule the spec leaves open' });
        return whole;
      }
      const rule = best(context) ?? FALLBACKS.find(([words]) => words.test(after))?.[1];
      if (!rule) {
        left.push({ line: i + 1, text: whole, why: 'no rule stands out' });
        return whole;
      }
      return `${phrase} (${rule})`;
    });
    if (out !== line) {
      changes.push({ line: i + 1, before: line.trim(), after: out.trim() });
      lines[i] = out;
    }
  });
  return { text: lines.join('\n'), changes, left };
}

/** The anchors a text cites (`R-5.3`, `R-D2`, `requirements.md#R-5.3`). */
export function citedAnchors(text) {
  return [...text.matchAll(/(?<![\w-])R-D?\d+(?:\.\d+)?(?![\w.-]*\w)/g)].map((m) => m[0]);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const write = args.includes('--write');
  let files = args.filter((a) => !a.startsWith('--')).map((f) => path.relative(ROOT, path.resolve(f)));
  if (files.length === 0) {
    files = execFileSync('git', ['ls-files', 'src', 'e2e', 'scripts', 'bench', '*.ts'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter((f) => /\.(ts|tsx|mts|js|mjs|css)$/.test(f) && f !== 'scripts/cite-requirements.mjs' && f !== 'src/test/requirements.test.ts');
  }
  const best = matcher(readRequirements().rules);
  let cited = 0;
  let leftCount = 0;
  for (const file of files) {
    const before = readFileSync(path.join(ROOT, file), 'utf8');
    const { text, changes, left } = rewrite(before, best);
    for (const c of changes) console.log(`${file}:${c.line}\n  - ${c.before}\n  + ${c.after}`);
    for (const l of left) console.log(`${file}:${l.line}: left "${l.text}" (${l.why})`);
    cited += changes.length;
    leftCount += left.length;
    if (write && changes.length) writeFileSync(path.join(ROOT, file), text);
  }
  console.log(`${cited} lines ${write ? 'rewritten' : 'would be rewritten (dry run; --write to change them)'}, ${leftCount} mentions left for a person`);
}
