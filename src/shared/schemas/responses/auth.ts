import { z } from 'zod';
import { publicUserSchema } from './account';
import { envelope } from './envelope';

const accessToken = z.string().describe('The access token (a JWT): send it as `Authorization: Bearer <token>`.');
const refreshToken = z.string().describe('Exchanged once at POST /auth/refresh for a new pair.');

/** POST /auth/login. */
export const loginResultSchema = z.object({
  token: accessToken,
  refreshToken,
  user: publicUserSchema,
  signInProof: z
    .string()
    .describe(
      'Stored by the client and sent as `signInProof` with its next sign-in to this account: its failed sign-ins then count on their own, so strangers guessing the password cannot lock it out.',
    ),
  deviceToken: z.string().describe('Deprecated: the same value as `signInProof`, under its name before the rename, for the clients made before.').meta({ deprecated: true }),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/**
 * POST /auth/login for an account with two-step verification (decision 192): the password was right; no session yet.
 * The client sends a code with `challenge` to POST /auth/login/second-factor before `expiresAt`.
 */
export const secondFactorChallengeSchema = z.object({
  secondFactor: z.object({
    challenge: z.string().describe('Sent back with the code; works for one sign-in, 5 minutes, 5 wrong codes.'),
    methods: z
      .array(z.enum(['totp', 'recovery', 'passkey']))
      .describe('What may answer it: a code of the authenticator, a recovery code, and (after a password, for an account with passkeys) a passkey.'),
    expiresAt: z.string(),
  }),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallengeSchema>;

/** POST /auth/login: a session, or the second step it waits for. */
export const loginReplySchema = z.union([loginResultSchema, secondFactorChallengeSchema]);
export type LoginReply = z.infer<typeof loginReplySchema>;

/** POST /auth/refresh: a new access token and a new refresh token (the old one is spent). */
export const tokenPairSchema = z.object({ token: accessToken, refreshToken });
export type TokenPair = z.infer<typeof tokenPairSchema>;

/** PUT /auth/change-password: every other session ends; this one goes on with a fresh access token. */
export const freshTokenSchema = z.object({ token: accessToken });
export type FreshToken = z.infer<typeof freshTokenSchema>;

/** GET /auth/turnstile-config: whether the forms need a Cloudflare Turnstile token, and the site key to get one. */
export const turnstileConfigSchema = z.object({ enabled: z.boolean(), siteKey: z.string().nullable() });
export type TurnstileConfig = z.infer<typeof turnstileConfigSchema>;

/** GET /auth/verify-email/{token}: the spec's client reads `error` (false means success) and `message`. */
export const verifyEmailDataSchema = z.object({
  email: z.string(),
  alreadyVerified: z.boolean().describe('The link is of an account verified before this call (decision 067).'),
  trialStarted: z.boolean().describe("This call started the account's free trial: what the screen says besides the verification (decision 175)."),
});
export type VerifyEmailData = z.infer<typeof verifyEmailDataSchema>;
export const verifyEmailReply = envelope(verifyEmailDataSchema).extend({ error: z.literal(false) });
