import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints/index.ts';
import type { AppContext } from '../context.ts';
import { trainingJumps } from '../training/branches.ts';
import { addExample, deleteExample, getExamples, updateExample } from '../training/examples.ts';
import { createCondition, deleteCondition, updateCondition } from '../training/gpt-conditions.ts';
import { importExamples } from '../training/import-examples.ts';
import { assignInbox, dismissInbox, getInbox } from '../training/inbox.ts';
import { setThreshold, startTraining, trainingStatus } from '../training/trainer.ts';
import { serve } from './serve.ts';

/** The Trainieren module's calls (contract/training.ts) and the GPT exit conditions (SPEC §7). */
export function registerTrainingRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, endpoints.trainingdataJumps, ({ access, params }) =>
    trainingJumps(ctx, access, params.question_id),
  );
  serve(app, ctx, endpoints.trainingGetExamples, ({ access, body }) =>
    getExamples(ctx, access, body.unique_question_id),
  );
  serve(app, ctx, endpoints.trainingAddExample, ({ access, body }) => addExample(ctx, access, body));
  serve(app, ctx, endpoints.trainingImportExamples, ({ access, body }) => importExamples(ctx, access, body));
  serve(app, ctx, endpoints.trainingUpdateExample, ({ access, body }) => updateExample(ctx, access, body));
  serve(app, ctx, endpoints.trainingDeleteExample, ({ access, body }) => deleteExample(ctx, access, body.id));
  serve(app, ctx, endpoints.trainingTrain, ({ access, body }) =>
    startTraining(ctx, access, body.unique_question_id),
  );
  serve(app, ctx, endpoints.trainingStatus, ({ access, body }) =>
    trainingStatus(ctx, access, body.unique_question_id),
  );
  serve(app, ctx, endpoints.trainingSetThreshold, ({ access, body }) =>
    setThreshold(ctx, access, body.unique_question_id, body.threshold),
  );
  serve(app, ctx, endpoints.trainingGetInbox, ({ access, body }) => getInbox(ctx, access, body));
  serve(app, ctx, endpoints.trainingAssignInbox, ({ access, body }) => assignInbox(ctx, access, body));
  serve(app, ctx, endpoints.trainingDismissInbox, ({ access, body }) => dismissInbox(ctx, access, body.id));
  serve(app, ctx, endpoints.createGptExitCondition, ({ access, body }) => createCondition(ctx, access, body));
  serve(app, ctx, endpoints.updateGptExitCondition, ({ access, params, body }) =>
    updateCondition(ctx, access, params.conditionId, body.condition),
  );
  serve(app, ctx, endpoints.deleteGptExitCondition, ({ access, params }) =>
    deleteCondition(ctx, access, params.conditionId),
  );
}
