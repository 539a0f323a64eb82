import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../contract/api-error.ts';
import {
  createSurveyRequest,
  dialogSchema,
  positionsRequest,
  positionsResponse,
  structureParams,
  structureRequest,
  structureResponse,
  successResponse,
  surveyIdResponse,
  surveyListResponse,
  surveyRequest,
  switchActivateLinkRequest,
  switchActivateLinkResponse,
  updateSurveySettingsRequest,
  updateSurveySettingsResponse,
} from '../../contract/dialogs.ts';
import { requireAuthor } from '../auth/guard.ts';
import type { AppContext } from '../context.ts';
import { createSurvey, deleteSurvey, duplicateSurvey, listSurveys } from '../dialogs/dashboard.ts';
import { loadDialog } from '../dialogs/dialog-data.ts';
import { savePositions } from '../dialogs/positions.ts';
import { saveStructure, switchActive, updateSurveySettings } from '../dialogs/settings.ts';
import { requireDialog } from '../sharing/permissions.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

/** Dashboard, dialog data, settings, graph structure and the live switch (SPEC §7, ARCHITECTURE.md). */
export function registerDialogRoutes(instance: FastifyInstance, ctx: AppContext): void {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['dialogs'];

  app.post(
    '/api/get_survey_list',
    {
      schema: {
        tags,
        summary: 'Dialogs the author owns, is a member of or is invited to',
        response: { 200: surveyListResponse, ...errors },
      },
    },
    async (req) => listSurveys(ctx, (await requireAuthor(ctx, req)).id),
  );

  app.post(
    '/api/create_survey',
    {
      schema: {
        tags,
        summary: 'Create a dialog with start and end nodes and default settings',
        body: createSurveyRequest,
        response: { 200: surveyIdResponse, ...errors },
      },
    },
    async (req) => createSurvey(ctx, (await requireAuthor(ctx, req)).id, req.body.survey_name),
  );

  app.post(
    '/api/duplicate_survey',
    {
      schema: {
        tags,
        summary: 'Copy a dialog (blocks, media, GPT conditions, training examples); the copy is inactive',
        body: surveyRequest,
        response: { 200: surveyIdResponse, ...errors },
      },
    },
    async (req) => duplicateSurvey(ctx, await requireDialog(ctx, req, req.body.survey_id, 'configure')),
  );

  app.post(
    '/api/delete_survey',
    {
      schema: {
        tags,
        summary: 'Delete a dialog with all its data (owner only)',
        body: surveyRequest,
        response: { 200: successResponse, ...errors },
      },
    },
    async (req) => deleteSurvey(ctx, await requireDialog(ctx, req, req.body.survey_id, 'owner')),
  );

  app.post(
    '/api/get_survey_data_configurator',
    {
      schema: {
        tags,
        summary: 'The dialog for the configurator (needs the configure right and the Bearbeiten module)',
        body: surveyRequest,
        response: { 200: dialogSchema, ...errors },
      },
    },
    async (req) => loadDialog(ctx, await requireDialog(ctx, req, req.body.survey_id, 'configure')),
  );

  app.post(
    '/api/dialog',
    {
      schema: {
        tags,
        summary: 'The current dialog data, for any member',
        body: surveyRequest,
        response: { 200: dialogSchema, ...errors },
      },
    },
    async (req) => loadDialog(ctx, await requireDialog(ctx, req, req.body.survey_id, 'view')),
  );

  app.post(
    '/api/update_survey_settings',
    {
      schema: {
        tags,
        summary:
          'Change settings (config), welcome/ending (fixmessages) or a block is_end (survey_list_isEnd)',
        body: updateSurveySettingsRequest,
        response: { 200: updateSurveySettingsResponse, ...errors },
      },
    },
    async (req) =>
      updateSurveySettings(ctx, await requireDialog(ctx, req, req.body.survey_id, 'configure'), req.body),
  );

  app.post(
    '/api/surveys/:id/structure',
    {
      schema: {
        tags,
        summary: 'Store edges drawn in the graph as jumps',
        params: structureParams,
        body: structureRequest,
        response: { 200: structureResponse, ...errors },
      },
    },
    async (req) =>
      saveStructure(ctx, await requireDialog(ctx, req, req.params.id, 'configure'), req.body.connections),
  );

  app.post(
    '/api/surveys/:id/positions',
    {
      schema: {
        tags,
        summary: 'Move many graph nodes (blocks, start and end) at once',
        params: structureParams,
        body: positionsRequest,
        response: { 200: positionsResponse, ...errors },
      },
    },
    async (req) =>
      savePositions(ctx, await requireDialog(ctx, req, req.params.id, 'configure'), req.body.positions),
  );

  app.post(
    '/api/switch_activate_link',
    {
      schema: {
        tags,
        summary: 'Switch a dialog live or inactive (item: the dialog with active flipped)',
        body: switchActivateLinkRequest,
        response: { 200: switchActivateLinkResponse, ...errors },
      },
    },
    async (req) =>
      switchActive(
        ctx,
        await requireDialog(ctx, req, req.body.item.survey_id, 'live_switch'),
        req.body.item.active,
      ),
  );
}
