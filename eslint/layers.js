// The layer rules of docs/architecture.md ("Layers"), checked on every import by ESLint (decision 170). An import is
// resolved to the file it names (a relative path, or the #alias of package.json "imports", decision 172) and refused
// when its layer may not reach that file's layer. Type-only imports count too: a type names the module it comes from.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The aliases of package.json "imports" (decision 172) and the folder each names. */
const ALIASES = [
  ['#shared/', 'src/shared/'],
  ['#server/', 'src/server/'],
  ['#client/', 'src/client/'],
];

/**
 * Each rule: the files it governs (a folder of the repository, `/` separated), the folders they may not import, and
 * why. `allowNames` lets an import from a refused file through when every name it takes matches (the simulator's own
 * tables live in the app's schema module).
 */
export const LAYER_RULES = [
  {
    files: 'src/client/',
    refused: ['src/server/'],
    why: 'the browser never imports the server: share through src/shared',
  },
  {
    files: 'src/shared/',
    refused: ['src/server/', 'src/client/'],
    why: 'shared code is used by both sides, so it imports neither',
  },
  {
    files: 'src/licence-client/',
    refused: ['src/server/', 'src/client/', 'src/shared/endpoints/', 'src/shared/schemas/', 'src/shared/i18n/'],
    why: 'the licence and update clients are embedded in the desktop program: Node built-ins, src/shared/licence and the packages electron-updater uses only (decisions 187, 190)',
  },
  {
    files: 'src/server/lib/',
    refused: ['src/server/services/', 'src/server/routes/', 'src/server/plugins/'],
    why: 'the library is the base every layer uses: it never imports a service, a route or a plugin',
  },
  {
    files: 'src/server/db/',
    refused: ['src/server/services/', 'src/server/routes/', 'src/server/plugins/'],
    why: 'the database layer never imports a service, a route or a plugin',
  },
  {
    files: 'src/server/services/',
    refused: ['src/server/routes/', 'src/server/plugins/'],
    why: 'a service never imports a route or a plugin: routes call services, not the other way',
  },
  {
    files: 'src/server/adapters/',
    refused: ['src/server/services/', 'src/server/plugins/', 'src/server/routes/'],
    why: 'an adapter never imports a service, a plugin or a route: it knows its outside system only (and the payment simulator no guard of the app: app.ts gives it who owns what)',
  },
  {
    files: 'src/server/adapters/payments/simulator/',
    refused: ['src/server/db/schema'],
    allowNames: /^(RazorpaySim|razorpaySim)/,
    why: 'the payment simulator uses no table of the app, only its own razorpay_sim_* tables',
  },
];

const posix = (p) => p.split(path.sep).join('/');

/** The repository path (`src/server/lib/x`) an import names, or null for a package. */
export function resolveImport(fromFile, specifier) {
  for (const [alias, folder] of ALIASES) if (specifier.startsWith(alias)) return folder + specifier.slice(alias.length);
  if (!specifier.startsWith('.')) return null;
  return posix(path.relative(ROOT, path.resolve(path.dirname(fromFile), specifier)));
}

/** Does a repository path lie in a folder (`src/server/`) or name a module (`src/server/db/schema`, its index too)? */
const within = (target, place) => (place.endsWith('/') ? target.startsWith(place) : target === place || target.startsWith(`${place}/`) || target.startsWith(`${place}.`));

/** The names an import or export takes, or null when it takes the whole module (`* as`, a side effect, `export *`). */
function namesOf(node) {
  if (node.type === 'ImportExpression') return null;
  if (node.type === 'ExportAllDeclaration') return null;
  const specifiers = node.specifiers ?? [];
  if (specifiers.length === 0) return null;
  const names = [];
  for (const s of specifiers) {
    if (s.type === 'ImportNamespaceSpecifier' || s.type === 'ImportDefaultSpecifier') return null;
    const imported = s.type === 'ExportSpecifier' ? s.local : s.imported;
    names.push(imported.type === 'Identifier' ? imported.name : String(imported.value));
  }
  return names;
}

const layers = {
  meta: {
    type: 'problem',
    docs: { description: 'The layer rules of docs/architecture.md' },
    schema: [],
    messages: { refused: "{{from}} may not import '{{specifier}}': {{why}} (docs/architecture.md, Layers)." },
  },
  create(context) {
    const file = posix(path.relative(ROOT, context.filename));
    const rules = LAYER_RULES.filter((rule) => file.startsWith(rule.files));
    if (rules.length === 0) return {};
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = resolveImport(context.filename, source.value);
      if (!target) return;
      for (const rule of rules) {
        if (!rule.refused.some((place) => within(target, place))) continue;
        const names = rule.allowNames ? namesOf(node) : null;
        if (names && names.every((name) => rule.allowNames.test(name))) continue;
        context.report({ node: source, messageId: 'refused', data: { from: rule.files, specifier: source.value, why: rule.why } });
        return;
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { meta: { name: 'layers' }, rules: { imports: layers } };
