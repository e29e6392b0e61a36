import { desc, eq } from 'drizzle-orm';
import { outbox } from '../db/schema';
import type { TestApp } from './harness';

/** The newest mail to an address in the outbox, as the /dev/mailbox page would show it. */
export async function lastMailTo(t: TestApp, to: string, kind?: string) {
  const rows = await t.db.select().from(outbox).where(eq(outbox.toAddress, to)).orderBy(desc(outbox.createdAt));
  return rows.find((r) => !kind || r.kind === kind);
}

/** The token of the link in the newest mail of that kind (a verification, a reset, an e-mail change's confirmation or notice, a recovery's, a new sign-in's). */
export async function tokenFromMail(
  t: TestApp,
  to: string,
  kind: 'verify-email' | 'password-reset' | 'email-change-confirm' | 'email-change-notice' | 'two-factor-recovery-requested' | 'two-factor-recovery-ready' | 'new-sign-in',
): Promise<string> {
  const mail = await lastMailTo(t, to, kind);
  if (!mail) throw new Error(`no ${kind} mail to ${to}`);
  const match = mail.text.match(/[?&]token=([^\s&]+)/);
  if (!match) throw new Error('no token link in the mail');
  return decodeURIComponent(match[1]);
}
