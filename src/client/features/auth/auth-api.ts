import type { ProfileInput } from '../../../shared/schemas/account';
import type { ChangePasswordInput, RegisterInput } from '../../../shared/schemas/auth';
import type { SessionsData, UserData } from '../../../shared/schemas/responses/account';
import type { FreshToken, TurnstileConfig, VerifyEmailData } from '../../../shared/schemas/responses/auth';
import { api, request, tokens } from '../../api/client';

/** The account calls of the spec's table (§7) and the sessions list. Each returns the server's message. */
export const authApi = {
  /** The same answer for a new address and one that already has an account (its owner is told by mail). */
  register: (body: RegisterInput) => api.post<null>('/auth/register', body),
  resendVerification: (email: string) => api.post<null>('/auth/resend-verification', { email: email.trim().toLowerCase() }),
  forgotPassword: (email: string) => api.post<null>('/auth/forgot-password', { email: email.trim().toLowerCase() }),
  resetPassword: (token: string, password: string, confirmPassword: string) => api.post<null>('/auth/reset-password', { token, password, confirmPassword }),
  /** GET /auth/verify-email/{token}: `error` false means success (spec §7); a link of a verified account says so. */
  verifyEmail: (token: string) => request<VerifyEmailData>(`/auth/verify-email/${encodeURIComponent(token)}`, { auth: false }),
  turnstileConfig: () => api.get<TurnstileConfig>('/auth/turnstile-config'),
  updateProfile: (body: ProfileInput) => api.put<UserData>('/auth/profile', body),
  /** The server ends every other session and answers a fresh access token for this one. */
  changePassword: async (body: ChangePasswordInput) => {
    const res = await api.put<FreshToken>('/auth/change-password', body);
    const refresh = tokens.refresh;
    if (refresh) tokens.set(res.data.token, refresh);
    return res;
  },
  deleteAccount: () => api.delete<null>('/auth/account'),
  sessions: () => api.get<SessionsData>('/auth/sessions'),
  signOutSession: (id: string) => api.delete<null>(`/auth/sessions/${id}`),
  signOutOthers: () => api.post<null>('/auth/sessions/revoke-others'),
};
