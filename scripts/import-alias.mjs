// Rewrites relative imports that climb three folders or more (`../../../shared/money`) to the aliases of package.json
// "imports" (`#shared/money`, `#server/…`, `#client/…`; decision 172).
//   node scripts/import-alias.mjs [files…]          prints what it would change (all of src/ and e2e/ without files)
//   node scripts/import-alias.mjs --write [files…]  changes the files
//   --min=N                                          rewrites imports that climb N folders or more (default 3)
// It reads static imports and exports, `import()`, and vitest's `vi.mock()`/`vi.importActual()`; an import that
// stays outside src/shared, src/server and src/client is left as it is.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The alias for each folder; package.json "imports" maps each back (`"#shared/*": "./src/shared/*"`). */
export const ALIASES = { 'src/shared/': '#shared/', 'src/server/': '#server/', 'src/client/': '#client/' };

const IMPORT = /(\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\bvi\.(?:mock|doMock|unmock|importActual)\(\s*)(['"])(\.\.\/[^'"]*)\2/g;

/** How many folders a relative specifier climbs. */
const climbs = (specifier) => /^(?:\.\.\/)*/.exec(specifier)[0].length / 3;

/** The alias a relative import becomes, or null when it stays (climbs too little, or leaves the aliased folders). */
export function aliasOf(file, specifier, min = 3) {
  if (climbs(specifier) < min) return null;
  const target = path
    .relative(ROOT, path.resolve(ROOT, path.dirname(file), specifier))
    .split(path.sep)
    .join('/');
  for (const [folder, alias] of Object.entries(ALIASES)) if (target.startsWith(folder)) return alias + target.slice(folder.length);
  return null;
}

/** A file's text with its deep imports aliased, and the changes as [from, to] pairs. `file` is relative to the root. */
export function rewrite(file, text, min = 3) {
  const changes = [];
  const out = text.replace(IMPORT, (whole, lead, quote, specifier) => {
    const alias = aliasOf(file, specifier, min);
    if (!alias) return whole;
    changes.push([specifier, alias]);
    return `${lead}${quote}${alias}${quote}`;
  });
  return { text: out, changes };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const write = args.includes('--write');
  const min = Number(args.find((a) => a.startsWith('--min='))?.slice(6) ?? 3);
  let files = args.filter((a) => !a.startsWith('--')).map((f) => path.relative(ROOT, path.resolve(f)));
  if (files.length === 0) {
    files = execFileSync('git', ['ls-files', 'src', 'e2e'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter((f) => /\.(ts|tsx|mts|js|mjs)$/.test(f));
  }
  let imports = 0;
  let changed = 0;
  for (const file of files) {
    const before = readFileSync(path.join(ROOT, file), 'utf8');
    const { text, changes } = rewrite(file, before, min);
    if (changes.length === 0) continue;
    changed++;
    imports += changes.length;
    for (const [from, to] of changes) console.log(`${file}: '${from}' → '${to}'`);
    if (write) writeFileSync(path.join(ROOT, file), text);
  }
  console.log(`${imports} imports in ${changed} files ${write ? 'rewritten' : 'would be rewritten (dry run; --write to change them)'}`);
}
