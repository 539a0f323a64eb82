import { type Kysely, sql } from 'kysely';

/**
 * Likert answers scored as their block is now (server/dialogs/rescore-likert.ts does this on every later
 * change): before, a scale's inverse switched or its points reordered after respondents answered left
 * their stored values in the old scoring. Scores as the chat gives them: 1 for the first point up to the
 * number of points, reversed for an inverse scale; none for a label not on the scale.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live Database type
type AnyDb = Kysely<any>;

interface Scale {
  options: string[];
  inverse: number;
}

function scaleOf(data: string): Scale | null {
  try {
    const parsed = JSON.parse(data) as { options?: unknown; inverse?: unknown };
    const options = Array.isArray(parsed.options) ? parsed.options.filter((o) => typeof o === 'string') : [];
    return options.length === 0 ? null : { options, inverse: parsed.inverse === 1 ? 1 : 0 };
  } catch {
    return null;
  }
}

export async function up(db: AnyDb): Promise<void> {
  const blocks = await db
    .selectFrom('blocks')
    .select(['survey_id', 'unique_question_id', 'data'])
    .where('type', '=', 'likert')
    .execute();
  for (const block of blocks) {
    const scale = scaleOf(block.data as string);
    if (!scale) continue;
    const n = scale.options.length;
    const cases = scale.options.map(
      (label, i) => sql`when value = ${label} then ${sql.lit(scale.inverse === 1 ? n - i : i + 1)}`,
    );
    await db
      .updateTable('answers')
      .set({ value_num: sql`case ${sql.join(cases, sql` `)} else null end` })
      .where('survey_id', '=', block.survey_id)
      .where('unique_question_id', '=', block.unique_question_id)
      .where('kind', '=', 'answer')
      .execute();
  }
}

export async function down(): Promise<void> {
  // The values before were stale; nothing to restore.
}
