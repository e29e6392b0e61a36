import type { Config } from '../../config';

/** The links mailed to users point at the client pages, which call the API. */
export const verifyEmailUrl = (config: Pick<Config, 'publicUrl'>, token: string) => `${config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
export const resetPasswordUrl = (config: Pick<Config, 'publicUrl'>, token: string) => `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
