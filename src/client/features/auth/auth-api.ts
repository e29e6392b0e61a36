import { auth } from '#shared/endpoints/auth';
import type { BodyOf } from '#shared/endpoints/endpoint';
import { call, load, tokens } from '../../api/client';

/** The account calls of the spec's table (§7) and the sessions list. Each returns the server's message. */
export const authApi = {
  /** The same answer for a new address and one that already has an account (its owner is told by mail). */
  register: (body: BodyOf<typeof auth.register>) => call(auth.register, { body }),
  resendVerification: (email: string) => call(auth.resendVerification, { body: { email: email.trim().toLowerCase() } }),
  forgotPassword: (email: string) => call(auth.forgotPassword, { body: { email: email.trim().toLowerCase() } }),
  resetPassword: (token: string, password: string, confirmPassword: string) => call(auth.resetPassword, { body: { token, password, confirmPassword } }),
  /** GET /auth/verify-email/{token}: `error` false means success; a link of a verified account says so. */
  verifyEmail: (token: string) => call(auth.verifyEmail, { params: { token }, auth: false }),
  turnstileConfig: () => load(auth.turnstileConfig),
  updateProfile: (body: BodyOf<typeof auth.updateProfile>) => call(auth.updateProfile, { body }),
  /** The server ends every other session and answers a fresh access token for this one. */
  changePassword: async (body: BodyOf<typeof auth.changePassword>) => {
    const res = await call(auth.changePassword, { body });
    const refresh = tokens.refresh;
    if (refresh) tokens.set(res.data.token, refresh);
    return res;
  },
  /** The account's password goes with it (decision 104). */
  deleteAccount: (password: string) => call(auth.deleteAccount, { body: { password } }),
  sessions: () => load(auth.sessions),
  signOutSession: (id: string) => call(auth.signOutSession, { params: { id } }),
  signOutOthers: () => call(auth.signOutOthers),
};
