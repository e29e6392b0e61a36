// npm run admin:create -- <email> <password> [firstName] [lastName]: creates an admin, or promotes an existing user.
// Built to dist/server/admin-create.js: a production host runs `node dist/server/admin-create.js <email> <password>`.
import { eq } from 'drizzle-orm';
import { email as emailSchema } from '#shared/schemas/fields';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { DataDirLockedError } from '../db/lock';
import { loadEnvFile } from '../lib/env-file';
import { profiles, users } from '../db/schema';
import { retireEmailTokens } from '../services/auth/email-tokens';
import { isCommonPassword } from '../services/auth/common-passwords';
import { hashPassword } from '../services/auth/passwords';
import { hasTwoFactor } from '../services/auth/two-factor';

async function main() {
  const [rawEmail, password, firstName = 'Site', lastName = 'Admin'] = process.argv.slice(2);
  const parsed = emailSchema.safeParse(rawEmail ?? '');
  if (!parsed.success || !password) {
    console.error('Usage: npm run admin:create -- <email> <password> [firstName] [lastName]');
    process.exit(2);
  }
  if (password.length < 8) {
    console.error('The password must be at least 8 characters long.');
    process.exit(2);
  }
  if (await isCommonPassword(password)) {
    console.error('That password is one of the most common ones found in data breaches: choose another.');
    process.exit(2);
  }
  const email = parsed.data;
  loadEnvFile();
  const config = loadConfig();
  let database;
  try {
    database = await openDatabase(config);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    // PGlite is one process at a time: the running server holds it.
    console.error(`The running site holds the database in ${config.dataDir}: stop it (Ctrl+C), run this again, then start it (with DATABASE_URL this works while it runs).`);
    process.exit(75);
  }
  try {
    const passwordHash = await hashPassword(password);
    // Promoting an account someone registered: in a public demo its registering browser reads its mail (decision 060),
    // so the account leaves that demo mailbox, and the links mailed before (verification, reset) stop working.
    const { existing, id } = await database.db.transaction(async (tx) => {
      const [found] = await tx.select().from(users).where(eq(users.email, email));
      const id = found
        ? (
            await tx
              .update(users)
              .set({ passwordHash, isEmailVerified: true, tokenVersion: found.tokenVersion + 1, demoMailboxHash: null, updatedAt: new Date() })
              .where(eq(users.id, found.id))
              .returning()
          )[0].id
        : (await tx.insert(users).values({ email, passwordHash, firstName, lastName, isEmailVerified: true, emailVerifiedAt: new Date() }).returning())[0].id;
      if (found) for (const purpose of ['verify', 'reset'] as const) await retireEmailTokens(tx, id, purpose);
      await tx
        .insert(profiles)
        .values({ id, role: 'admin' })
        .onConflictDoUpdate({ target: profiles.id, set: { role: 'admin' } });
      return { existing: found, id };
    });
    console.log(`${existing ? 'Promoted' : 'Created'} admin ${email}. Sign in at /admin/login.`);
    // Admins act only with two-step verification (decision 193): the first sign-in asks for it to be turned on.
    if (!(await hasTwoFactor(database.db, id))) console.log('The first sign-in asks for two-step verification (an authenticator app) before any admin action.');
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
