import { exportFileResponse } from '../analytics.ts';
import { auditCsvRequest, auditLogRequest, auditLogResponse, dialogAuditLogRequest } from '../audit.ts';
import { postGroup } from '../endpoint.ts';

const auditCall = postGroup('audit');
const VISIBILITY =
  'Admins see every entry; other authors the entries of the dialogs they own. Entries cannot be ' +
  'changed or deleted through any call.';

/** The audit log (issue 24): who did what, when, from which address. */
export const auditEndpoints = {
  auditLog: auditCall({
    path: '/api/audit/list',
    summary: 'Audit log entries, newest first, filtered and paged',
    description: VISIBILITY,
    body: auditLogRequest,
    response: auditLogResponse,
  }),
  auditLogCsv: auditCall({
    path: '/api/audit/export',
    summary: 'The filtered audit log as CSV',
    description: VISIBILITY,
    body: auditCsvRequest,
    response: exportFileResponse,
    produces: ['text/csv'],
  }),
  dialogAuditLog: auditCall({
    path: '/api/audit/dialog',
    dialog: 'owner',
    summary: "One dialog's audit log entries, newest first (owner only)",
    body: dialogAuditLogRequest,
    response: auditLogResponse,
  }),
};
