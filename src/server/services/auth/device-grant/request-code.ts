import { sql } from 'drizzle-orm';
import { DEVICE_GRANT, DEVICES } from '#shared/constants';
import { isLocale } from '#shared/i18n/locales';
import { LINK_LANG_PARAM } from '#shared/pages';
import { formatUserCode } from '#shared/schemas/device-grant';
import type { DeviceCodeResponse } from '#shared/schemas/responses/device-grant';
import type { AppContext } from '#server/context';
import { isUniqueViolation } from '#server/db/errors';
import { deviceGrants } from '#server/db/schema';
import { randomToken, sha256 } from '#server/lib/crypto';
import { newUserCode, programText } from './codes';

/**
 * RFC 8628 §3.1–3.2: a device code (32 random bytes) and a user code for the program; only their hashes are kept.
 * Grants expired for a day are deleted on the way (nothing reads them any more), which keeps the user codes that can
 * collide few; a collision draws again.
 */
export async function requestDeviceCode(ctx: Pick<AppContext, 'db' | 'config'>, body: Record<string, unknown>, meta: { ip: string; place?: string }): Promise<DeviceCodeResponse> {
  const deviceName = programText(body.device_name, DEVICES.nameMax, 'device_name');
  const deviceOs = programText(body.device_os, DEVICES.osMax, 'device_os');
  const locale = typeof body.ui_locales === 'string' ? body.ui_locales.split(/\s+/).find(isLocale) : undefined;
  await ctx.db.delete(deviceGrants).where(sql`${deviceGrants.expiresAt} < now() - interval '1 day'`);
  const deviceCode = randomToken(32);
  for (let attempt = 0; ; attempt++) {
    const userCode = newUserCode();
    try {
      await ctx.db.insert(deviceGrants).values({
        deviceCodeHash: sha256(deviceCode),
        userCodeHash: sha256(userCode),
        deviceName,
        deviceOs,
        intervalSeconds: DEVICE_GRANT.intervalSeconds,
        ip: meta.ip,
        place: meta.place ?? '',
        expiresAt: sql`now() + ${DEVICE_GRANT.lifetimeSeconds} * interval '1 second'`,
      });
    } catch (err) {
      if (isUniqueViolation(err) && attempt < 4) continue;
      throw err;
    }
    const verificationUri = `${ctx.config.publicUrl}${DEVICE_GRANT.verificationPath}`;
    const shown = formatUserCode(userCode);
    return {
      device_code: deviceCode,
      user_code: shown,
      verification_uri: verificationUri,
      verification_uri_complete: `${verificationUri}?code=${shown}${locale ? `&${LINK_LANG_PARAM}=${locale}` : ''}`,
      expires_in: DEVICE_GRANT.lifetimeSeconds,
      interval: DEVICE_GRANT.intervalSeconds,
    };
  }
}
