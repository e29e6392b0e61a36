// scripts/import-alias.mjs rewrites imports that climb three folders or more to the aliases of package.json "imports"
// (decision 172), and the aliases it writes are the ones package.json and tsconfig.json declare.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a script of the project, plain JavaScript without types
import { ALIASES, aliasOf, rewrite } from '../../scripts/import-alias.mjs';

describe('the import alias codemod', () => {
  it('rewrites deep imports of every form to the folder they reach, and leaves the rest', () => {
    const before = [
      "import { MSG } from '../../../../shared/messages';",
      "import type { Config } from '../../../config';",
      "export { send } from '../../../adapters/mail/index';",
      "import '../../../../shared/i18n/catalogs/chrome/en.json';",
      "const later = () => import('../../../lib/jobs');",
      "vi.mock('../../../lib/jobs', () => ({}));",
      "import { near } from '../../near';",
      "import { z } from 'zod';",
      "import { outside } from '../../../../../bench/x';",
    ].join('\n');
    const { text, changes } = rewrite('src/server/services/billing/tax-documents/x.ts', before);
    expect(text.split('\n')).toEqual([
      "import { MSG } from '#shared/messages';",
      "import type { Config } from '#server/config';",
      "export { send } from '#server/adapters/mail/index';",
      "import '#shared/i18n/catalogs/chrome/en.json';",
      "const later = () => import('#server/lib/jobs');",
      "vi.mock('#server/lib/jobs', () => ({}));",
      "import { near } from '../../near';",
      "import { z } from 'zod';",
      "import { outside } from '../../../../../bench/x';",
    ]);
    expect(changes).toHaveLength(6);
  });

  it('resolves from the file that imports', () => {
    expect(aliasOf('src/client/features/account/settings/tab.tsx', '../../../i18n')).toBe('#client/i18n');
    expect(aliasOf('src/client/features/account/settings/tab.tsx', '../../../../shared/money')).toBe('#shared/money');
    expect(aliasOf('src/client/features/account/tab.tsx', '../../i18n')).toBeNull();
    expect(aliasOf('e2e/dates.spec.ts', '../src/shared/dates', 1)).toBe('#shared/dates');
  });

  it('writes only the aliases package.json and tsconfig.json declare', () => {
    const imports = JSON.parse(readFileSync('package.json', 'utf8')).imports as Record<string, string>;
    const tsconfig = readFileSync('tsconfig.json', 'utf8');
    for (const [folder, alias] of Object.entries(ALIASES as Record<string, string>)) {
      expect(imports[`${alias}*`]).toBe(`./${folder}*`);
      expect(tsconfig).toContain(`"${alias}*": ["${folder}*"]`);
    }
  });
});
