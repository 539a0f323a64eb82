import { exportFileResponse } from '../analytics.ts';
import { auditCsvRequest, auditLogRequest, auditLogResponse, dialogAuditLogRequest } from '../audit.ts';
import { endpoint } from '../endpoint.ts';

const tags = ['audit'];
const VISIBILITY =
  'Admins see every entry; other authors the entries of the dialogs they own. Entries cannot be ' +
  'changed or deleted through any call.';

/** The audit log (issue 24): who did what, when, from which address. */
export const auditEndpoints = {
  auditLog: endpoint({
    method: 'POST',
    path: '/api/audit/list',
    caller: 'author',
    tags,
    summary: 'Audit log entries, newest first, filtered and paged',
    description: VISIBILITY,
    body: auditLogRequest,
    response: auditLogResponse,
  }),
  auditLogCsv: endpoint({
    method: 'POST',
    path: '/api/audit/export',
    caller: 'author',
    tags,
    summary: 'The filtered audit log as CSV',
    description: VISIBILITY,
    body: auditCsvRequest,
    response: exportFileResponse,
    produces: ['text/csv'],
  }),
  dialogAuditLog: endpoint({
    method: 'POST',
    path: '/api/audit/dialog',
    caller: 'author',
    dialog: 'owner',
    tags,
    summary: "One dialog's audit log entries, newest first (owner only)",
    body: dialogAuditLogRequest,
    response: auditLogResponse,
  }),
};
