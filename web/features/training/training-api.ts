import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Dialog } from '../../../contract/dialogs.ts';
import type {
  ExamplesResponse,
  InboxResponse,
  jumpSchema,
  StatusResponse,
} from '../../../contract/training.ts';
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
    queryFn: () => authorApi.post<Dialog>('/api/dialog', { survey_id: surveyId }),
    select: (d) => d.all_questions,
    enabled: !!surveyId,
  });
}

export function useExamples(surveyId: string, qid: string) {
  return useQuery({
    queryKey: keys.examples(surveyId, qid),
    queryFn: () =>
      authorApi.post<ExamplesResponse>('/api/training/get_examples', {
        survey_id: surveyId,
        unique_question_id: qid,
      }),
  });
}

export function useJumps(surveyId: string, qid: string) {
  return useQuery({
    queryKey: keys.jumps(surveyId, qid),
    queryFn: () =>
      authorApi.get<Jump[]>(
        `/api/surveys/${encodeURIComponent(surveyId)}/trainingdata_jumps/${encodeURIComponent(qid)}`,
      ),
  });
}

/** The training status; polled every second while a training runs. */
export function useTrainingStatus(surveyId: string, qid: string) {
  return useQuery({
    queryKey: keys.status(surveyId, qid),
    queryFn: () =>
      authorApi.post<StatusResponse>('/api/training/status', {
        survey_id: surveyId,
        unique_question_id: qid,
      }),
    refetchInterval: (query) => (query.state.data?.status === 'training' ? 1000 : false),
  });
}

export function useInbox(surveyId: string, qid: string) {
  return useQuery({
    queryKey: keys.inbox(surveyId, qid),
    queryFn: () =>
      authorApi.post<InboxResponse>('/api/training/get_inbox', {
        survey_id: surveyId,
        unique_question_id: qid,
      }),
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

const PATHS: Record<TrainingAction['kind'], string> = {
  add: '/api/training/add_example',
  update: '/api/training/update_example',
  delete: '/api/training/delete_example',
  train: '/api/training/train',
  threshold: '/api/training/set_threshold',
  assign: '/api/training/assign_inbox',
  dismiss: '/api/training/dismiss_inbox',
};

/** Calls that need the block id in the body (the others name an example or inbox entry by id). */
const BLOCK_CALLS: ReadonlySet<TrainingAction['kind']> = new Set(['add', 'train', 'threshold']);

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
    mutationFn: ({ kind, ...fields }: TrainingAction) =>
      authorApi.post<unknown>(PATHS[kind], {
        survey_id: surveyId,
        ...(BLOCK_CALLS.has(kind) ? { unique_question_id: qid } : {}),
        ...fields,
      }),
    onError: (failure, action) => {
      if (atField(action) && fieldError(failure) !== null) return;
      reportCallError(errorTitle(action.kind), failure);
    },
    onSettled: () => client.invalidateQueries({ queryKey: ['training', surveyId, qid] }),
  });
}
