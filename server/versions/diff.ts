import { blockLabel } from '../../contract/block-label.ts';
import type { Block } from '../../contract/blocks.ts';
import type { DiffBlock, DiffVersionsResponse, FieldChange } from '../../contract/versions.ts';
import { settingsFromRow } from '../dialogs/rows.ts';
import { blocksOf, type VersionContent } from './content.ts';

/**
 * What changed from one version's content to another's (pure): blocks added, removed, moved and changed
 * field by field, and the dialog's settings. A block is the same block across versions by its id, so
 * its answers stay attached to it whatever changed.
 */

type Diff = Omit<DiffVersionsResponse, 'from' | 'to'>;

/** Fields of a block that are bookkeeping, not content: its place is told as a move, the rest never. */
const NOT_CONTENT = new Set([
  'position',
  'order',
  'created_on',
  'version',
  'survey_id',
  'unique_question_id',
]);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function fieldChanges(a: Record<string, unknown>, b: Record<string, unknown>, skip = NOT_CONTENT) {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => !skip.has(k)).sort();
  const changes: FieldChange[] = [];
  for (const field of keys) {
    if (!same(a[field], b[field])) changes.push({ field, before: a[field] ?? null, after: b[field] ?? null });
  }
  return changes;
}

/** The longest common subsequence of two id lists: the blocks that kept their relative order. */
function keptOrder(a: readonly string[], b: readonly string[]): Set<string> {
  const n = a.length;
  const m = b.length;
  const table = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[i]![j] =
        a[i] === b[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
    }
  }
  const kept = new Set<string>();
  for (let i = 0, j = 0; i < n && j < m; ) {
    if (a[i] === b[j]) {
      kept.add(a[i]!);
      i++;
      j++;
    } else if (table[i + 1]![j]! >= table[i]![j + 1]!) i++;
    else j++;
  }
  return kept;
}

const ref = (b: Block, position: number): DiffBlock => ({
  unique_question_id: b.unique_question_id,
  type: b.type,
  label: blockLabel(b),
  position,
});

/** The exit conditions' and the routing model's entries of a block, compared like its fields. */
const extras = (c: VersionContent, id: string) => ({
  gpt_exit_conditions: c.exit_conditions[id] ?? [],
  routing_model: c.models[id] ?? null,
});

export function diffContents(a: VersionContent, b: VersionContent): Diff {
  const before = blocksOf(a, '');
  const after = blocksOf(b, '');
  const posA = new Map(before.map((x, i) => [x.unique_question_id, i + 1]));
  const posB = new Map(after.map((x, i) => [x.unique_question_id, i + 1]));
  const byIdA = new Map(before.map((x) => [x.unique_question_id, x]));
  const added = after
    .filter((x) => !posA.has(x.unique_question_id))
    .map((x) => ref(x, posB.get(x.unique_question_id)!));
  const removed = before
    .filter((x) => !posB.has(x.unique_question_id))
    .map((x) => ref(x, posA.get(x.unique_question_id)!));
  const common = (list: Block[], other: Map<string, number>) =>
    list.map((x) => x.unique_question_id).filter((id) => other.has(id));
  const kept = keptOrder(common(before, posB), common(after, posA));
  const moved: Diff['blocks']['moved'] = [];
  const changed: Diff['blocks']['changed'] = [];
  for (const x of after) {
    const id = x.unique_question_id;
    const old = byIdA.get(id);
    if (!old) continue;
    if (!kept.has(id)) {
      const { position: _p, ...rest } = ref(x, 0);
      moved.push({ ...rest, from_position: posA.get(id)!, to_position: posB.get(id)! });
    }
    const fields = fieldChanges(
      { ...(old as unknown as Record<string, unknown>), ...extras(a, id) },
      { ...(x as unknown as Record<string, unknown>), ...extras(b, id) },
    );
    if (fields.length > 0) changed.push({ ...ref(x, posB.get(id)!), fields });
  }
  const settings = fieldChanges(
    settingsFromRow(a) as unknown as Record<string, unknown>,
    settingsFromRow(b) as unknown as Record<string, unknown>,
    new Set(),
  );
  const blocks = { added, removed, moved, changed };
  const none = added.length + removed.length + moved.length + changed.length + settings.length === 0;
  return { same: none, blocks, settings };
}
