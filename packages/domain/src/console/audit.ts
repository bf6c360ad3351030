// Zod contract of the audit log (issue 14 section 8, admins only): who
// changed what and when, with the record before and after.
import { z } from 'zod';

export const auditPageMax = 200;
export const auditPageDefault = 50;

/**
 * GET /api/admin/audit?entity=&limit=&before= : newest first. `before` is the
 * id of the last entry of the previous page (exact, as one transaction's
 * entries share a time) or an ISO date-time.
 */
export const auditQuerySchema = z.object({
  entity: z.string().trim().min(1).max(100).optional(),
  limit: z.coerce
    .number({ error: `limit must be a whole number between 1 and ${auditPageMax}` })
    .int({ error: `limit must be a whole number between 1 and ${auditPageMax}` })
    .min(1, { error: `limit must be a whole number between 1 and ${auditPageMax}` })
    .max(auditPageMax, { error: `limit must be a whole number between 1 and ${auditPageMax}` })
    .default(auditPageDefault),
  before: z
    .union([z.uuid(), z.iso.datetime({ offset: true })], {
      error: 'before must be an audit entry id or an ISO date-time, e.g. 2026-11-23T13:00:00Z',
    })
    .optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;
export const auditEntryListSchema = z.array(auditEntrySchema);
