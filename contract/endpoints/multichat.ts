import { apiErrors } from '../api-error.ts';
import { restartDeleteResponse } from '../chat.ts';
import { endpoint, endpointGroup } from '../endpoint.ts';
import {
  multichatAnswerRequest,
  multichatRequest,
  multichatTurnResponse,
  multichatWaitRequest,
  triggerApiParams,
  triggerApiRequest,
  triggerApiResponse,
  WAIT_SECONDS,
} from '../multichat.ts';
import { respondentRoutes } from './respondent-routes.ts';

const tags = ['multichat'];
/** 404: no such manager, no dialogs or no game begun; 503: the server or the language model is busy. */
const gameErrors = apiErrors(404, 503);
/** The game's own calls: method and path from respondentRoutes. */
const playerCall = endpointGroup({ caller: 'participant', tags, errors: gameErrors });

const WHO =
  'With a live token: the participant\'s game (403 "Dialog ist nicht mehr aktiv." when a connected dialog ' +
  'is inactive, 403 live_not_registered unless the token was registered for every connected dialog with ' +
  "register_live_list). With an author token: the test game (needs 'test' on every connected dialog). " +
  '404 for an unknown manager or one without dialogs. Messages carry their survey_id and id; after_id is ' +
  'the id of the last message.';

/** Multi-dialog chats (issue 7; contract/multichat.ts) and the inbound waitAPI call. */
export const multichatEndpoints = {
  multichatStart: playerCall({
    ...respondentRoutes.multichatStart,
    summary: 'Begin the game, or return it as it is when it has begun (whole history and current input)',
    description: WHO,
    body: multichatRequest,
    response: multichatTurnResponse,
  }),
  multichatHistory: playerCall({
    ...respondentRoutes.multichatHistory,
    summary: 'The whole history and the current input, to resume after a reload',
    description: `${WHO} 404 when no game has begun.`,
    body: multichatRequest,
    response: multichatTurnResponse,
  }),
  multichatAnswer: playerCall({
    ...respondentRoutes.multichatAnswer,
    summary: 'Answer the current input; returns the new entries (of every dialog they came from)',
    description: `${WHO} survey_id, unique_question_id, nachfrage_id and turn as in the input; 409 when they are not the current input (also while the game waits for a waitAPI call).`,
    body: multichatAnswerRequest,
    response: multichatTurnResponse,
    errors: apiErrors(404, 409, 503),
  }),
  multichatWait: playerCall({
    ...respondentRoutes.multichatWait,
    summary: 'Long poll: the entries after after_id as soon as the game goes on',
    description: `${WHO} Answers at once when there are entries after after_id (or the game is finished); else as soon as the game goes on (an inbound trigger call, an answer in another tab, on any server process); else after ${WAIT_SECONDS} s with no entries, and the client calls again. 404 when no game has begun.`,
    body: multichatWaitRequest,
    response: multichatTurnResponse,
  }),
  multichatRestart: playerCall({
    ...respondentRoutes.multichatRestart,
    summary: 'A fresh game (the old one stays as unfinished); returns its whole history',
    description: WHO,
    body: multichatRequest,
    response: multichatTurnResponse,
  }),
  multichatDelete: playerCall({
    ...respondentRoutes.multichatDelete,
    summary: "Withdrawn consent: the player's data in every dialog of the game is deleted",
    description:
      'Live token only (403 for author tokens). Deletes the game sessions and the answers and messages ' +
      "of every connected dialog, revokes the player's credentials; also for inactive dialogs, and " +
      'again when nothing is left. 403 live_not_registered for credentials of dialogs outside the game.',
    body: multichatRequest,
    response: restartDeleteResponse,
  }),
  triggerApi: endpoint({
    method: 'POST',
    path: '/api/trigger_api/:trigger_id',
    caller: 'public',
    tags,
    summary: 'Inbound call of a waitAPI trigger: an external system lets a waiting chat go on',
    description:
      'Sent by an external system (a lab, a payment, a timer …) when the event a waitAPI trigger waits ' +
      `for has happened. Header \`X-Trigger-Secret\`: the trigger's secret (shown once by create_trigger ` +
      'or reset_trigger_secret). Body: `{ "username_live": "…" }`, the live participant whose chat goes ' +
      'on (returned by register_live_list), or `{ "user_id": n }` for an author\'s test game. The chat ' +
      "goes on at the trigger's target block, and the participant's open /api/multichat/wait call " +
      'returns the new messages. 401 when the secret is missing or wrong; 404 for an unknown trigger (or ' +
      'one that is not waitAPI) or a participant without a game of this manager; 409 when that game is ' +
      'not waiting for this trigger (not there yet, or released already). No user token is needed.',
    params: triggerApiParams,
    body: triggerApiRequest,
    response: triggerApiResponse,
    errors: apiErrors(401, 404, 409, 503),
  }),
};
