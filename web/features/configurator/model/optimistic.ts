import { applyChange } from '../../../../contract/block-edits.ts';
import type { Block, BlockContent } from '../../../../contract/blocks.ts';
import type { Dialog, NodePosition, Settings } from '../../../../contract/dialogs.ts';
import { addCondition, type ExitCondition, removeCondition, setConditionText } from './conditions.ts';

/**
 * Optimistic updates (SPEC §4): the screen shows the last confirmed server state with the changes
 * still in flight applied on top. A change that fails is simply dropped from the pending list, which
 * reverts exactly that change and keeps the others.
 */
export type LocalChange =
  | { kind: 'block'; unique_question_id: string; key: string; value: unknown }
  | { kind: 'order'; unique_question_id: string; order: number }
  | { kind: 'settings'; values: Partial<Settings> }
  | { kind: 'positions'; moves: readonly NodePosition[] }
  | { kind: 'condition_add'; condition: ExitCondition }
  | { kind: 'condition_set'; id: number; condition: string }
  | { kind: 'condition_remove'; id: number };

export interface PendingChange {
  id: number;
  change: LocalChange;
}

const META_KEYS = ['unique_question_id', 'survey_id', 'order', 'created_on', 'version'] as const;

/** One field changed with the contract's rule (options re-align jumps, a type switch fills defaults). */
export function changeBlock(block: Block, key: string, value: unknown): Block {
  const next = applyChange(block as BlockContent, key, value);
  for (const k of META_KEYS) next[k] = block[k];
  return next as Block;
}

function replaceBlock(dialog: Dialog, id: string, fn: (b: Block) => Block): Dialog {
  const index = dialog.all_questions.findIndex((b) => b.unique_question_id === id);
  if (index === -1) return dialog;
  const all_questions = dialog.all_questions.slice();
  all_questions[index] = fn(all_questions[index]!);
  return { ...dialog, all_questions };
}

const byOrder = (a: Block, b: Block) => a.order - b.order;

/** SPEC §4 order: the block swaps places with the one at the target order. */
function swapOrder(dialog: Dialog, id: string, order: number): Dialog {
  const block = dialog.all_questions.find((b) => b.unique_question_id === id);
  if (!block || block.order === order) return dialog;
  const all_questions = dialog.all_questions
    .map((b) => {
      if (b === block) return { ...b, order };
      if (b.order === order) return { ...b, order: block.order };
      return b;
    })
    .sort(byOrder);
  return { ...dialog, all_questions };
}

/** Settings keys that the dialog also carries at the top level. */
function withSettings(dialog: Dialog, values: Partial<Settings>): Dialog {
  const settings = { ...dialog.settings, ...values };
  return {
    ...dialog,
    settings,
    survey_name: settings.survey_name,
    welcome: settings.welcome,
    ending: settings.ending,
    language: settings.language,
    accent_color: settings.accent_color,
    color: settings.accent_color,
  };
}

/** Blocks and markers at new graph positions; untouched blocks keep their identity. */
function movePositions(dialog: Dialog, moves: readonly NodePosition[]): Dialog {
  const to = new Map(moves.map((m) => [m.id, m.position]));
  return {
    ...dialog,
    all_questions: dialog.all_questions.map((b) => {
      const position = to.get(b.unique_question_id);
      return position ? { ...b, position } : b;
    }),
    structure: dialog.structure.map((m) => {
      const position = to.get(m.id);
      return position ? { ...m, position } : m;
    }),
  };
}

export function applyLocalChange(dialog: Dialog, change: LocalChange): Dialog {
  switch (change.kind) {
    case 'block':
      return replaceBlock(dialog, change.unique_question_id, (b) => changeBlock(b, change.key, change.value));
    case 'order':
      return swapOrder(dialog, change.unique_question_id, change.order);
    case 'settings':
      return withSettings(dialog, change.values);
    case 'positions':
      return movePositions(dialog, change.moves);
    case 'condition_add':
      return addCondition(dialog, change.condition);
    case 'condition_set':
      return setConditionText(dialog, change.id, change.condition);
    case 'condition_remove':
      return removeCondition(dialog, change.id);
  }
}

/** What the screen shows. */
export function computeView(confirmed: Dialog, pending: readonly PendingChange[]): Dialog {
  return pending.reduce((d, p) => applyLocalChange(d, p.change), confirmed);
}

/**
 * Puts the blocks a write answered with into the dialog; untouched blocks keep their identity, so
 * memoised rows and graph nodes do not re-render.
 */
export function mergeBlocks(dialog: Dialog, blocks: readonly Block[], version?: number): Dialog {
  const next = version === undefined ? dialog : { ...dialog, version };
  if (blocks.length === 0) return next;
  const byId = new Map(blocks.map((b) => [b.unique_question_id, b]));
  let reordered = false;
  const all_questions = dialog.all_questions.map((b) => {
    const fresh = byId.get(b.unique_question_id);
    if (!fresh) return b;
    if (fresh.order !== b.order) reordered = true;
    return fresh;
  });
  if (reordered) all_questions.sort(byOrder);
  return { ...next, all_questions };
}

const samePlace = (a: Block, b: Block) =>
  a.version === b.version &&
  a.order === b.order &&
  a.position.x === b.position.x &&
  a.position.y === b.position.y;

/**
 * A reloaded dialog with the block objects of the previous one wherever a block is unchanged (same
 * version, order and position), so a reload after create or delete re-renders only what changed.
 */
export function reconcileDialog(previous: Dialog | null, fresh: Dialog): Dialog {
  if (!previous || previous.survey_id !== fresh.survey_id) return fresh;
  const old = new Map(previous.all_questions.map((b) => [b.unique_question_id, b]));
  const all_questions = fresh.all_questions.map((b) => {
    const before = old.get(b.unique_question_id);
    return before && samePlace(before, b) ? before : b;
  });
  return { ...fresh, all_questions };
}
