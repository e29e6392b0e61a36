import { z } from 'zod';
import { ADMIN_ACTION_NAMES } from '../../admin-actions';
import { isoTime, paginationSchema } from './envelope';

/** One row of the admin audit log as the audit page shows it. */
export const auditEntrySchema = z
  .object({
    id: z.string(),
    createdAt: isoTime,
    action: z.enum(ADMIN_ACTION_NAMES),
    admin: z.object({ id: z.string(), email: z.string().describe('The e-mail the admin had when acting.') }),
    target: z
      .object({ id: z.string(), email: z.string().nullable().describe('null: the account was deleted since.'), name: z.string().nullable() })
      .nullable()
      .describe('The customer the action was about.'),
    reason: z.string(),
    details: z.record(z.string(), z.unknown()).describe('What changed: ids, amounts in paise, dates before and after.'),
  })
  .meta({ id: 'AdminAuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogSchema = z.object({ entries: z.array(auditEntrySchema), pagination: paginationSchema });
export type AuditLog = z.infer<typeof auditLogSchema>;
