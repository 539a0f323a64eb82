import type { AppContext } from '../../context.ts';
import type { SurveyRow } from '../../sharing/permissions.ts';
import { type AnalyticsBlock, takesInput } from '../blocks.ts';
import { answeredValues } from '../queries/export.ts';

/** The columns of the Antworten sheet (and the CSV file): who answered when, then one or more per block. */

/** 'Nr.' is the respondent's number as Analyse shows it (per mode: live and test chats count apart). */
/** 'Version': the dialog's version the session ran on (server/versions). */
export const FIXED_HEADERS = ['Nr.', 'Modus', 'Beginn', 'Ende', 'Dauer (s)', 'Version'];
/**
 * A multi-dialog chat's sheets add, after 'Nr.', who played (the participant: the same in every
 * dialog of the game, also after a restart; empty for an author's test chat) and which play it was (the
 * manager session, one per start of the game): the columns that link one player's rows across the sheets.
 */
export const GAME_HEADERS = ['Spieler', 'Spiel'];

/**
 * What a column holds of its block: the answer as given (multiple choices and repeats joined by ', '),
 * a Likert answer's value (its score: 1 for the first point, reversed for an inverse scale; empty for
 * 'keine Angabe'), 1 or 0 for one option of a multiple choice (empty when the block was not answered),
 * the branch a free-text answer took ('keiner davon' when none) and how sure the routing was (0 to 1),
 * or the follow-up answers.
 */
export type Part =
  | { kind: 'answer' }
  | { kind: 'score' }
  | { kind: 'option'; option: string }
  | { kind: 'branch' }
  | { kind: 'confidence' }
  | { kind: 'followup' };

export interface Column {
  header: string;
  block: AnalyticsBlock;
  part: Part;
}

/**
 * The options respondents chose in each multiple choice of the dialog that the block no longer offers
 * (removed since), sorted: Analyse still counts them, so the export keeps their 0/1 columns too.
 */
async function removedOptions(
  ctx: Pick<AppContext, 'db'>,
  survey: SurveyRow,
  blocks: readonly AnalyticsBlock[],
) {
  const offered = new Map(
    blocks
      .filter((b) => b.block.type === 'multiple_choice')
      .map((b) => [b.block.unique_question_id, new Set(b.block.options)]),
  );
  const removed = new Map<string, string[]>();
  if (offered.size === 0) return removed;
  const chosen = await answeredValues(ctx.db, survey.id, [...offered.keys()]);
  for (const { unique_question_id: id, value } of chosen) {
    if (offered.get(id)!.has(value)) continue;
    const list = removed.get(id);
    if (list) list.push(value);
    else removed.set(id, [value]);
  }
  for (const list of removed.values()) list.sort((a, b) => a.localeCompare(b, 'de'));
  return removed;
}

/** The column of the branch a free-text answer took, and the name of 'none of the branches' in it. */
export const BRANCH_HEADER = 'Zweig';
export const NO_BRANCH = 'keiner davon';

/**
 * One column per input block with the answer as given; beside it, for statistics software, a Likert
 * block's value, a multiple choice's options as 0/1 columns (options removed since they were chosen
 * after the offered ones) and a free-text block's branch and confidence; then the follow-up answers if
 * it asks one.
 */
export async function columnsOf(
  ctx: Pick<AppContext, 'db'>,
  survey: SurveyRow,
  blocks: readonly AnalyticsBlock[],
): Promise<Column[]> {
  const removed = await removedOptions(ctx, survey, blocks);
  return blocks.filter(takesInput).flatMap((block) => {
    const b = block.block;
    const columns: Column[] = [{ header: block.header, block, part: { kind: 'answer' } }];
    if (b.type === 'likert')
      columns.push({ header: `${block.header} (Wert)`, block, part: { kind: 'score' } });
    if (b.type === 'multiple_choice') {
      for (const option of [...b.options, ...(removed.get(b.unique_question_id) ?? [])]) {
        columns.push({ header: `${block.header}: ${option}`, block, part: { kind: 'option', option } });
      }
    }
    if (b.type === 'open_text' && b.options.length > 0) {
      columns.push({ header: `${block.header} (${BRANCH_HEADER})`, block, part: { kind: 'branch' } });
      columns.push({ header: `${block.header} (Konfidenz)`, block, part: { kind: 'confidence' } });
    }
    if (b.nachfrage.trim() !== '') {
      columns.push({ header: `${block.header} (Nachfrage)`, block, part: { kind: 'followup' } });
    }
    return columns;
  });
}

/** The key a column is found by from an answers row: block, part and, for an option column, the option. */
export const columnKey = (questionId: string, part: Part) =>
  `${questionId}|${part.kind}${part.kind === 'option' ? `|${part.option}` : ''}`;

/** A dialog of the export with its columns. */
export interface DialogColumns {
  survey: SurveyRow;
  /** The dialog's hidden fields, one column each (headed by the name) before the blocks' columns. */
  hidden: readonly string[];
  columns: Column[];
}

/** The headers of the Antworten sheet after the fixed ones: the hidden fields', then the blocks'. */
export const variableHeaders = (d: DialogColumns) => [...d.hidden, ...d.columns.map((c) => c.header)];
