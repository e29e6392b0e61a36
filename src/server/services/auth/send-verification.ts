import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { enqueueMail } from '../mail/outbox';
import { verifyEmailMail } from '../mail/templates/verify-email';
import { loadMailTexts, mailLocale } from '../mail/texts';
import { issueEmailToken } from './email-tokens';
import { verifyEmailUrl } from './links';
import { trialDueOnVerification } from './trial';
import type { TrialKey } from './trial-memory';

/**
 * Issues a verification link and puts its mail in the outbox, in the caller's transaction. The mail says the trial
 * starts on verification, or, when the address had its trial before (decision 063), promises none. In the account's
 * language (set at sign-up from the page the visitor used).
 */
export async function sendVerificationMail(
  tx: DbOrTx,
  config: Config,
  keyOf: TrialKey,
  user: Pick<UserRow, 'id' | 'email' | 'firstName' | 'trialExpires' | 'createdAt' | 'language'>,
): Promise<void> {
  const token = await issueEmailToken(tx, user.id, 'verify');
  const trial = await trialDueOnVerification(tx, keyOf, user);
  const locale = mailLocale(user.language);
  await loadMailTexts(locale);
  const mail = verifyEmailMail({ firstName: user.firstName, url: verifyEmailUrl(config, token, locale), trial }, locale);
  await enqueueMail(tx, { kind: 'verify-email', to: user.email, ...mail });
}
