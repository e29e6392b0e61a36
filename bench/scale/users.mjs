// The accounts the load runs sign in with: one verified user per virtual client, written straight into the
// database before the run (argon2id hashed once for all of them).
import pg from 'pg';

/**
 * Creates `count` verified users `${prefix}-${i}@example.com` with `password`; `extra(client, userId, i)` may add
 * rows of its own for each (a subscription, say). Returns their credentials.
 */
export async function createLoadUsers(databaseUrl, { count, prefix, firstName, password, extra = async () => {} }) {
  const { hash } = await import('@node-rs/argon2');
  const passwordHash = await hash(password);
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const users = [];
  try {
    for (let i = 0; i < count; i++) {
      const email = `${prefix}-${i}@example.com`;
      const { rows } = await c.query(
        `insert into users (email, password_hash, first_name, last_name, is_email_verified, email_verified_at, trial_expires)
         values ($1, $2, $3, 'User', true, now(), now() + interval '1 day') returning id`,
        [email, passwordHash, firstName],
      );
      await c.query(`insert into profiles (id, role) values ($1, 'user')`, [rows[0].id]);
      await extra(c, rows[0].id, i);
      users.push({ email, password });
    }
  } finally {
    await c.end();
  }
  return users;
}
