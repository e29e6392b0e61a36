import { z } from 'zod';
import { DEVICE_TYPES } from '../constants';
import { MSG } from '../messages';
import { email } from './fields';

export const loginSchema = z.object({
  email,
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(256, MSG.passwordRequired),
  deviceType: z.enum(DEVICE_TYPES).default('web'),
});
export type LoginInput = z.input<typeof loginSchema>;

export const logoutSchema = z.object({ deviceType: z.enum(DEVICE_TYPES).optional() }).optional();

export const refreshSchema = z.object({
  refreshToken: z.string({ error: 'Refresh token is required' }).min(1, 'Refresh token is required').max(512),
});
