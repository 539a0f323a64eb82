import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { apiErrorSchema } from '../../contract/api-error.ts';
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
} from '../../contract/training.ts';
import type { AppContext } from '../context.ts';
import { requireDialog } from '../sharing/permissions.ts';
import { trainingJumps } from '../training/branches.ts';
import { addExample, deleteExample, getExamples, updateExample } from '../training/examples.ts';
import { createCondition, deleteCondition, updateCondition } from '../training/gpt-conditions.ts';
import { assignInbox, dismissInbox, getInbox } from '../training/inbox.ts';
import { setThreshold, startTraining, trainingStatus } from '../training/trainer.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/** The Trainieren module's calls (contract/training.ts) and the GPT exit conditions (SPEC §7). */
export function registerTrainingRoutes(instance: FastifyInstance, ctx: AppContext): void {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['training'];

  /** A POST /api/training/* call on a dialog, guarded by the 'train' capability. */
  function trainingCall<B extends z.ZodType<{ survey_id: string }>, R extends z.ZodType>(
    name: string,
    summary: string,
    body: B,
    response: R,
    handler: (access: Awaited<ReturnType<typeof requireDialog>>, body: z.infer<B>) => Promise<z.infer<R>>,
  ) {
    // The plain instance: the zod schemas still validate and serialise; the helper types body and reply.
    instance.post(
      `/api/training/${name}`,
      { schema: { tags, summary, body, response: { 200: response, ...errors } } },
      async (req) => {
        const parsed = req.body as z.infer<B>;
        return handler(await requireDialog(ctx, req, parsed.survey_id, 'train'), parsed);
      },
    );
  }

  app.get(
    '/api/surveys/:id/trainingdata_jumps/:question_id',
    {
      schema: {
        tags,
        summary: "A block's jumps: one per branch and the 'keiner davon' branch (SPEC §7)",
        params: jumpsParams,
        response: { 200: jumpsResponse, ...errors },
      },
    },
    async (req) =>
      trainingJumps(ctx, await requireDialog(ctx, req, req.params.id, 'train'), req.params.question_id),
  );

  trainingCall(
    'get_examples',
    "The examples of a free-text block's branches",
    blockRequest,
    examplesResponse,
    (a, b) => getExamples(ctx, a, b.unique_question_id),
  );
  trainingCall('add_example', 'Add an example to a branch', addExampleRequest, exampleResponse, (a, b) =>
    addExample(ctx, a, b),
  );
  trainingCall(
    'update_example',
    "Change an example's text or move it",
    updateExampleRequest,
    exampleResponse,
    (a, b) => updateExample(ctx, a, b),
  );
  trainingCall('delete_example', 'Remove an example', idRequest, successResponse, (a, b) =>
    deleteExample(ctx, a, b.id),
  );
  trainingCall('train', 'Start training in the background', blockRequest, trainResponse, (a, b) =>
    startTraining(ctx, a, b.unique_question_id),
  );
  trainingCall('status', 'Training status, progress and metrics', blockRequest, statusResponse, (a, b) =>
    trainingStatus(ctx, a, b.unique_question_id),
  );
  trainingCall(
    'set_threshold',
    "Set the block's confidence threshold",
    setThresholdRequest,
    successResponse,
    (a, b) => setThreshold(ctx, a, b.unique_question_id, b.threshold),
  );
  trainingCall(
    'get_inbox',
    'Low-confidence and flagged answers to learn from',
    inboxRequest,
    inboxResponse,
    (a, b) => getInbox(ctx, a, b),
  );
  trainingCall(
    'assign_inbox',
    'Make an inbox answer an example of a branch',
    assignInboxRequest,
    exampleResponse,
    (a, b) => assignInbox(ctx, a, b),
  );
  trainingCall('dismiss_inbox', 'Drop an inbox answer', idRequest, successResponse, (a, b) =>
    dismissInbox(ctx, a, b.id),
  );

  app.post(
    '/api/surveys/:id/gpt_exit_conditions',
    {
      schema: {
        tags,
        summary: 'Add an exit condition to a GPT block (SPEC §7)',
        params: conditionParams,
        body: createConditionRequest,
        response: { 200: conditionResponse, ...errors },
      },
    },
    async (req) => createCondition(ctx, await requireDialog(ctx, req, req.params.id, 'configure'), req.body),
  );

  app.put(
    '/api/surveys/:id/gpt_exit_conditions/:conditionId',
    {
      schema: {
        tags,
        summary: 'Change an exit condition (SPEC §7)',
        params: conditionIdParams,
        body: updateConditionRequest,
        response: { 200: conditionResponse, ...errors },
      },
    },
    async (req) =>
      updateCondition(
        ctx,
        await requireDialog(ctx, req, req.params.id, 'configure'),
        req.params.conditionId,
        req.body.condition,
      ),
  );

  app.delete(
    '/api/surveys/:id/gpt_exit_conditions/:conditionId',
    {
      schema: {
        tags,
        summary: 'Remove an exit condition (SPEC §7)',
        params: conditionIdParams,
        response: { 200: successResponse, ...errors },
      },
    },
    async (req) =>
      deleteCondition(ctx, await requireDialog(ctx, req, req.params.id, 'configure'), req.params.conditionId),
  );
}
