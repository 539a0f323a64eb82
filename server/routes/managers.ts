import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints/index.ts';
import type { AppContext } from '../context.ts';
import { gameMeta } from '../managers/games.ts';
import {
  connectedSurveys,
  createManager,
  deleteManagerById,
  disconnectDialog,
  getManager,
  listManagers,
  managerStatus,
  updateManagerFields,
} from '../managers/service.ts';
import { triggerTargets } from '../managers/trigger-targets.ts';
import { createTrigger, deleteTrigger, listTriggers, resetTriggerSecret } from '../managers/triggers.ts';
import { serve } from './serve.ts';

/**
 * Dialog managers and triggers (SPEC §7) and our manager calls (issue 7). The rights on a manager are
 * checked by the services with the caller's id; those on a dialog by the endpoint's need.
 */
export function registerManagerRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, endpoints.findDialogManagerStatus, ({ access }) => managerStatus(ctx, access));
  serve(app, ctx, endpoints.connectedSurveys, ({ principal, params }) =>
    connectedSurveys(ctx, principal.id, params.id),
  );
  serve(app, ctx, endpoints.dialogManagerTriggers, ({ principal, params }) =>
    listTriggers(ctx, principal.id, params.id),
  );
  serve(app, ctx, endpoints.triggerTargets, ({ access }) => triggerTargets(ctx, access));
  serve(app, ctx, endpoints.createTrigger, ({ principal, body }) => createTrigger(ctx, principal.id, body));
  serve(app, ctx, endpoints.deleteTrigger, ({ principal, params }) =>
    deleteTrigger(ctx, principal.id, params.id),
  );
  serve(app, ctx, endpoints.resetTriggerSecret, ({ principal, body }) =>
    resetTriggerSecret(ctx, principal.id, body.id),
  );

  serve(app, ctx, endpoints.dialogManagerList, ({ principal }) => listManagers(ctx, principal.id));
  serve(app, ctx, endpoints.createDialogManager, ({ principal, body }) =>
    createManager(ctx, principal.id, body),
  );
  serve(app, ctx, endpoints.dialogManager, ({ principal, body }) =>
    getManager(ctx, principal.id, body.dialog_manager_id),
  );
  serve(app, ctx, endpoints.updateDialogManager, ({ principal, body }) =>
    updateManagerFields(ctx, principal.id, body),
  );
  serve(app, ctx, endpoints.deleteDialogManager, ({ principal, body }) =>
    deleteManagerById(ctx, principal.id, body.dialog_manager_id),
  );
  serve(app, ctx, endpoints.disconnectDialog, ({ access }) => disconnectDialog(ctx, access));
  serve(app, ctx, endpoints.gameMeta, ({ params }) => gameMeta(ctx, params.id));
}
