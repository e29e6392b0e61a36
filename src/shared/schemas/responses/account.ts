import { z } from 'zod';
import { DEVICE_TYPES } from '../../constants';
import { isoTime } from './envelope';

/** The user as the API shows it: never the password hash or the token version. */
export const publicUserSchema = z
  .object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    company: z.string().nullable(),
    designation: z.string().nullable(),
    lastLoginAt: isoTime.nullable(),
    isEmailVerified: z.boolean(),
    subscriptionPlan: z.string(),
    subscriptionStatus: z.string(),
    isOnTrial: z.boolean(),
    trialExpires: isoTime.nullable(),
    role: z.enum(['user', 'admin']),
    createdAt: isoTime,
    address: z.object({ street: z.string(), city: z.string(), state: z.string(), country: z.string(), pincode: z.string() }),
    preferences: z.object({ emailNotifications: z.boolean(), smsNotifications: z.boolean(), timezone: z.string(), language: z.string() }),
  })
  .meta({ id: 'User' });
export type PublicUser = z.infer<typeof publicUserSchema>;

/** One row of the active-sessions list (Settings, Security). */
export const activeSessionSchema = z.object({
  id: z.string(),
  deviceType: z.enum(DEVICE_TYPES),
  browser: z.string(),
  os: z.string(),
  place: z.string(),
  createdAt: isoTime,
  lastSeenAt: isoTime,
  current: z.boolean().describe('The session this call is made with.'),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

/** A usage report of the desktop program. */
export const usageItemSchema = z.object({ feature: z.string(), description: z.string(), quantity: z.number().int(), usageDate: isoTime });
export type UsageItem = z.infer<typeof usageItemSchema>;

export const userData = z.object({ user: publicUserSchema });
export type UserData = z.infer<typeof userData>;

export const sessionsData = z.object({ sessions: z.array(activeSessionSchema) });
export type SessionsData = z.infer<typeof sessionsData>;

/** GET /users/dashboard: the user and their latest usage reports. */
export const dashboardData = z.object({ user: publicUserSchema, recentUsage: z.array(usageItemSchema) });
export type DashboardData = z.infer<typeof dashboardData>;

export const usageData = z.object({ usage: usageItemSchema });

/** POST /usage with a batch: how many reports it added, under which key, when; a batch sent again gets the same. */
export const usageBatchData = z
  .object({ idempotencyKey: z.string(), accepted: z.number().int().describe('Reports recorded by this batch.'), receivedAt: isoTime })
  .meta({ id: 'UsageBatchAccepted' });
export type UsageBatchData = z.infer<typeof usageBatchData>;

/** POST /usage: the batch's receipt, or the one report recorded. */
export const usageReportData = z.union([usageBatchData, usageData]);
