import { format } from 'date-fns/format';
import { type ExportRequest, exportRequest } from '../../../contract/analytics.ts';
import { safeFileName } from '../../../contract/analytics-files.ts';
import { endpoints } from '../../../contract/endpoints/index.ts';
import { authorApi } from '../../api/clients.ts';
import { saveFile } from '../../lib/save-file.ts';

/** What an export is for: one dialog or the dialogs of a multi-dialog chat. */
export type ExportTarget = { survey_id: string } | { dialog_manager_id: number };

/**
 * The export (POST /api/excel_export) as a file download. It needs a fresh token: on 401 (SPEC §8: 'Fresh
 * token required', or any 401 of the export) the author client stores this route and the request (format and filters included) and
 * goes to /login_refresh (web/api/clients.ts); after signing in the app returns here with the request
 * as navigation state `{ replay }`, and pendingExport finds it so the screen finishes the export.
 */
export async function runExport(request: ExportRequest, fileStem: string): Promise<void> {
  const blob = await authorApi.call(endpoints.excelExport, request, {
    responseType: 'blob',
    reloginOn401: true,
  });
  saveFile(blob, `${fileStem}.${request.format ?? 'xlsx'}`);
}

/**
 * 'Analyse_Kundenumfrage_2024-05-01': the name as the server names the file (safeFileName: safe Unicode
 * such as the en dash stays), spaces as '_'.
 */
export function exportFileStem(name: string, now: Date): string {
  const safe = safeFileName(name, 'Dialog').replaceAll(' ', '_');
  return `Analyse_${safe}_${format(now, 'yyyy-MM-dd')}`;
}

const sameTarget = (request: ExportRequest, target: ExportTarget) =>
  'survey_id' in target
    ? request.survey_id === target.survey_id
    : request.dialog_manager_id === target.dialog_manager_id;

/**
 * The export to finish after a re-login: the navigation state LoginRefreshScreen sets, if it is an
 * export of this screen's dialog (or game) that the contract accepts.
 */
export function pendingExport(state: unknown, target: ExportTarget): ExportRequest | null {
  if (typeof state !== 'object' || state === null || !('replay' in state)) return null;
  const replay = state.replay as { method?: unknown; path?: unknown; body?: unknown } | null;
  if (replay?.method !== 'POST' || replay.path !== endpoints.excelExport.path) return null;
  const parsed = exportRequest.safeParse(replay.body);
  if (!parsed.success) return null;
  const request: ExportRequest = parsed.data;
  return sameTarget(request, target) ? request : null;
}
