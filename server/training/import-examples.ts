import {
  EXAMPLE_MAX,
  IMPORT_MAX_ROWS,
  type ImportExamplesRequest,
  type ImportExamplesResponse,
} from '../../contract/training.ts';
import type { AppContext } from '../context.ts';
import { badRequest } from '../http/errors.ts';
import type { DialogAccess } from '../sharing/permissions.ts';
import { branchOf, type OpenTextContent, trainableBlock } from './branches.ts';
import { parseCsvRows } from './datasets.ts';
import { checkNewExamples } from './duplicates.ts';
import * as queries from './example-queries.ts';

/**
 * Many examples at once (POST /api/training/import_examples): pasted lines into one branch, or a
 * `label,text` CSV into the block. Every row is read and checked before anything is saved: a bad row
 * refuses the import naming its line; repeats of an example of the same branch are skipped, and
 * examples like one of another branch are reported (checkNewExamples), so a dry run shows it all first.
 */

interface Row {
  line: number;
  branch: string;
  text: string;
}

const refuse = (line: number, rule: string) => badRequest(`text: Zeile ${line}: ${rule}`);

function readRows(req: ImportExamplesRequest, block: OpenTextContent): Row[] {
  let raw: { line: number; label: string; text: string }[];
  if (req.format === 'lines') {
    const branch = req.branch ?? '';
    raw = req.text
      .split(/\r?\n/)
      .map((text, i) => ({ line: i + 1, label: branch, text: text.trim() }))
      .filter((r) => r.text !== '');
  } else {
    try {
      raw = parseCsvRows(req.text);
    } catch (error) {
      throw badRequest(`text: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (raw.length === 0) throw badRequest('text: enthält kein Beispiel');
  if (raw.length > IMPORT_MAX_ROWS)
    throw badRequest(`text: höchstens ${IMPORT_MAX_ROWS} Beispiele auf einmal`);
  return raw.map((r) => {
    if (r.text.length > EXAMPLE_MAX) throw refuse(r.line, `höchstens ${EXAMPLE_MAX} Zeichen`);
    const field = req.format === 'lines' ? 'branch' : `text: Zeile ${r.line}`;
    return { line: r.line, branch: branchOf(block, r.label, field), text: r.text };
  });
}

export async function importExamples(
  ctx: AppContext,
  access: DialogAccess,
  req: ImportExamplesRequest,
): Promise<ImportExamplesResponse> {
  const surveyId = access.survey.id;
  return ctx.db.transaction().execute(async (db) => {
    const block = await trainableBlock(db, surveyId, req.unique_question_id);
    const rows = readRows(req, block);
    const existing = await queries.listExamples(db, surveyId, req.unique_question_id);
    const checked = checkNewExamples(existing, rows);
    const report = rows.map((r, i) => ({ ...r, ...checked[i]! }));
    let added = 0;
    if (!req.dry_run) {
      for (const r of report) {
        if (r.status === 'duplicate') continue;
        await queries.insertExample(db, {
          survey_id: surveyId,
          unique_question_id: req.unique_question_id,
          branch: r.branch,
          text: r.text,
          source: 'author',
          created_at: ctx.now(),
        });
        added++;
      }
    }
    return { rows: report, added };
  });
}
