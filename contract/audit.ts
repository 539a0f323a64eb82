import { z } from 'zod';
import { surveyIdSchema } from './dialogs.ts';
import { rowIdSchema } from './fields.ts';

/** The audit log's actions (server/audit/actions.ts says which call writes which). */
export const AUDIT_ACTIONS = [
  'login_succeeded',
  'login_failed',
  'password_changed',
  'password_reset',
  'email_change_requested',
  'email_confirmed',
  'user_created',
  'user_disabled',
  'user_deleted',
  'password_expired',
  'reset_link_sent',
  'invitation_sent',
  'invitation_resent',
  'invitation_accepted',
  'invitation_declined',
  'role_changed',
  'member_removed',
  'export',
  'respondent_deleted',
  'dialog_deleted',
  'retention_changed',
  'retention_run',
  'api_key_created',
  'api_key_revoked',
  'api_key_used',
  'version_published',
  'version_restored',
  'version_mode_changed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_PAGE_MAX = 500;

/** Filters of the log; before_id pages backwards (newest first). */
export const auditFilter = z.object({
  action: z.enum(AUDIT_ACTIONS).optional(),
  actor: z.string().trim().max(200, 'höchstens 200 Zeichen').optional(),
  from: z.number().int().min(0).optional(),
  to: z.number().int().min(0).optional(),
  before_id: rowIdSchema.optional(),
  limit: z.number().int().min(1).max(AUDIT_PAGE_MAX).default(100),
});
export type AuditFilter = z.infer<typeof auditFilter>;

export const auditLogRequest = auditFilter.extend({ survey_id: surveyIdSchema.optional() });
export const dialogAuditLogRequest = auditFilter.extend({ survey_id: surveyIdSchema });
export const auditCsvRequest = auditLogRequest.omit({ before_id: true, limit: true });

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.number(),
  actor_id: z.number().nullable(),
  actor_name: z.string(),
  address: z.string(),
  action: z.string(),
  survey_id: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogResponse = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as before_id for the next (older) page; null on the last page. */
  next_before_id: z.number().nullable(),
});
