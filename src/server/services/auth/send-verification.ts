import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { enqueueMail } from '../mail/outbox';
import { verifyEmailMail } from '../mail/templates/verify-email';
import { issueEmailToken } from './email-tokens';
import { verifyEmailUrl } from './links';

/** Issues a verification link and puts its mail in the outbox, in the caller's transaction. */
export async function sendVerificationMail(tx: DbOrTx, config: Config, user: { id: string; email: string; firstName: string }): Promise<void> {
  const token = await issueEmailToken(tx, user.id, 'verify');
  const mail = verifyEmailMail({ firstName: user.firstName, url: verifyEmailUrl(config, token) });
  await enqueueMail(tx, { kind: 'verify-email', to: user.email, ...mail });
}
