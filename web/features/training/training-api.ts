import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { endpoints } from '../../../contract/endpoints/index.ts';
import type { jumpSchema } from '../../../contract/training.ts';
import { authorApi } from '../../api/clients.ts';
import { reportCallError } from '../../lib/report-error.ts';
import { fieldError } from './training-rules.ts';

export type Jump = z.infer<typeof jumpSchema>;

const keys = {
  dialog: (surveyId: string) => ['training', surveyId, 'dialog'] as const,
  examples: (surveyId: string, qid: string) => ['training', surveyId, qid, 'examples'] as const,
  jumps: (surveyId: string, qid: string) => ['training', surveyId, qid, 'jumps'] as const,
  status: (surveyId: string, qid: string) => ['training', surveyId, qid, 'status'] as const,
  inbox: (surveyId: string, qid: string) => ['training', surveyId, qid, 'inbox'] as const,
};

/** The dialog with all its blocks (POST /api/dialog), fresh each time the screen opens. */
export function useDialogBlocks(surveyId: string) {
  return useQuery({
    queryKey: keys.dialog(surveyId),
    queryFn: () => authorApi.call(endpoints.dialog, { survey_id: surveyId }),
    select: (d) => d.all_questions,
    enabled: !!surveyId,
  });
}

export function useExamples(surveyId: string, qid: string) {
  return useQuery({
    queryKey: keys.examples(surveyId, qid),
    queryFn: () =>
      authorApi.call(endpoints.trainingGetExamples, { survey_id: surveyId, unique_question_id: qid }),
  });
}

export function useJumps(surveyId: string, qid: string) {
  return useQuery({
    queryKey: keys.jumps(surveyId, qid),
    queryFn: () => authorApi.call(endpoints.trainingdataJumps, { id: surveyId, question_id: qid }),
  });
}

/** The training status; polled every second while a training runs. */
export function useTrainingStatus(surveyId: string, qid: string) {
  return useQuery({
    queryKey: keys.status(surveyId, qid),
    queryFn: () => authorApi.call(endpoints.trainingStatus, { survey_id: surveyId, unique_question_id: qid }),
    refetchInterval: (query) => (query.state.data?.status === 'training' ? 1000 : false),
  });
}

export function useInbox(surveyId: string, qid: string) {
  return useQuery({
    queryKey: keys.inbox(surveyId, qid),
    queryFn: () =>
      authorApi.call(endpoints.trainingGetInbox, { survey_id: surveyId, unique_question_id: qid }),
    select: (data) => data.items,
  });
}

export type TrainingAction =
  | { kind: 'add'; branch: string; text: string }
  | { kind: 'update'; id: number; text?: string; branch?: string }
  | { kind: 'delete'; id: number }
  | { kind: 'train' }
  | { kind: 'threshold'; threshold: number }
  | { kind: 'assign'; id: number; branch: string }
  | { kind: 'dismiss'; id: number };

/** The call of an action; example and inbox calls name their entry by id, the others the block. */
function send(survey_id: string, unique_question_id: string, action: TrainingAction) {
  switch (action.kind) {
    case 'add':
      return authorApi.call(endpoints.trainingAddExample, {
        survey_id,
        unique_question_id,
        branch: action.branch,
        text: action.text,
      });
    case 'update':
      return authorApi.call(endpoints.trainingUpdateExample, {
        survey_id,
        id: action.id,
        text: action.text,
        branch: action.branch,
      });
    case 'delete':
      return authorApi.call(endpoints.trainingDeleteExample, { survey_id, id: action.id });
    case 'train':
      return authorApi.call(endpoints.trainingTrain, { survey_id, unique_question_id });
    case 'threshold':
      return authorApi.call(endpoints.trainingSetThreshold, {
        survey_id,
        unique_question_id,
        threshold: action.threshold,
      });
    case 'assign':
      return authorApi.call(endpoints.trainingAssignInbox, {
        survey_id,
        id: action.id,
        branch: action.branch,
      });
    case 'dismiss':
      return authorApi.call(endpoints.trainingDismissInbox, { survey_id, id: action.id });
  }
}

/** Calls whose refusal (a too long text, an example the branch has) shows at the example's field. */
export const atField = (action: TrainingAction) =>
  action.kind === 'add' || (action.kind === 'update' && action.text !== undefined);

/**
 * One mutation for the screen's write calls. Afterwards the examples, status and inbox reload (the
 * status tells whether the examples changed since the last model); a failure raises the error alert,
 * except a refused example text, which its field shows (the caller uses mutateAsync and fieldError).
 */
export function useTrainingAction(
  surveyId: string,
  qid: string,
  errorTitle: (kind: TrainingAction['kind']) => string,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: TrainingAction) => send(surveyId, qid, action),
    onError: (failure, action) => {
      if (atField(action) && fieldError(failure) !== null) return;
      reportCallError(errorTitle(action.kind), failure);
    },
    onSettled: () => client.invalidateQueries({ queryKey: ['training', surveyId, qid] }),
  });
}

export type ImportSource = { format: 'lines'; branch: string } | { format: 'csv' };

/**
 * Many examples at once: a dry run reports what would be added, the real call adds them and reloads the
 * block's examples and status. A refusal (a bad row) is the caller's to show at its field.
 */
export function useImportExamples(surveyId: string, qid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportSource & { text: string; dry_run: boolean }) =>
      authorApi.call(endpoints.trainingImportExamples, {
        survey_id: surveyId,
        unique_question_id: qid,
        ...input,
      }),
    onSuccess: (_, input) => {
      if (!input.dry_run) void client.invalidateQueries({ queryKey: ['training', surveyId, qid] });
    },
  });
}
