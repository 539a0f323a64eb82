import { postGroup } from '../endpoint.ts';
import { retentionRequest, retentionResponse, setRetentionRequest } from '../retention.ts';

const retentionCall = postGroup('retention');

/** 'Antworten löschen nach N Tagen' (issue 24): a dialog's retention period. */
export const retentionEndpoints = {
  dialogRetention: retentionCall({
    path: '/api/get_retention',
    dialog: 'view',
    summary: "How many days after a respondent's last activity the dialog's answers are deleted (null: kept)",
    body: retentionRequest,
    response: retentionResponse,
  }),
  setDialogRetention: retentionCall({
    path: '/api/set_retention',
    dialog: 'owner',
    summary: "Set 'Antworten löschen nach N Tagen' (1–3650), or null to keep answers (owner only)",
    description:
      'A background job deletes sessions with their messages and answers whose last activity is older, ' +
      'in batches; each run that deletes writes an audit entry.',
    body: setRetentionRequest,
    response: retentionResponse,
  }),
};
