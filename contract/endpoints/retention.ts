import { endpoint } from '../endpoint.ts';
import { retentionRequest, retentionResponse, setRetentionRequest } from '../retention.ts';

const tags = ['retention'];

/** 'Antworten löschen nach N Tagen' (issue 24): a dialog's retention period. */
export const retentionEndpoints = {
  dialogRetention: endpoint({
    method: 'POST',
    path: '/api/get_retention',
    caller: 'author',
    dialog: 'view',
    tags,
    summary: "How many days after a respondent's last activity the dialog's answers are deleted (null: kept)",
    body: retentionRequest,
    response: retentionResponse,
  }),
  setDialogRetention: endpoint({
    method: 'POST',
    path: '/api/set_retention',
    caller: 'author',
    dialog: 'owner',
    tags,
    summary: "Set 'Antworten löschen nach N Tagen' (1–3650), or null to keep answers (owner only)",
    description:
      'A background job deletes sessions with their messages and answers whose last activity is older, ' +
      'in batches; each run that deletes writes an audit entry.',
    body: setRetentionRequest,
    response: retentionResponse,
  }),
};
