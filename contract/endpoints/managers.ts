import { apiErrorSchema } from '../api-error.ts';
import { successResponse } from '../dialogs.ts';
import { endpoint } from '../endpoint.ts';
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

const tags = ['dialog managers'];
/** A manager the caller may not read is a 404; a dialog that belongs to another manager, or a trigger that exists, a 409. */
const errors = { 404: apiErrorSchema, 409: apiErrorSchema };

/**
 * Dialog managers and triggers (SPEC §7) and our manager calls (issue 7). The calls on a manager check
 * the caller's rights on it in the service (server/managers/access.ts); the calls on a dialog here.
 */
export const managerEndpoints = {
  // ---------------------------------------------------------------- SPEC §7
  findDialogManagerStatus: endpoint({
    method: 'GET',
    path: '/api/find_dialogmanager_status/:id',
    caller: 'author',
    dialog: 'view',
    tags,
    summary: 'The manager a dialog belongs to (id = survey_id); connected_status is {} when none',
    params: surveyIdParams,
    response: managerStatusResponse,
    errors,
  }),
  connectedSurveys: endpoint({
    method: 'GET',
    path: '/api/get_connected_surveys/:id',
    caller: 'author',
    tags,
    summary:
      "The manager's dialogs by order (owner, or anyone who may view one of them); each caller gets " +
      'only the dialogs she may view herself',
    params: idParams,
    response: connectedSurveysResponse,
    errors,
  }),
  dialogManagerTriggers: endpoint({
    method: 'GET',
    path: '/api/get_dialogmanager_trigger/:id',
    caller: 'author',
    tags,
    summary:
      "The manager's triggers (owner, or anyone who may view one of its dialogs); only those whose two " +
      'dialogs the caller may know',
    params: idParams,
    response: triggerObjectsResponse,
    errors,
  }),
  triggerTargets: endpoint({
    method: 'GET',
    path: '/api/get_trigger_targets/:id',
    caller: 'author',
    dialog: 'configure',
    tags,
    summary:
      'For the trigger form of a dialog (id = survey_id; needs configure on it): the block ids and ' +
      "titles of the live dialogs of the dialog's manager (none when its own connection is dormant); " +
      'dialog_manager_id null when it has none',
    params: surveyIdParams,
    response: triggerTargetsResponse,
    errors,
  }),
  createTrigger: endpoint({
    method: 'POST',
    path: '/api/create_trigger',
    caller: 'author',
    tags,
    summary:
      'Attach a trigger (type;survey_id;question_id) to a block; 201 when created. A waitAPI trigger ' +
      'answers its inbound secret once (api_secret). Needs configure on the dialog (the owner of the ' +
      'manager too); neither dialog may be a dormant connection.',
    body: createTriggerRequest,
    status: 201,
    response: createTriggerResponse,
    errors,
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
  resetTriggerSecret: endpoint({
    method: 'POST',
    path: '/api/reset_trigger_secret',
    caller: 'author',
    tags,
    summary:
      'A new inbound secret for a waitAPI trigger, shown once; the old one stops working (configure on ' +
      'the dialog of the trigger)',
    body: resetTriggerSecretRequest,
    response: resetTriggerSecretResponse,
    errors,
  }),

  // ---------------------------------------------------------------- managers
  dialogManagerList: endpoint({
    method: 'POST',
    path: '/api/get_dialogmanager_list',
    caller: 'author',
    tags,
    summary:
      "The caller's own dialog managers with their dialogs, and the manager of each dialog she " +
      'owns or is a member of (dialog_links)',
    response: managerListResponse,
    errors,
  }),
  createDialogManager: endpoint({
    method: 'POST',
    path: '/api/create_dialogmanager',
    caller: 'author',
    tags,
    summary:
      'Create a dialog manager; connected dialogs need the configure right and must not belong to ' +
      'another manager (409). 201 when created.',
    body: createManagerRequest,
    status: 201,
    response: managerSchema,
    errors,
  }),
  dialogManager: endpoint({
    method: 'POST',
    path: '/api/get_dialogmanager',
    caller: 'author',
    tags,
    summary: 'One dialog manager (owner, or anyone who may view one of its dialogs)',
    body: managerRequest,
    response: managerSchema,
    errors,
  }),
  updateDialogManager: endpoint({
    method: 'POST',
    path: '/api/update_dialogmanager',
    caller: 'author',
    tags,
    summary:
      'Change the fields sent (owner only). connected_surveys replaces the whole list: removed dialogs ' +
      'lose the triggers that touch them; new ones need configure and must not belong to another manager.',
    body: updateManagerRequest,
    response: managerSchema,
    errors,
  }),
  deleteDialogManager: endpoint({
    method: 'POST',
    path: '/api/delete_dialogmanager',
    caller: 'author',
    tags,
    summary: 'Delete a dialog manager with its triggers; its dialogs stay (owner only)',
    body: managerRequest,
    response: successResponse,
    errors,
  }),
  disconnectDialog: endpoint({
    method: 'POST',
    path: '/api/disconnect_dialog',
    caller: 'author',
    dialog: 'configure',
    tags,
    summary:
      'Take a dialog out of the dialog manager it belongs to, whoever owns that manager (needs configure ' +
      'on the dialog); the triggers that touch it are deleted. Success also when it belongs to none.',
    body: disconnectDialogRequest,
    response: successResponse,
    errors,
  }),
  gameMeta: endpoint({
    method: 'GET',
    path: '/api/game_meta/:id',
    caller: 'public',
    tags,
    summary: "Public: a game's title, description, favicon, social meta, dialogs and media host",
    description:
      'id: a dialog_manager_id, or flow / aufderflucht for the fixed games (MULTICHAT_FLOW_ID, MULTICHAT_AUFDERFLUCHT_ID). ' +
      'active is false when a connected dialog is not live; survey_ids is then empty.',
    params: gameMetaParams,
    response: gameMetaResponse,
    errors: { 404: apiErrorSchema },
  }),
};
