import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints/index.ts';
import { auditCsv } from '../audit/csv.ts';
import { auditEntriesForExport, auditLog, dialogAuditLog } from '../audit/service.ts';
import type { AppContext } from '../context.ts';
import { serve } from './serve.ts';

/** The audit log (issue 24). */
export function registerAuditRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, endpoints.auditLog, ({ principal, body }) => auditLog(ctx, principal.id, body));
  serve(app, ctx, endpoints.dialogAuditLog, ({ access, body }) => dialogAuditLog(ctx, access, body));
  serve(app, ctx, endpoints.auditLogCsv, async ({ principal, body, raw }) => {
    const csv = auditCsv(await auditEntriesForExport(ctx, principal.id, body));
    return raw.reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="protokoll.csv"')
      .send(csv);
  });
}
