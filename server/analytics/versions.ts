import type { AnalyticsFilters, BlockSummary } from '../../contract/analytics.ts';
import { blockWording } from '../../contract/block-label.ts';
import type { BlockWording } from '../../contract/versions.ts';
import type { AppContext } from '../context.ts';
import { playableById } from '../versions/cache.ts';
import type { PlayableVersion } from '../versions/content.ts';
import { sessionVersionIds } from './queries/versions.ts';

/**
 * Analyse by version (issue 21): the versions the filtered sessions ran on, and per block the wordings
 * it had in them when they differ. Answers belong to a block by its id in every version, so the figures
 * of a block are whole across versions; the marker says when they were given to different texts.
 */
export async function summaryVersions(
  ctx: Pick<AppContext, 'db'>,
  survey: { id: number; survey_id: string },
  f: AnalyticsFilters,
) {
  const versions: PlayableVersion[] = [];
  for (const id of await sessionVersionIds(ctx, survey.id, f)) {
    const version = await playableById(ctx, ctx.db, id, survey.survey_id);
    if (version) versions.push(version);
  }
  versions.sort((a, b) => a.number - b.number);
  /** A block's wordings with their versions; undefined when it had one (or none) in these versions. */
  const wordings = (blockId: string): BlockWording[] | undefined => {
    const byText = new Map<string, number[]>();
    for (const v of versions) {
      const block = v.dialog.byId.get(blockId);
      if (!block) continue;
      const text = blockWording(block);
      byText.set(text, [...(byText.get(text) ?? []), v.number]);
    }
    if (byText.size < 2) return undefined;
    return [...byText].map(([label, numbers]) => ({ label, versions: numbers }));
  };
  return { numbers: versions.map((v) => v.number), wordings };
}

/** The summary's blocks with their wordings' markers. */
export function withWordings(
  blocks: BlockSummary[],
  wordings: (blockId: string) => BlockWording[] | undefined,
): BlockSummary[] {
  return blocks.map((b) => {
    const list = wordings(b.unique_question_id);
    return list ? { ...b, wordings: list } : b;
  });
}
