import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { enqueueMail } from '../mail/outbox';
import { verifyEmailMail } from '../mail/templates/verify-email';
import { issueEmailToken } from './email-tokens';
import { verifyEmailUrl } from './links';

/**
 * Issues a verification link and puts its mail in the outbox, in the caller's transaction. An account made without a
 * trial (its address had one before: trial_expires is its creation time) is not promised one.
 */
export async function sendVerificationMail(tx: DbOrTx, config: Config, user: Pick<UserRow, 'id' | 'email' | 'firstName' | 'trialExpires' | 'createdAt'>): Promise<void> {
  const token = await issueEmailToken(tx, user.id, 'verify');
  const trial = user.trialExpires !== null && user.trialExpires > user.createdAt;
  const mail = verifyEmailMail({ firstName: user.firstName, url: verifyEmailUrl(config, token), trial });
  await enqueueMail(tx, { kind: 'verify-email', to: user.email, ...mail });
}
