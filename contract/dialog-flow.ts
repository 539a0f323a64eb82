import { BLOCK_TYPES, type Block, type BlockType, isEndNodeId, QUESTION_BLOCK_TYPES } from './blocks.ts';
import { CHAT_INPUT_TYPES } from './chat.ts';

/** Types that take input and stop the dialog until it comes: the block types among the chat's inputs. */
export const INPUT_TYPES: ReadonlySet<BlockType> = new Set(
  BLOCK_TYPES.filter((type) => (CHAT_INPUT_TYPES as readonly string[]).includes(type)),
);
/** Types that ask the respondent a question of their own; gpt and qa blocks converse instead. */
export const QUESTION_TYPES: ReadonlySet<BlockType> = new Set(QUESTION_BLOCK_TYPES);

/** A dialog's blocks sorted by order, with their lookups. */
export interface DialogFlow {
  blocks: readonly Block[];
  byId: ReadonlyMap<string, Block>;
  position: ReadonlyMap<string, number>;
}

export function flowOf(blocks: readonly Block[]): DialogFlow {
  const sorted = [...blocks].sort((a, b) => a.order - b.order);
  return {
    blocks: sorted,
    byId: new Map(sorted.map((b) => [b.unique_question_id, b])),
    position: new Map(sorted.map((b, i) => [b.unique_question_id, i])),
  };
}

/** A jump target as the flow takes it: the end (null), a block of the dialog, or gone (undefined). */
function resolve(flow: DialogFlow, target: string | null): string | null | undefined {
  if (target === null) return undefined;
  if (isEndNodeId(target)) return null;
  return flow.byId.has(target) ? target : undefined;
}

/**
 * Where the dialog goes after a block: null is the end. The order: is_end, the chosen option's jump,
 * the first rule on a hidden field (field_jumps) whose value the chat holds in `vars`, jump_to_question,
 * the next block in order. A jump to a block that is gone is skipped.
 */
export function nextAfter(
  flow: DialogFlow,
  block: Block,
  optionTarget: string | null,
  vars: Readonly<Record<string, string>> = {},
): string | null {
  if (block.is_end === 1) return null;
  const ruled = block.field_jumps.find(
    (j) => vars[j.field] === j.value && resolve(flow, j.target) !== undefined,
  );
  for (const target of [optionTarget, ruled?.target ?? null, block.jump_to_question]) {
    const next = resolve(flow, target);
    if (next !== undefined) return next;
  }
  const i = flow.position.get(block.unique_question_id);
  return i === undefined ? null : (flow.blocks[i + 1]?.unique_question_id ?? null);
}

/** The blocks a block may lead to: by its option jumps, its rules on hidden fields and its default way on. */
export function successors(flow: DialogFlow, block: Block): string[] {
  if (block.is_end === 1) return [];
  const targets = [
    ...block.jump_to_ids.map((j) => (j === null ? null : nextAfter(flow, block, j))),
    ...block.field_jumps.map((j) => nextAfter(flow, block, null, { [j.field]: j.value })),
    nextAfter(flow, block, null),
  ];
  return [...new Set(targets.filter((t): t is string => t !== null))];
}

/**
 * Whether the dialog, once at block `id`, comes back to it through blocks that all ask nothing: a loop
 * without input, which the chat ends instead of repeating. A loop elsewhere that the path runs into is
 * reported at its own blocks.
 */
export function loopsWithoutInput(flow: DialogFlow, id: string): boolean {
  const seen = new Set<string>();
  let current: string | null = id;
  while (current !== null && !seen.has(current)) {
    const block = flow.byId.get(current);
    if (!block || INPUT_TYPES.has(block.type)) return false;
    seen.add(current);
    current = nextAfter(flow, block, null);
    if (current === id) return true;
  }
  return false;
}
