import { apiErrorSchema } from '../api-error.ts';
import {
  answerCountParams,
  answerCountResponse,
  staleBlockResponse,
  updateSurveyBlocksRequest,
  updateSurveyBlocksResponse,
} from '../block-updates.ts';
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
} from '../dialogs.ts';
import { postGroup } from '../endpoint.ts';
import { preflightRequest, preflightResponse } from '../preflight.ts';
import { authorRoutes } from './author-routes.ts';

const authorCall = postGroup('dialogs');
/** The configurator's calls: the configure right, and API keys with the 'manage' scope. */
const configureCall = postGroup('dialogs', { dialog: 'configure', keyScope: 'manage' });

/** Dashboard, dialog data, blocks, settings, graph structure and the live switch (SPEC §7). */
export const dialogEndpoints = {
  getSurveyList: authorCall({
    keyScope: 'read',
    ...authorRoutes.getSurveyList,
    summary: 'Dialogs the author owns, is a member of or is invited to',
    response: surveyListResponse,
  }),
  createSurvey: authorCall({
    keyScope: 'manage',
    ...authorRoutes.createSurvey,
    summary: 'Create a dialog with start and end nodes and default settings',
    body: createSurveyRequest,
    response: surveyIdResponse,
  }),
  duplicateSurvey: configureCall({
    ...authorRoutes.duplicateSurvey,
    summary: 'Copy a dialog (blocks, media, GPT conditions, training examples); the copy is inactive',
    body: surveyRequest,
    response: surveyIdResponse,
  }),
  deleteSurvey: authorCall({
    ...authorRoutes.deleteSurvey,
    dialog: 'owner',
    summary: 'Delete a dialog with all its data (owner only)',
    body: surveyRequest,
    response: successResponse,
  }),
  getSurveyDataConfigurator: configureCall({
    path: '/api/get_survey_data_configurator',
    summary: 'The dialog for the configurator (needs the configure right and the Bearbeiten module)',
    body: surveyRequest,
    response: dialogSchema,
  }),
  dialog: authorCall({
    ...authorRoutes.dialog,
    dialog: 'view',
    summary: 'The current dialog data, for any member',
    body: surveyRequest,
    response: dialogSchema,
  }),
  updateSurveyBlocks: configureCall({
    path: '/api/update_survey_blocks',
    summary: 'Change the blocks of a dialog; 409 with the current block when the given version is stale',
    body: updateSurveyBlocksRequest,
    response: updateSurveyBlocksResponse,
    errors: { 409: staleBlockResponse.or(apiErrorSchema) },
  }),
  blockAnswerCount: configureCall({
    method: 'GET',
    path: '/api/surveys/:id/blocks/:question_id/answer_count',
    summary:
      "How many chats (live and test apart) stored answers to a block: asked before it is deleted, since a deleted block's answers leave Analyse and the export",
    params: answerCountParams,
    response: answerCountResponse,
  }),
  updateSurveySettings: configureCall({
    path: '/api/update_survey_settings',
    summary: 'Change settings (config), welcome/ending (fixmessages) or a block is_end (survey_list_isEnd)',
    body: updateSurveySettingsRequest,
    response: updateSurveySettingsResponse,
  }),
  surveyStructure: configureCall({
    path: '/api/surveys/:id/structure',
    summary: 'Store edges drawn in the graph as jumps',
    params: structureParams,
    body: structureRequest,
    response: structureResponse,
  }),
  surveyPositions: configureCall({
    path: '/api/surveys/:id/positions',
    summary: 'Move many graph nodes (blocks, start and end) at once',
    params: structureParams,
    body: positionsRequest,
    response: positionsResponse,
  }),
  switchActivateLink: configureCall({
    ...authorRoutes.switchActivateLink,
    dialog: 'live_switch',
    dialogIdField: 'item.survey_id',
    summary:
      'Switch a dialog live or inactive (item: the dialog with active flipped); going live runs the pre-flight check: 400 with its issues on errors, or on warnings without confirm',
    body: switchActivateLinkRequest,
    response: switchActivateLinkResponse,
  }),
  preflight: authorCall({
    keyScope: 'read',
    ...authorRoutes.preflight,
    dialog: 'configure',
    summary:
      "The pre-flight check ('Prüfen'): what is wrong (errors) or risky (warnings) before going live, and the end redirects' addresses (info, never blocking)",
    body: preflightRequest,
    response: preflightResponse,
  }),
};
