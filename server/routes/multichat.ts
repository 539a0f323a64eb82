import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../contract/api-error.ts';
import { restartDeleteResponse } from '../../contract/chat.ts';
import {
  multichatAnswerRequest,
  multichatRequest,
  multichatTurnResponse,
  multichatWaitRequest,
  TRIGGER_SECRET_HEADER,
  triggerApiParams,
  triggerApiRequest,
  triggerApiResponse,
  WAIT_SECONDS,
} from '../../contract/multichat.ts';
import type { AppContext } from '../context.ts';
import type { DbHandle } from '../db/connect.ts';
import { createNotifier } from '../multichat/notify.ts';
import { MultichatService } from '../multichat/service.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  503: apiErrorSchema,
};

const WHO =
  'With a live token: the participant\'s game (403 "Dialog ist nicht mehr aktiv." when a connected dialog ' +
  'is inactive, 403 live_not_registered unless the token was registered for every connected dialog with ' +
  "register_live_list). With an author token: the test game (needs 'test' on every connected dialog). " +
  '404 for an unknown manager or one without dialogs. Messages carry their survey_id and id; after_id is ' +
  'the id of the last message.';

/** Multi-dialog chats (issue 7; contract/multichat.ts) and the inbound waitAPI call. */
export function registerMultichatRoutes(
  instance: FastifyInstance,
  ctx: AppContext,
  database: DbHandle,
): void {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['multichat'];
  const notifier = createNotifier(ctx, database.url, instance.log);
  const service = new MultichatService(ctx, notifier);
  app.addHook('onReady', () => notifier.start());
  // Before the server waits for requests in flight: open long polls answer now.
  app.addHook('preClose', async () => notifier.release());
  app.addHook('onClose', () => notifier.close());

  app.post(
    '/api/multichat/start',
    {
      schema: {
        tags,
        summary: 'Begin the game, or return it as it is when it has begun (whole history and current input)',
        description: WHO,
        body: multichatRequest,
        response: { 200: multichatTurnResponse, ...errors },
      },
    },
    (req) => service.start(req, req.body.dialog_manager_id),
  );

  app.post(
    '/api/multichat/history',
    {
      schema: {
        tags,
        summary: 'The whole history and the current input, to resume after a reload',
        description: `${WHO} 404 when no game has begun.`,
        body: multichatRequest,
        response: { 200: multichatTurnResponse, ...errors },
      },
    },
    (req) => service.history(req, req.body.dialog_manager_id),
  );

  app.post(
    '/api/multichat/answer',
    {
      schema: {
        tags,
        summary: 'Answer the current input; returns the new entries (of every dialog they came from)',
        description: `${WHO} survey_id, unique_question_id, nachfrage_id and turn as in the input; 409 when they are not the current input (also while the game waits for a waitAPI call).`,
        body: multichatAnswerRequest,
        response: { 200: multichatTurnResponse, ...errors, 409: apiErrorSchema },
      },
    },
    (req) => service.answer(req, req.body),
  );

  app.post(
    '/api/multichat/wait',
    {
      schema: {
        tags,
        summary: 'Long poll: the entries after after_id as soon as the game goes on',
        description: `${WHO} Answers at once when there are entries after after_id (or the game is finished); else as soon as the game goes on (an inbound trigger call, an answer in another tab, on any server process); else after ${WAIT_SECONDS} s with no entries, and the client calls again. 404 when no game has begun.`,
        body: multichatWaitRequest,
        response: { 200: multichatTurnResponse, ...errors },
      },
    },
    (req) => service.wait(req, req.body.dialog_manager_id, req.body.after_id),
  );

  app.post(
    '/api/multichat/restart',
    {
      schema: {
        tags,
        summary: 'A fresh game (the old one stays as unfinished); returns its whole history',
        description: WHO,
        body: multichatRequest,
        response: { 200: multichatTurnResponse, ...errors },
      },
    },
    (req) => service.restart(req, req.body.dialog_manager_id),
  );

  app.post(
    '/api/multichat/delete',
    {
      schema: {
        tags,
        summary: "Withdrawn consent: the player's data in every dialog of the game is deleted",
        description:
          'Live token only (403 for author tokens). Deletes the game sessions and the answers and messages ' +
          "of every connected dialog, revokes the player's credentials; also for inactive dialogs, and " +
          'again when nothing is left. 403 live_not_registered for credentials of dialogs outside the game.',
        body: multichatRequest,
        response: { 200: restartDeleteResponse, ...errors },
      },
    },
    (req) => service.deletePlayer(req, req.body.dialog_manager_id),
  );

  app.post(
    '/api/trigger_api/:trigger_id',
    {
      schema: {
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
        security: [],
        params: triggerApiParams,
        body: triggerApiRequest,
        response: { 200: triggerApiResponse, ...errors, 409: apiErrorSchema },
      },
    },
    (req) => {
      const header = req.headers[TRIGGER_SECRET_HEADER];
      return service.release(
        req.params.trigger_id,
        typeof header === 'string' ? header : undefined,
        req.body,
      );
    },
  );
}
