import { z } from 'zod';
import { issue } from '../errors';
import { SECURITY_EVENT_KINDS } from '../security-log';
import { isoTime } from './responses/envelope';

/** One event of the account's security log, as its owner sees it. */
export const securityEventSchema = z
  .object({
    id: z.string(),
    kind: z.enum(SECURITY_EVENT_KINDS),
    at: isoTime,
    detail: z.string().describe('What the kind names: the sign-in method, the passkey or device name, the new address.'),
    browser: z.string(),
    os: z.string(),
    ip: z.string(),
    place: z.string().describe("City and country from the CDN's headers, or empty."),
  })
  .meta({ id: 'SecurityEvent' });
export type SecurityEventDto = z.infer<typeof securityEventSchema>;

export const securityLogData = z.object({
  events: z.array(securityEventSchema),
  next: z.string().nullable().describe('Give as `before` for the page after; null on the last page.'),
});
export type SecurityLogData = z.infer<typeof securityLogData>;

/** GET /auth/security-log?before=: the page after the event named. */
export const securityLogQuery = z.object({ before: z.uuid({ error: issue('INVALID_REQUEST') }).optional() });
