import { apiErrors } from '../api-error.ts';
import { endpointGroup, postGroup } from '../endpoint.ts';
import {
  addExampleRequest,
  assignInboxRequest,
  blockRequest,
  conditionIdParams,
  conditionParams,
  conditionResponse,
  createConditionRequest,
  exampleResponse,
  examplesResponse,
  idRequest,
  importExamplesRequest,
  importExamplesResponse,
  inboxRequest,
  inboxResponse,
  jumpsParams,
  jumpsResponse,
  setThresholdRequest,
  statusResponse,
  successResponse,
  trainResponse,
  updateConditionRequest,
  updateExampleRequest,
} from '../training.ts';

const tags = ['training'];
const errors = apiErrors(409);
/** The Trainieren module's calls need the 'train' capability. */
const trainCall = postGroup('training', { dialog: 'train', errors });
/** A GPT block's exit conditions belong to its configuration. */
const conditionCall = endpointGroup({ caller: 'author', dialog: 'configure', tags, errors });

/** The Trainieren module's calls (contract/training.ts) and the GPT exit conditions (SPEC §7). */
export const trainingEndpoints = {
  trainingdataJumps: trainCall({
    method: 'GET',
    path: '/api/surveys/:id/trainingdata_jumps/:question_id',
    summary: "A block's jumps: one per branch and the 'keiner davon' branch (SPEC §7)",
    params: jumpsParams,
    response: jumpsResponse,
  }),
  trainingGetExamples: trainCall({
    path: '/api/training/get_examples',
    summary: "The examples of a free-text block's branches",
    body: blockRequest,
    response: examplesResponse,
  }),
  trainingAddExample: trainCall({
    path: '/api/training/add_example',
    summary: 'Add an example to a branch',
    body: addExampleRequest,
    response: exampleResponse,
  }),
  trainingImportExamples: trainCall({
    path: '/api/training/import_examples',
    summary: 'Add many examples at once: lines into a branch, or a label,text CSV into the block',
    body: importExamplesRequest,
    response: importExamplesResponse,
  }),
  trainingUpdateExample: trainCall({
    path: '/api/training/update_example',
    summary: "Change an example's text or move it",
    body: updateExampleRequest,
    response: exampleResponse,
  }),
  trainingDeleteExample: trainCall({
    path: '/api/training/delete_example',
    summary: 'Remove an example',
    body: idRequest,
    response: successResponse,
  }),
  trainingTrain: trainCall({
    path: '/api/training/train',
    summary: 'Start training in the background',
    body: blockRequest,
    response: trainResponse,
  }),
  trainingStatus: trainCall({
    path: '/api/training/status',
    summary: 'Training status, progress and metrics',
    body: blockRequest,
    response: statusResponse,
  }),
  trainingSetThreshold: trainCall({
    path: '/api/training/set_threshold',
    summary: "Set the block's confidence threshold",
    body: setThresholdRequest,
    response: successResponse,
  }),
  trainingGetInbox: trainCall({
    path: '/api/training/get_inbox',
    summary: 'Low-confidence and flagged answers to learn from',
    body: inboxRequest,
    response: inboxResponse,
  }),
  trainingAssignInbox: trainCall({
    path: '/api/training/assign_inbox',
    summary: 'Make an inbox answer an example of a branch',
    body: assignInboxRequest,
    response: exampleResponse,
  }),
  trainingDismissInbox: trainCall({
    path: '/api/training/dismiss_inbox',
    summary: 'Drop an inbox answer',
    body: idRequest,
    response: successResponse,
  }),
  createGptExitCondition: conditionCall({
    method: 'POST',
    path: '/api/surveys/:id/gpt_exit_conditions',
    summary: 'Add an exit condition to a GPT block (SPEC §7)',
    params: conditionParams,
    body: createConditionRequest,
    response: conditionResponse,
  }),
  updateGptExitCondition: conditionCall({
    method: 'PUT',
    path: '/api/surveys/:id/gpt_exit_conditions/:conditionId',
    summary: 'Change an exit condition (SPEC §7)',
    params: conditionIdParams,
    body: updateConditionRequest,
    response: conditionResponse,
  }),
  deleteGptExitCondition: conditionCall({
    method: 'DELETE',
    path: '/api/surveys/:id/gpt_exit_conditions/:conditionId',
    summary: 'Remove an exit condition (SPEC §7)',
    params: conditionIdParams,
    response: successResponse,
  }),
};
