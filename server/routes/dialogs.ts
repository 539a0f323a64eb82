import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints/index.ts';
import type { AppContext } from '../context.ts';
import { createSurvey, deleteSurvey, duplicateSurvey, listSurveys } from '../dialogs/dashboard.ts';
import { loadDialog } from '../dialogs/dialog-data.ts';
import { savePositions } from '../dialogs/positions.ts';
import { saveStructure, updateSurveySettings } from '../dialogs/settings.ts';
import { preflight, switchLive } from '../preflight/service.ts';
import { serve } from './serve.ts';

/** Dashboard, dialog data, settings, graph structure and the live switch (SPEC §7, ARCHITECTURE.md). */
export function registerDialogRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, endpoints.getSurveyList, ({ principal }) => listSurveys(ctx, principal.id));
  serve(app, ctx, endpoints.createSurvey, ({ principal, body }) =>
    createSurvey(ctx, principal.id, body.survey_name),
  );
  serve(app, ctx, endpoints.duplicateSurvey, ({ access }) => duplicateSurvey(ctx, access));
  serve(app, ctx, endpoints.deleteSurvey, ({ access }) => deleteSurvey(ctx, access));
  serve(app, ctx, endpoints.getSurveyDataConfigurator, ({ access }) => loadDialog(ctx, access));
  serve(app, ctx, endpoints.dialog, ({ access }) => loadDialog(ctx, access));
  serve(app, ctx, endpoints.updateSurveySettings, ({ access, body }) =>
    updateSurveySettings(ctx, access, body),
  );
  serve(app, ctx, endpoints.surveyStructure, ({ access, body }) =>
    saveStructure(ctx, access, body.connections),
  );
  serve(app, ctx, endpoints.surveyPositions, ({ access, body }) =>
    savePositions(ctx, access, body.positions),
  );
  serve(app, ctx, endpoints.switchActivateLink, ({ access, body }) =>
    switchLive(ctx, access, body.item.active, body.confirm === true),
  );
  serve(app, ctx, endpoints.preflight, async ({ access }) => ({ issues: await preflight(ctx, access) }));
}
