import { apiErrors } from '../api-error.ts';
import { successResponse } from '../dialogs.ts';
import { endpoint, endpointGroup, postGroup } from '../endpoint.ts';
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
} from '../managers.ts';
import {
  createTriggerRequest,
  createTriggerResponse,
  resetTriggerSecretRequest,
  resetTriggerSecretResponse,
  triggerObjectsResponse,
  triggerTargetsResponse,
} from '../triggers.ts';
import { respondentRoutes } from './respondent-routes.ts';

const tags = ['dialog managers'];
/** A manager the caller may not read is a 404; a dialog that belongs to another manager, or a trigger that exists, a 409. */
const errors = apiErrors(404, 409);
const getCall = endpointGroup({ method: 'GET', caller: 'author', tags, errors });
const postCall = postGroup('dialog managers', { errors });

/**
 * Dialog managers and triggers (SPEC §7) and our manager calls (issue 7). The calls on a manager check
 * the caller's rights on it in the service (server/managers/access.ts); the calls on a dialog here.
 */
export const managerEndpoints = {
  // ---------------------------------------------------------------- SPEC §7
  findDialogManagerStatus: getCall({
    path: '/api/find_dialogmanager_status/:id',
    dialog: 'view',
    summary: 'The manager a dialog belongs to (id = survey_id); connected_status is {} when none',
    params: surveyIdParams,
    response: managerStatusResponse,
  }),
  connectedSurveys: getCall({
    path: '/api/get_connected_surveys/:id',
    summary:
      "The manager's dialogs by order (owner, or anyone who may view one of them); each caller gets " +
      'only the dialogs she may view herself',
    params: idParams,
    response: connectedSurveysResponse,
  }),
  dialogManagerTriggers: getCall({
    path: '/api/get_dialogmanager_trigger/:id',
    summary:
      "The manager's triggers (owner, or anyone who may view one of its dialogs); only those whose two " +
      'dialogs the caller may know',
    params: idParams,
    response: triggerObjectsResponse,
  }),
  triggerTargets: getCall({
    path: '/api/get_trigger_targets/:id',
    dialog: 'configure',
    summary:
      'For the trigger form of a dialog (id = survey_id; needs configure on it): the block ids and ' +
      "titles of the live dialogs of the dialog's manager (none when its own connection is dormant); " +
      'dialog_manager_id null when it has none',
    params: surveyIdParams,
    response: triggerTargetsResponse,
  }),
  createTrigger: postCall({
    path: '/api/create_trigger',
    summary:
      'Attach a trigger (type;survey_id;question_id) to a block; 201 when created. A waitAPI trigger ' +
      'answers its inbound secret once (api_secret). Needs configure on the dialog (the owner of the ' +
      'manager too); neither dialog may be a dormant connection.',
    body: createTriggerRequest,
    status: 201,
    response: createTriggerResponse,
  }),
  deleteTrigger: endpoint({
    method: 'DELETE',
    path: '/api/delete_trigger/:id',
    caller: 'author',
    tags,
    summary: 'Remove a trigger (configure on the dialog of the trigger, the owner of the manager too)',
    params: idParams,
    response: successResponse,
    errors,
  }),
  resetTriggerSecret: postCall({
    path: '/api/reset_trigger_secret',
    summary:
      'A new inbound secret for a waitAPI trigger, shown once; the old one stops working (configure on ' +
      'the dialog of the trigger)',
    body: resetTriggerSecretRequest,
    response: resetTriggerSecretResponse,
  }),

  // ---------------------------------------------------------------- managers
  dialogManagerList: postCall({
    path: '/api/get_dialogmanager_list',
    summary:
      "The caller's own dialog managers with their dialogs, and the manager of each dialog she " +
      'owns or is a member of (dialog_links)',
    response: managerListResponse,
  }),
  createDialogManager: postCall({
    path: '/api/create_dialogmanager',
    summary:
      'Create a dialog manager; connected dialogs need the configure right and must not belong to ' +
      'another manager (409). 201 when created.',
    body: createManagerRequest,
    status: 201,
    response: managerSchema,
  }),
  dialogManager: postCall({
    path: '/api/get_dialogmanager',
    summary: 'One dialog manager (owner, or anyone who may view one of its dialogs)',
    body: managerRequest,
    response: managerSchema,
  }),
  updateDialogManager: postCall({
    path: '/api/update_dialogmanager',
    summary:
      'Change the fields sent (owner only). connected_surveys replaces the whole list: removed dialogs ' +
      'lose the triggers that touch them; new ones need configure and must not belong to another manager.',
    body: updateManagerRequest,
    response: managerSchema,
  }),
  deleteDialogManager: postCall({
    path: '/api/delete_dialogmanager',
    summary: 'Delete a dialog manager with its triggers; its dialogs stay (owner only)',
    body: managerRequest,
    response: successResponse,
  }),
  disconnectDialog: postCall({
    path: '/api/disconnect_dialog',
    dialog: 'configure',
    summary:
      'Take a dialog out of the dialog manager it belongs to, whoever owns that manager (needs configure ' +
      'on the dialog); the triggers that touch it are deleted. Success also when it belongs to none.',
    body: disconnectDialogRequest,
    response: successResponse,
  }),
  gameMeta: endpoint({
    ...respondentRoutes.gameMeta,
    caller: 'public',
    tags,
    summary: "Public: a game's title, description, favicon, social meta, dialogs and media host",
    description:
      'id: a dialog_manager_id, or flow / aufderflucht for the fixed games (MULTICHAT_FLOW_ID, MULTICHAT_AUFDERFLUCHT_ID). ' +
      'active is false when a connected dialog is not live; survey_ids is then empty.',
    params: gameMetaParams,
    response: gameMetaResponse,
    errors: apiErrors(404),
  }),
};
