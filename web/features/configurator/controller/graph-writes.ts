import type { Connection, NodePosition } from '../../../../contract/dialogs.ts';
import { reverseConnections } from '../model/connections.ts';
import { CONNECTIONS_KEY } from '../model/history.ts';
import { mergeBlocks } from '../model/optimistic.ts';
import { useConfiguratorStore } from '../store.ts';
import { settleBlocks } from './dialog-sync.ts';
import { questionEntry, type WriteContext } from './write-context.ts';
import type { Change, Prepared, Write } from './write-types.ts';

/** Edges drawn or removed: sent, then the confirmed dialog takes the server's blocks. */
export function prepareStructureWrite(ctx: WriteContext, op: Extract<Write, { op: 'structure' }>): Prepared {
  const survey_id = ctx.sync.surveyId();
  return {
    async run() {
      const gen = ctx.queue.generation();
      const res = await ctx.api.structure(survey_id, op.connections);
      if (gen === ctx.queue.generation()) ctx.sync.setConfirmed((d) => settleBlocks(d, res));
      return {};
    },
  };
}

/** The writes of the graph: edges and node positions. */
export function graphWriters(ctx: WriteContext, change: Change) {
  return {
    /**
     * Drags and 'Automatisch anordnen' in the graph, in one call: positions are layout, not content, so
     * they are not in the history and need no block version.
     */
    moveNodes(moves: readonly NodePosition[]) {
      if (moves.length === 0) return Promise.resolve(null);
      const prepared = ctx.sync.optimistic(
        { kind: 'positions', moves },
        () => ctx.api.positions(ctx.sync.surveyId(), moves),
        (d, res) => ({ ...mergeBlocks(d, res.blocks, res.version), structure: res.structure }),
      );
      return ctx.queue
        .enqueue(() => prepared.run())
        .catch((error: unknown) => {
          ctx.notices.reportFailure(error, 'reverted');
          return null;
        });
    },

    /** Edges drawn or removed in the graph (POST /api/surveys/{id}/structure). */
    connect(connections: Connection[]) {
      const blocks = useConfiguratorStore.getState().dialog?.all_questions ?? [];
      const reverse = reverseConnections(ctx.sync.surveyId(), blocks, connections);
      return change({ op: 'structure', connections }, () => ({
        ...questionEntry(ctx, connections[0]?.source ?? ''),
        change: 'update',
        key: CONNECTIONS_KEY,
        old_value: reverse,
        new_value: connections,
      }));
    },
  };
}
