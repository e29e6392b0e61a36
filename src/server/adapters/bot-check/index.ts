import { AppError } from '../../lib/errors';

export const SITEVERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

export type BotCheck = {
  enabled: boolean;
  /** Public, sent to the browser to render the widget. */
  siteKey: string | null;
  /** Throws the spec's 400 when the token is missing or Cloudflare refuses it; does nothing when the check is off. */
  verify: (token: string | undefined, remoteIp: string) => Promise<void>;
};

type SiteverifyAnswer = { success: boolean; 'error-codes'?: string[] };

/** Cloudflare Turnstile when both keys are configured, otherwise off (R-D2). */
export function createBotCheck(config: { TURNSTILE_SITE_KEY?: string; TURNSTILE_SECRET_KEY?: string }, fetchImpl: typeof fetch = (...a) => fetch(...a)): BotCheck {
  const secret = config.TURNSTILE_SECRET_KEY;
  if (!config.TURNSTILE_SITE_KEY || !secret) return { enabled: false, siteKey: null, verify: async () => {} };
  return {
    enabled: true,
    siteKey: config.TURNSTILE_SITE_KEY,
    async verify(token, remoteIp) {
      if (!token) throw new AppError('VALIDATION_ERROR', 'BOT_CHECK_REQUIRED');
      let answer: SiteverifyAnswer;
      try {
        const res = await fetchImpl(SITEVERIFY_URL, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ secret, response: token, remoteip: remoteIp }),
          signal: AbortSignal.timeout(8000),
        });
        answer = (await res.json()) as SiteverifyAnswer;
      } catch {
        throw new AppError('VALIDATION_ERROR', 'BOT_CHECK_FAILED', { params: { reason: 'the verification service did not answer' } });
      }
      if (!answer.success) {
        const reason = answer['error-codes']?.join(', ') || 'unknown error';
        throw new AppError('VALIDATION_ERROR', 'BOT_CHECK_FAILED', { params: { reason } });
      }
    },
  };
}
