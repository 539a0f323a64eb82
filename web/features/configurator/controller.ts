import type { Block, BlockType } from '../../../contract/blocks.ts';
import type { Connection, Dialog, NodePosition, Settings } from '../../../contract/dialogs.ts';
import { ApiError } from '../../api/client.ts';
import i18next from '../../i18n/index.ts';
import { type ConfiguratorApi, recreateRequest } from './api.ts';
import {
  addCondition,
  type ExitCondition,
  removeCondition,
  setConditionText,
  textOf,
} from './model/conditions.ts';
import { reverseConnections } from './model/connections.ts';
import {
  CONNECTIONS_KEY,
  completeRedo,
  completeUndo,
  type NewEntry,
  type Operation,
  type OperationResult,
  planRedo,
  planUndo,
  record,
} from './model/history.ts';
import {
  applyLocalChange,
  computeView,
  type LocalChange,
  mergeBlocks,
  reconcileDialog,
} from './model/optimistic.ts';
import { initialConfiguratorState, type NoticeSeverity, useConfiguratorStore } from './store.ts';

/** A 409 of update_survey_blocks carries the block as it is now: somebody else changed it. */
export const isStaleWrite = (error: unknown) =>
  error instanceof ApiError &&
  error.status === 409 &&
  typeof error.body === 'object' &&
  error.body !== null &&
  'block' in error.body;

/** What a write answered; before: the block as the server had it just before a delete. */
type WriteResult = OperationResult & { before?: Block };
type Prepared = { run(): Promise<WriteResult> };

/** The history's operations plus the two that only the author starts. */
type Write =
  | Operation
  | { op: 'create'; type: BlockType; order?: number; source_node_id?: string }
  | { op: 'copy'; block: Block };

/** Writes SPEC §4 shows before the server answers; the others wait for it and reload. */
const OPTIMISTIC: ReadonlySet<Write['op']> = new Set([
  'update',
  'is_end',
  'order',
  'settings',
  'fixmessages',
  'condition_create',
  'condition_update',
  'condition_delete',
]);

/**
 * Every write of the configurator. Writes run one after another (so each sends the version the
 * previous one left); changes SPEC §4 applies optimistically show at once and are reverted, with a
 * notice, when their call fails. Create, delete and recreate reload the dialog. Each successful change
 * is recorded in the history; undo and redo replay operations through the same paths.
 */
export function createController(api: ConfiguratorApi, now: () => number = Date.now) {
  const store = useConfiguratorStore;
  const get = () => store.getState();
  let queue: Promise<unknown> = Promise.resolve();
  let nextPendingId = 1;
  let nextNoticeKey = 1;
  /** Ids of exit conditions shown before the server gave them theirs (negative, never a server id). */
  let nextDraftCondition = -1;
  /** Bumped when another dialog is loaded: answers for the previous one are then ignored. */
  let generation = 0;
  /** Blocks whose delete is queued or in flight: a second click on delete is ignored (no 404). */
  const deleting = new Set<string>();

  const surveyId = () => get().surveyId ?? '';
  const confirmedBlock = (id: string) =>
    get().confirmed?.all_questions.find((b) => b.unique_question_id === id);
  const shownBlock = (id: string) => get().dialog?.all_questions.find((b) => b.unique_question_id === id);

  function notify(severity: NoticeSeverity, text: string) {
    store.setState({ notice: { key: nextNoticeKey++, severity, text } });
  }

  function setConfirmed(fn: (d: Dialog) => Dialog) {
    store.setState((s) => {
      if (!s.confirmed) return {};
      const confirmed = fn(s.confirmed);
      return { confirmed, dialog: computeView(confirmed, s.pending) };
    });
  }

  function enqueue<T>(task: () => Promise<T>): Promise<T> {
    store.setState((s) => ({ saving: s.saving + 1 }));
    const run = queue.then(task).finally(() => store.setState((s) => ({ saving: s.saving - 1 })));
    queue = run.catch(() => undefined);
    return run;
  }

  /** Shows a change at once; run() sends it and either confirms it or takes it back. */
  function optimistic<T>(
    change: LocalChange,
    request: () => Promise<T>,
    settle: (d: Dialog, res: T) => Dialog,
    result: (res: T) => OperationResult = () => ({}),
  ): Prepared {
    const gen = generation;
    const id = nextPendingId++;
    store.setState((s) => {
      const pending = [...s.pending, { id, change }];
      return { pending, dialog: s.dialog ? applyLocalChange(s.dialog, change) : s.dialog };
    });
    const drop = (confirmedFn?: (d: Dialog) => Dialog) =>
      store.setState((s) => {
        if (gen !== generation || !s.confirmed) return {};
        const pending = s.pending.filter((p) => p.id !== id);
        const confirmed = confirmedFn ? confirmedFn(s.confirmed) : s.confirmed;
        return { pending, confirmed, dialog: computeView(confirmed, pending) };
      });
    return {
      async run() {
        let res: T;
        try {
          res = await request();
        } catch (error) {
          drop();
          throw error;
        }
        drop((d) => settle(d, res));
        return result(res);
      },
    };
  }

  const settleBlocks = (d: Dialog, res: { blocks: Block[]; version: number }) =>
    mergeBlocks(d, res.blocks, res.version);

  async function reload(): Promise<void> {
    const id = surveyId();
    const gen = generation;
    const fresh = await api.load(id);
    if (gen !== generation) return;
    store.setState((s) => {
      const confirmed = reconcileDialog(s.confirmed, fresh);
      return { confirmed, dialog: computeView(confirmed, s.pending), loadError: null };
    });
  }

  /** Create, delete and recreate: no optimistic step, the dialog is reloaded afterwards. */
  function reloading(request: () => Promise<WriteResult>): Prepared {
    return {
      async run() {
        store.setState((s) => ({ busy: s.busy + 1 }));
        try {
          const result = await request();
          await reload();
          return result;
        } finally {
          store.setState((s) => ({ busy: s.busy - 1 }));
        }
      },
    };
  }

  /** Prepares one operation; optimistic ones show at once. */
  function prepare(op: Write): Prepared {
    const survey_id = surveyId();
    switch (op.op) {
      case 'update':
        return optimistic(
          { kind: 'block', unique_question_id: op.unique_question_id, key: op.key, value: op.value },
          () =>
            api.blocks({
              survey_id,
              action: 'update',
              unique_question_id: op.unique_question_id,
              changed_values: { [op.key]: op.value },
              version: confirmedBlock(op.unique_question_id)?.version,
            }),
          settleBlocks,
        );
      case 'is_end':
        return optimistic(
          { kind: 'block', unique_question_id: op.unique_question_id, key: 'is_end', value: op.value },
          () =>
            api.settings({
              survey_id,
              action: 'survey_list_isEnd',
              changed_values: { unique_question_id: op.unique_question_id, is_end: op.value },
            }),
          settleBlocks,
        );
      case 'order':
        return optimistic(
          { kind: 'order', unique_question_id: op.unique_question_id, order: op.order },
          () =>
            api.blocks({
              survey_id,
              action: 'order',
              unique_question_id: op.unique_question_id,
              order: op.order,
              version: confirmedBlock(op.unique_question_id)?.version,
            }),
          settleBlocks,
        );
      case 'settings':
      case 'fixmessages': {
        const values = { [op.key]: op.value } as Partial<Settings>;
        return optimistic(
          { kind: 'settings', values },
          () =>
            op.op === 'settings'
              ? api.settings({ survey_id, action: 'config', changed_values: values })
              : api.settings({ survey_id, action: 'fixmessages', changed_values: values }),
          (d, res) => ({
            ...applyLocalChange(d, { kind: 'settings', values: res.settings }),
            version: res.version,
          }),
        );
      }
      case 'condition_create':
        return optimistic(
          {
            kind: 'condition_add',
            condition: {
              id: nextDraftCondition--,
              survey_id,
              unique_question_id: op.unique_question_id,
              condition: op.condition,
            },
          },
          () =>
            api.createCondition(survey_id, {
              unique_question_id: op.unique_question_id,
              condition: op.condition,
            }),
          (d, res) => addCondition(d, res),
          (res) => ({ condition_id: res.id }),
        );
      case 'condition_update':
        return optimistic(
          { kind: 'condition_set', id: op.condition_id, condition: op.condition },
          () => api.updateCondition(survey_id, op.condition_id, op.condition),
          (d, res) => setConditionText(d, res.id, res.condition),
        );
      case 'condition_delete':
        return optimistic(
          { kind: 'condition_remove', id: op.condition_id },
          () => api.deleteCondition(survey_id, op.condition_id),
          (d) => removeCondition(d, op.condition_id),
        );
      case 'structure':
        return {
          async run() {
            const gen = generation;
            const res = await api.structure(survey_id, op.connections);
            if (gen === generation) setConfirmed((d) => settleBlocks(d, res));
            return {};
          },
        };
      case 'create':
        return reloading(async () => {
          const { op: _op, ...where } = op;
          const res = await api.blocks({ survey_id, action: 'create', ...where });
          return { unique_question_id: res.unique_question_id };
        });
      case 'copy':
        return reloading(async () => {
          const res = await api.blocks(recreateRequest(survey_id, op.block, [], true));
          return { unique_question_id: res.unique_question_id };
        });
      case 'delete':
        return reloading(async () => {
          const before = confirmedBlock(op.unique_question_id);
          const res = await api.blocks({
            survey_id,
            action: 'delete',
            unique_question_id: op.unique_question_id,
            version: confirmedBlock(op.unique_question_id)?.version,
          });
          return { unique_question_id: res.unique_question_id, repaired_jumps: res.repaired_jumps, before };
        });
      case 'recreate':
        return reloading(async () => {
          const res = await api.blocks(recreateRequest(survey_id, op.block, op.restore_jumps));
          return { unique_question_id: res.unique_question_id };
        });
    }
  }

  function reportFailure(error: unknown, noticeKey: 'reverted' | 'undoFailed' | 'redoFailed' | 'failed') {
    console.error(`configurator: ${noticeKey}`, error);
    if (isStaleWrite(error)) {
      store.setState({ stale: true });
      return;
    }
    const detail = error instanceof ApiError ? error.msg || error.title : String(error);
    notify('error', i18next.t(`configurator.notices.${noticeKey}`, { detail }));
  }

  /** Runs a change and records it in the history when the server took it. */
  function change(
    op: Write,
    entry: ((result: WriteResult) => NewEntry | null) | null,
  ): Promise<WriteResult | null> {
    const gen = generation;
    // Optimistic writes show now; the others are prepared when their turn comes.
    const prepared = OPTIMISTIC.has(op.op) ? prepare(op) : null;
    return enqueue(async () => {
      try {
        const result = await (prepared ?? prepare(op)).run();
        const recorded = entry?.(result);
        if (recorded && gen === generation) store.setState((s) => ({ history: record(s.history, recorded) }));
        return result;
      } catch (error) {
        if (gen === generation) reportFailure(error, OPTIMISTIC.has(op.op) ? 'reverted' : 'failed');
        return null;
      }
    });
  }

  const question = (unique_question_id: string) => ({
    type: 'question' as const,
    unique_question_id,
    time: now(),
  });

  return {
    /**
     * Opens a dialog: clears everything of the previous one, but the change history of the same dialog
     * stays (back from another module, undo still works). started: the same call already under way
     * (the screen starts it while it renders, so the data does not wait for the first commit).
     */
    async load(id: string, started?: Promise<Dialog>): Promise<Dialog | null> {
      generation++;
      // Unsaved drafts belong to the fields still on screen: they unregister themselves.
      store.setState((s) => ({
        ...initialConfiguratorState(),
        surveyId: id,
        drafts: s.drafts,
        ...(s.surveyId === id ? { history: s.history } : {}),
      }));
      const gen = generation;
      try {
        const dialog = await (started ?? api.load(id));
        if (gen !== generation) return null;
        store.setState({ confirmed: dialog, dialog, loadError: null });
        return dialog;
      } catch (error) {
        if (gen === generation && error instanceof ApiError) store.setState({ loadError: error });
        console.error('configurator: loading the dialog failed', error);
        return null;
      }
    },

    /** Reload after a stale write: what the server has now, pending changes dropped. */
    async reloadFromServer(): Promise<void> {
      store.setState({ stale: false });
      await enqueue(async () => {
        store.setState((s) => ({ pending: [], dialog: s.confirmed }));
        try {
          await reload();
        } catch (error) {
          reportFailure(error, 'failed');
        }
      });
    },

    updateBlock(block: Block, key: string, value: unknown) {
      const op: Operation =
        key === 'is_end'
          ? { op: 'is_end', unique_question_id: block.unique_question_id, value: value === 1 ? 1 : 0 }
          : { op: 'update', unique_question_id: block.unique_question_id, key, value };
      const old_value = (block as Record<string, unknown>)[key];
      return change(op, () => ({
        ...question(block.unique_question_id),
        change: 'update',
        key,
        old_value,
        new_value: value,
      }));
    },

    /**
     * Drags and 'Automatisch anordnen' in the graph, in one call: positions are layout, not content, so
     * they are not in the history and need no block version.
     */
    moveNodes(moves: readonly NodePosition[]) {
      if (moves.length === 0) return Promise.resolve(null);
      const prepared = optimistic(
        { kind: 'positions', moves },
        () => api.positions(surveyId(), moves),
        (d, res) => ({ ...mergeBlocks(d, res.blocks, res.version), structure: res.structure }),
      );
      return enqueue(() => prepared.run()).catch((error: unknown) => {
        reportFailure(error, 'reverted');
        return null;
      });
    },

    /** SPEC §4 order: swap with the neighbour above (-1) or below (+1). */
    moveBlock(block: Block, direction: -1 | 1) {
      const count = get().dialog?.all_questions.length ?? 0;
      const order = block.order + direction;
      if (order < 1 || order > count) return Promise.resolve(null);
      return change({ op: 'order', unique_question_id: block.unique_question_id, order }, () => ({
        ...question(block.unique_question_id),
        change: 'order',
        old_value: block.order,
        new_value: order,
      }));
    },

    /** A new block: appended, at an order, or after a graph node (source_node_id). */
    createBlock(type: BlockType, where: { order?: number; source_node_id?: string } = {}) {
      return change({ op: 'create', type, ...where }, (result) => ({
        ...question(result.unique_question_id ?? ''),
        change: 'create',
        block: null,
      }));
    },

    /** A copy right after the block (recreate with the id taken, so the server gives a new one). */
    copyBlock(block: Block) {
      return change({ op: 'copy', block }, (result) => ({
        ...question(result.unique_question_id ?? ''),
        change: 'recreate',
        block: null,
      }));
    },

    /** Deletes a block once: while its delete is queued or running, further calls answer null. */
    async deleteBlock(block: Block): Promise<WriteResult | null> {
      const id = block.unique_question_id;
      if (deleting.has(id)) return null;
      deleting.add(id);
      try {
        const result = await change({ op: 'delete', unique_question_id: id }, (r) => ({
          ...question(id),
          change: 'delete',
          block: r.before ?? block,
          restore_jumps: r.repaired_jumps ?? [],
        }));
        // Jumps to the deleted block now lead to the next block: said, since the author did not touch them.
        const repaired = result?.repaired_jumps?.length ?? 0;
        if (repaired > 0)
          notify('info', i18next.t('configurator.notices.jumpsRepaired', { count: repaired }));
        return result;
      } finally {
        deleting.delete(id);
      }
    },

    /**
     * How many chats stored answers to a block (live and test apart): the delete confirmation shows it,
     * since a deleted block's answers leave Analyse and the export until the delete is undone.
     */
    answerCount(blockId: string) {
      return api.answerCount(surveyId(), blockId);
    },

    /** A settings key; welcome and ending are the fix messages (their own action and history title). */
    updateSettings<K extends keyof Settings>(key: K, value: Settings[K]) {
      const old_value = get().dialog?.settings[key];
      if (key === 'welcome' || key === 'ending') {
        const k = key as 'welcome' | 'ending';
        return change({ op: 'fixmessages', key: k, value: value as string }, () => ({
          type: 'fixmessages',
          change: 'update',
          key: k,
          old_value: (old_value as string | undefined) ?? '',
          new_value: value as string,
          time: now(),
        }));
      }
      return change({ op: 'settings', key, value }, () => ({
        type: 'settings',
        change: 'update',
        key,
        old_value,
        new_value: value,
        time: now(),
      }));
    },

    /** A new exit condition of a GPT block (POST /api/surveys/{id}/gpt_exit_conditions). */
    addCondition(unique_question_id: string, condition: string) {
      return change({ op: 'condition_create', unique_question_id, condition }, (result) =>
        result.condition_id === undefined
          ? null
          : {
              type: 'gpt_condition',
              change: 'create',
              unique_question_id,
              condition_id: result.condition_id,
              condition,
              time: now(),
            },
      );
    },

    updateCondition(condition: ExitCondition, text: string) {
      return change({ op: 'condition_update', condition_id: condition.id, condition: text }, () => ({
        type: 'gpt_condition',
        change: 'update',
        unique_question_id: condition.unique_question_id,
        condition_id: condition.id,
        old_value: textOf(condition),
        new_value: text,
        time: now(),
      }));
    },

    deleteCondition(condition: ExitCondition) {
      return change({ op: 'condition_delete', condition_id: condition.id }, () => ({
        type: 'gpt_condition',
        change: 'delete',
        unique_question_id: condition.unique_question_id,
        condition_id: condition.id,
        condition: textOf(condition),
        time: now(),
      }));
    },

    /** Edges drawn or removed in the graph (POST /api/surveys/{id}/structure). */
    connect(connections: Connection[]) {
      const blocks = get().dialog?.all_questions ?? [];
      const reverse = reverseConnections(surveyId(), blocks, connections);
      return change({ op: 'structure', connections }, () => ({
        ...question(connections[0]?.source ?? ''),
        change: 'update',
        key: CONNECTIONS_KEY,
        old_value: reverse,
        new_value: connections,
      }));
    },

    undo() {
      return enqueue(async () => {
        const gen = generation;
        const step = planUndo(get().history, shownBlock);
        if (!step) return;
        try {
          const result = await prepare(step.operation).run();
          if (gen === generation) store.setState((s) => ({ history: completeUndo(s.history, step, result) }));
        } catch (error) {
          if (gen === generation) reportFailure(error, 'undoFailed');
        }
      });
    },

    redo() {
      return enqueue(async () => {
        const gen = generation;
        const step = planRedo(get().history);
        if (!step) return;
        try {
          const result = await prepare(step.operation).run();
          if (gen === generation) store.setState((s) => ({ history: completeRedo(s.history, step, result) }));
        } catch (error) {
          if (gen === generation) reportFailure(error, 'redoFailed');
        }
      });
    },

    /** A notice about a call outside the writes: dialog manager and trigger calls (SPEC §8). */
    showNotice(severity: NoticeSeverity, text: string) {
      notify(severity, text);
    },

    dismissNotice() {
      store.setState({ notice: null });
    },

    closeStale() {
      store.setState({ stale: false });
    },

    /** Waits until every write sent so far is answered (tests, leaving the screen). */
    settled(): Promise<void> {
      return queue.then(() => undefined);
    },
  };
}

export type Controller = ReturnType<typeof createController>;
