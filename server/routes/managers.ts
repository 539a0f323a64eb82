import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../contract/api-error.ts';
import { successResponse } from '../../contract/dialogs.ts';
import {
  connectedSurveysResponse,
  createManagerRequest,
  disconnectDialogRequest,
  gameMetaParams,
  gameMetaResponse,
  idParams,
  managerListResponse,
  managerRequest,
  managerSchema,
  managerStatusResponse,
  surveyIdParams,
  updateManagerRequest,
} from '../../contract/managers.ts';
import {
  createTriggerRequest,
  createTriggerResponse,
  resetTriggerSecretRequest,
  resetTriggerSecretResponse,
  triggerObjectsResponse,
  triggerTargetsResponse,
} from '../../contract/triggers.ts';
import { requireAuthor } from '../auth/guard.ts';
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
import { requireDialog } from '../sharing/permissions.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/** Dialog managers and triggers (SPEC §7) and our manager calls (issue 7). */
export function registerManagerRoutes(instance: FastifyInstance, ctx: AppContext): void {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['dialog managers'];
  const userId = async (req: Parameters<typeof requireAuthor>[1]) => (await requireAuthor(ctx, req)).id;

  // ---------------------------------------------------------------- SPEC §7
  app.get(
    '/api/find_dialogmanager_status/:id',
    {
      schema: {
        tags,
        summary: 'The manager a dialog belongs to (id = survey_id); connected_status is {} when none',
        params: surveyIdParams,
        response: { 200: managerStatusResponse, ...errors },
      },
    },
    async (req) => managerStatus(ctx, await requireDialog(ctx, req, req.params.id, 'view')),
  );

  app.get(
    '/api/get_connected_surveys/:id',
    {
      schema: {
        tags,
        summary:
          "The manager's dialogs by order (owner, or anyone who may view one of them); each caller gets " +
          'only the dialogs she may view herself',
        params: idParams,
        response: { 200: connectedSurveysResponse, ...errors },
      },
    },
    async (req) => connectedSurveys(ctx, await userId(req), req.params.id),
  );

  app.get(
    '/api/get_dialogmanager_trigger/:id',
    {
      schema: {
        tags,
        summary:
          "The manager's triggers (owner, or anyone who may view one of its dialogs); only those whose two " +
          'dialogs the caller may know',
        params: idParams,
        response: { 200: triggerObjectsResponse, ...errors },
      },
    },
    async (req) => listTriggers(ctx, await userId(req), req.params.id),
  );

  app.get(
    '/api/get_trigger_targets/:id',
    {
      schema: {
        tags,
        summary:
          'For the trigger form of a dialog (id = survey_id; needs configure on it): the block ids and ' +
          "titles of the live dialogs of the dialog's manager (none when its own connection is dormant); " +
          'dialog_manager_id null when it has none',
        params: surveyIdParams,
        response: { 200: triggerTargetsResponse, ...errors },
      },
    },
    async (req) => triggerTargets(ctx, await requireDialog(ctx, req, req.params.id, 'configure')),
  );

  app.post(
    '/api/create_trigger',
    {
      schema: {
        tags,
        summary:
          'Attach a trigger (type;survey_id;question_id) to a block; 201 when created. A waitAPI trigger ' +
          'answers its inbound secret once (api_secret). Needs configure on the dialog (the owner of the ' +
          'manager too); neither dialog may be a dormant connection.',
        body: createTriggerRequest,
        response: { 201: createTriggerResponse, ...errors },
      },
    },
    async (req, reply) => {
      const created = await createTrigger(ctx, await userId(req), req.body);
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/api/delete_trigger/:id',
    {
      schema: {
        tags,
        summary: 'Remove a trigger (configure on the dialog of the trigger, the owner of the manager too)',
        params: idParams,
        response: { 200: successResponse, ...errors },
      },
    },
    async (req) => deleteTrigger(ctx, await userId(req), req.params.id),
  );

  app.post(
    '/api/reset_trigger_secret',
    {
      schema: {
        tags,
        summary:
          'A new inbound secret for a waitAPI trigger, shown once; the old one stops working (configure on ' +
          'the dialog of the trigger)',
        body: resetTriggerSecretRequest,
        response: { 200: resetTriggerSecretResponse, ...errors },
      },
    },
    async (req) => resetTriggerSecret(ctx, await userId(req), req.body.id),
  );

  // ---------------------------------------------------------------- managers
  app.post(
    '/api/get_dialogmanager_list',
    {
      schema: {
        tags,
        summary:
          "The caller's own dialog managers with their dialogs, and the manager of each dialog she " +
          'owns or is a member of (dialog_links)',
        response: { 200: managerListResponse, ...errors },
      },
    },
    async (req) => listManagers(ctx, await userId(req)),
  );

  app.post(
    '/api/create_dialogmanager',
    {
      schema: {
        tags,
        summary:
          'Create a dialog manager; connected dialogs need the configure right and must not belong to ' +
          'another manager (409). 201 when created.',
        body: createManagerRequest,
        response: { 201: managerSchema, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await createManager(ctx, await userId(req), req.body)),
  );

  app.post(
    '/api/get_dialogmanager',
    {
      schema: {
        tags,
        summary: 'One dialog manager (owner, or anyone who may view one of its dialogs)',
        body: managerRequest,
        response: { 200: managerSchema, ...errors },
      },
    },
    async (req) => getManager(ctx, await userId(req), req.body.dialog_manager_id),
  );

  app.post(
    '/api/update_dialogmanager',
    {
      schema: {
        tags,
        summary:
          'Change the fields sent (owner only). connected_surveys replaces the whole list: removed dialogs ' +
          'lose the triggers that touch them; new ones need configure and must not belong to another manager.',
        body: updateManagerRequest,
        response: { 200: managerSchema, ...errors },
      },
    },
    async (req) => updateManagerFields(ctx, await userId(req), req.body),
  );

  app.post(
    '/api/delete_dialogmanager',
    {
      schema: {
        tags,
        summary: 'Delete a dialog manager with its triggers; its dialogs stay (owner only)',
        body: managerRequest,
        response: { 200: successResponse, ...errors },
      },
    },
    async (req) => deleteManagerById(ctx, await userId(req), req.body.dialog_manager_id),
  );

  app.post(
    '/api/disconnect_dialog',
    {
      schema: {
        tags,
        summary:
          'Take a dialog out of the dialog manager it belongs to, whoever owns that manager (needs configure ' +
          'on the dialog); the triggers that touch it are deleted. Success also when it belongs to none.',
        body: disconnectDialogRequest,
        response: { 200: successResponse, ...errors },
      },
    },
    async (req) => disconnectDialog(ctx, await requireDialog(ctx, req, req.body.survey_id, 'configure')),
  );

  app.get(
    '/api/game_meta/:id',
    {
      schema: {
        tags,
        summary: "Public: a game's title, description, favicon, social meta, dialogs and media host",
        description:
          'id: a dialog_manager_id, or flow / aufderflucht for the fixed games (MULTICHAT_FLOW_ID, MULTICHAT_AUFDERFLUCHT_ID). ' +
          'active is false when a connected dialog is not live; survey_ids is then empty.',
        security: [],
        params: gameMetaParams,
        response: { 200: gameMetaResponse, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (req) => gameMeta(ctx, req.params.id),
  );
}
