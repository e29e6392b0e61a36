// The layer rules of docs/architecture.md are lint errors (decision 170): each is shown refusing an import that breaks
// it, and letting through the import the layer may make, through the project's own ESLint configuration.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

/** The layer errors of a fixture: the given source as if it were the file at `file`. */
async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'layers/imports').map((m) => m.message);
}

describe('the layer rules', () => {
  it.each([
    ['the browser imports the server', 'src/client/features/x/y.ts', "import { AppError } from '../../../server/lib/errors';"],
    ['the browser imports the server by its alias', 'src/client/x.ts', "import type { Config } from '#server/config';"],
    ['the browser loads the server lazily', 'src/client/x.ts', "export const later = () => import('../server/app');"],
    ['shared code imports the server', 'src/shared/schemas/x.ts', "import { AppError } from '../../server/lib/errors';"],
    ['shared code imports the browser', 'src/shared/x.ts', "import { useT } from '#client/i18n';"],
    ['the library imports a service', 'src/server/lib/x.ts', "import { login } from '../services/auth/login';"],
    ['the database layer imports a plugin', 'src/server/db/seed/x.ts', "import { requireUser } from '../../plugins/auth';"],
    ['a service imports a route', 'src/server/services/auth/x.ts', "import { authRoutes } from '../../routes/auth';"],
    ['a service imports a plugin', 'src/server/services/billing/x.ts', "export { requireUser } from '../../plugins/auth';"],
    ['an adapter imports a service', 'src/server/adapters/mail/x.ts', "import { mailLocale } from '../../services/mail/texts';"],
    ['an adapter imports a plugin', 'src/server/adapters/storage/x.ts', "import * as auth from '../../plugins/auth';"],
    ['an adapter imports a route', 'src/server/adapters/bot-check/x.ts', "import '../../routes/index';"],
    ['the simulator uses an app guard', 'src/server/adapters/payments/simulator/x.ts', "import { requireUser } from '../../../plugins/auth';"],
    ['the simulator uses an app table', 'src/server/adapters/payments/simulator/x.ts', "import { razorpaySimEntities, subscriptions } from '../../../db/schema';"],
    ['the simulator takes the whole schema', 'src/server/adapters/payments/simulator/x.ts', "import * as schema from '../../../db/schema/index';"],
  ])('refuses: %s', async (_name, file, code) => {
    const errors = await layerErrors(file, `${code}\nexport {};\n`);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('docs/architecture.md');
  });

  it.each([
    ['the browser imports shared code', 'src/client/x.ts', "import { MSG } from '../shared/messages';\nimport { API_PREFIX } from '#shared/constants';"],
    ['a route imports a service and a plugin', 'src/server/routes/x.ts', "import { login } from '../services/auth/login';\nimport { requireUser } from '../plugins/auth';"],
    [
      'a service imports an adapter and the schema',
      'src/server/services/billing/x.ts',
      "import { users } from '../../db/schema';\nimport type { PaymentGateway } from '../../adapters/payments/gateway';",
    ],
    [
      'an adapter imports the library and the database',
      'src/server/adapters/mail/x.ts',
      "import { AppError } from '../../lib/errors';\nimport type { MailAttachment } from '../../db/schema';",
    ],
    ['the simulator uses its own tables', 'src/server/adapters/payments/simulator/x.ts', "import { razorpaySimEntities, razorpaySimWebhooks } from '../../../db/schema';"],
    ['a plugin gives the simulator its guard', 'src/server/plugins/x.ts', "import type { OwnsSubscription } from '../adapters/payments/simulator/routes';"],
  ])('lets through: %s', async (_name, file, code) => {
    expect(await layerErrors(file, `${code}\nexport {};\n`)).toEqual([]);
  });
});
