import type { NodePosition } from '../../contract/dialogs.ts';
import { badRequest } from '../http/errors.ts';
import type { DialogAccess } from '../sharing/permissions.ts';
import { uniqueBlocks, type WriteCtx, writeContent, writeDialog } from './dialog-write.ts';
import { listBlocks, updateSurvey } from './queries.ts';
import { contentFromRow, markersFromRow } from './rows.ts';

/**
 * POST /api/surveys/{id}/positions: moves blocks and the start and end markers in one transaction, as
 * one drag of each would (a block's version stays, since positions never make an edit stale). Every id
 * is checked before anything is written, so a refused call changes nothing.
 */
export function savePositions(ctx: WriteCtx, access: DialogAccess, positions: readonly NodePosition[]) {
  return writeDialog(ctx, access.survey.id, async (w) => {
    const rows = new Map((await listBlocks(w.db, w.survey.id)).map((r) => [r.unique_question_id, r]));
    const markers = markersFromRow(w.survey);
    const seen = new Set<string>();
    positions.forEach(({ id }, n) => {
      if (seen.has(id)) throw badRequest(`positions.${n}.id: ${id} kommt mehrfach vor`);
      seen.add(id);
      if (!rows.has(id) && !markers.some((m) => m.id === id)) {
        throw badRequest(`positions.${n}.id: unbekannter Knoten ${id}`);
      }
    });

    const written = [];
    let markerMoved = false;
    for (const { id, position } of positions) {
      const row = rows.get(id);
      if (row) {
        written.push(await writeContent(w, row, { ...contentFromRow(row), position }, false));
      } else {
        markers.find((m) => m.id === id)!.position = position;
        markerMoved = true;
      }
    }
    if (markerMoved) await updateSurvey(w.db, w.survey.id, { structure: JSON.stringify(markers) });
    return {
      msg: 'success' as const,
      version: w.survey.version,
      blocks: uniqueBlocks(written, w.survey.survey_id),
      structure: markers,
    };
  });
}
