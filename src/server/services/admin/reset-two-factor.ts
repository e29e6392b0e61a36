import { and, eq, isNull } from 'drizzle-orm';
import { userTimeZone } from '#shared/dates';
import type { AppContext } from '../../context';
import { sessions } from '../../db/schema';
import { conflict, forbidden } from '../../lib/errors';
import { securitySettingsUrl } from '../auth/links';
import { recordSecurityEvent } from '../auth/security-log';
import { revokeOtherSessions } from '../auth/sessions';
import { confirmedFactor, recoveryCodesLeft } from '../auth/two-factor';
import { cancelOpenRecovery, removeTwoFactor } from '../auth/two-factor-recovery';
import { enqueueMail } from '../mail/outbox';
import { twoFactorResetByAdminMail } from '../mail/templates/two-factor-recovery';
import { loadMailTexts, mailLocale } from '../mail/texts';
import { recordAdminAction, type AuditActor } from './audit';
import { lockCustomer } from './lock-customer';

/**
 * The last rung of the recovery ladder (decision 201): an admin, behind step-up and with a written reason, turns off a
 * customer's two-step verification. The authenticator and the recovery codes go (passkeys stay), a recovery waiting by
 * e-mail ends, every session ends; the customer is told by mail and in the security log. The password is never read,
 * set or shown, nor is anything of the factors. Never the admin's own account. The audit row, with what was there
 * before and after, is written in the same transaction.
 */
export async function adminResetTwoFactor(ctx: Pick<AppContext, 'db' | 'config'>, admin: AuditActor, userId: string, reason: string, now = new Date()): Promise<string> {
  if (admin.id === userId) throw forbidden('OWN_TWO_FACTOR_RESET');
  return ctx.db.transaction(async (tx) => {
    const user = await lockCustomer(tx, userId);
    if (!(await confirmedFactor(tx, userId))) throw conflict('TWO_FACTOR_NOT_ON');
    const codesLeft = await recoveryCodesLeft(tx, userId);
    const live = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    await removeTwoFactor(tx, userId);
    const recoveryCancelled = await cancelOpenRecovery(tx, userId, 'admin-reset', {}, now);
    await revokeOtherSessions(tx, userId, null, 'two_factor_reset_by_admin');
    // The customer's log names the support team, not the admin or where they work from.
    await recordSecurityEvent(tx, userId, 'two-factor-reset-by-admin', {}, 'support');
    const locale = mailLocale(user.language);
    await loadMailTexts(locale);
    const mail = twoFactorResetByAdminMail(
      { firstName: user.firstName, when: now, timeZone: userTimeZone(user.timezone), settingsUrl: securitySettingsUrl(ctx.config, locale) },
      locale,
    );
    await enqueueMail(tx, { kind: 'two-factor-reset-by-admin', to: user.email, ...mail });
    const row = await recordAdminAction(tx, {
      admin,
      action: 'user.reset_two_factor',
      targetUserId: userId,
      reason,
      details: {
        twoFactorBefore: 'on',
        twoFactorAfter: 'off',
        recoveryCodesBefore: codesLeft,
        recoveryCodesAfter: 0,
        sessionsEnded: live.length,
        emailRecoveryCancelled: recoveryCancelled,
      },
    });
    return row.id;
  });
}
