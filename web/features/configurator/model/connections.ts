import { type Block, endNodeId, startNodeId } from '../../../../contract/blocks.ts';
import { type Connection, OPTION_HANDLE_PREFIX } from '../../../../contract/dialogs.ts';

/**
 * The connections that put back what a set of connections changes (undo of an edge). old: the blocks
 * as they were before. From a block's default handle the old way on is the end marker (is_end),
 * jump_to_question or null; from an option handle the old jump; from the start marker the old start page.
 */
export function reverseConnections(
  surveyId: string,
  blocks: readonly Block[],
  connections: readonly Connection[],
): Connection[] {
  const byId = new Map(blocks.map((b) => [b.unique_question_id, b]));
  return connections
    .map((c) => {
      if (c.source === startNodeId(surveyId)) {
        const old = blocks.find((b) => b.start_page === 1);
        return { source: c.source, target: old?.unique_question_id ?? null, sourceHandle: null };
      }
      const block = byId.get(c.source);
      const handle = c.sourceHandle ?? null;
      if (!block) return { source: c.source, target: null, sourceHandle: handle };
      if (handle?.startsWith(OPTION_HANDLE_PREFIX)) {
        const index = Number(handle.slice(OPTION_HANDLE_PREFIX.length));
        return { source: c.source, target: block.jump_to_ids[index] ?? null, sourceHandle: handle };
      }
      const target =
        block.is_end === 1 && block.type !== 'end' ? endNodeId(surveyId) : block.jump_to_question;
      return { source: c.source, target, sourceHandle: handle };
    })
    .reverse();
}
