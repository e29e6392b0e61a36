// npm run admin:create -- <email> <password> [firstName] [lastName]: creates an admin, or promotes an existing user.
import { eq } from 'drizzle-orm';
import { email as emailSchema } from '../../shared/schemas/fields';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { profiles, users } from '../db/schema';
import { hashPassword } from '../services/auth/passwords';

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
  const email = parsed.data;
  const database = await openDatabase(loadConfig());
  try {
    const passwordHash = await hashPassword(password);
    const [existing] = await database.db.select().from(users).where(eq(users.email, email));
    const id = existing
      ? (await database.db.update(users).set({ passwordHash, isEmailVerified: true, tokenVersion: existing.tokenVersion + 1, updatedAt: new Date() }).where(eq(users.id, existing.id)).returning())[0].id
      : (await database.db.insert(users).values({ email, passwordHash, firstName, lastName, isEmailVerified: true, emailVerifiedAt: new Date() }).returning())[0].id;
    await database.db.insert(profiles).values({ id, role: 'admin' }).onConflictDoUpdate({ target: profiles.id, set: { role: 'admin' } });
    console.log(`${existing ? 'Promoted' : 'Created'} admin ${email}. Sign in at /admin/login.`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
