import type { z } from 'zod';
import type {
  AnswerCount,
  JumpRef,
  recreateBlockRequest,
  UpdateSurveyBlocksRequest,
  UpdateSurveyBlocksResponse,
} from '../../../contract/block-updates.ts';
import { type Block, editableKeys } from '../../../contract/blocks.ts';
import type {
  Connection,
  Dialog,
  NodePosition,
  positionsResponse,
  structureResponse,
  UpdateSurveySettingsRequest,
  updateSurveySettingsResponse,
} from '../../../contract/dialogs.ts';
import type { LlmStatus } from '../../../contract/llm.ts';
import type { MediaFile, MediaType, mediaListResponse } from '../../../contract/media.ts';
import type { ConditionResponse, createConditionRequest } from '../../../contract/training.ts';
import type { ApiClient } from '../../api/client.ts';

export type SettingsResponse = z.infer<typeof updateSurveySettingsResponse>;
export type StructureResponse = z.infer<typeof structureResponse>;
export type MediaListResponse = z.infer<typeof mediaListResponse>;
export type PositionsResponse = z.infer<typeof positionsResponse>;

const conditionsPath = (surveyId: string) =>
  `/api/surveys/${encodeURIComponent(surveyId)}/gpt_exit_conditions`;

/** Every call of the configurator (SPEC §7 and the media calls), typed by contract/dialogs.ts. */
export function configuratorApi(api: ApiClient) {
  return {
    load: (surveyId: string) =>
      api.post<Dialog>('/api/get_survey_data_configurator', { survey_id: surveyId }),
    blocks: (req: UpdateSurveyBlocksRequest) =>
      api.post<UpdateSurveyBlocksResponse>('/api/update_survey_blocks', req),
    settings: (req: UpdateSurveySettingsRequest) =>
      api.post<SettingsResponse>('/api/update_survey_settings', req),
    structure: (surveyId: string, connections: Connection[]) =>
      api.post<StructureResponse>(`/api/surveys/${encodeURIComponent(surveyId)}/structure`, { connections }),
    positions: (surveyId: string, positions: readonly NodePosition[]) =>
      api.post<PositionsResponse>(`/api/surveys/${encodeURIComponent(surveyId)}/positions`, { positions }),
    /** Chats with stored answers to a block, live and test apart (asked before a delete). */
    answerCount: (surveyId: string, blockId: string) =>
      api.get<AnswerCount>(
        `/api/surveys/${encodeURIComponent(surveyId)}/blocks/${encodeURIComponent(blockId)}/answer_count`,
      ),
    mediaList: (surveyId: string) =>
      api.post<MediaListResponse>('/api/get_media_list', { survey_id: surveyId }),
    /** The fields come before the file: the server checks right and size limit before storing a byte. */
    uploadMedia: (surveyId: string, type: MediaType, file: File) => {
      const form = new FormData();
      form.append('survey_id', surveyId);
      form.append('type', type);
      form.append('file', file, file.name);
      return api.post<MediaFile>('/api/upload_media', form);
    },
    deleteMedia: (surveyId: string, filename: string) =>
      api.post<{ msg: 'success' }>('/api/delete_media', { survey_id: surveyId, filename_db: filename }),
    createCondition: (surveyId: string, req: z.infer<typeof createConditionRequest>) =>
      api.post<ConditionResponse>(conditionsPath(surveyId), req),
    updateCondition: (surveyId: string, conditionId: number, condition: string) =>
      api.put<ConditionResponse>(`${conditionsPath(surveyId)}/${conditionId}`, { condition }),
    deleteCondition: (surveyId: string, conditionId: number) =>
      api.delete<{ msg: 'success' }>(`${conditionsPath(surveyId)}/${conditionId}`),
    llmStatus: () => api.get<LlmStatus>('/api/llm_status'),
  };
}
export type ConfiguratorApi = ReturnType<typeof configuratorApi>;

/**
 * The recreate call for a block as it was (undo of delete, redo of create) or for a copy: all its fields
 * at the top level, its place, its creation time and the jumps to put back. A copy keeps the id, which
 * is taken, so the server gives it a new one.
 */
export function recreateRequest(
  surveyId: string,
  block: Block,
  restoreJumps: readonly JumpRef[],
  copy = false,
): z.infer<typeof recreateBlockRequest> {
  const fields = Object.fromEntries(
    editableKeys(block.type)
      .filter((k) => k !== 'type')
      .map((k) => [k, (block as Record<string, unknown>)[k]]),
  );
  return {
    ...fields,
    survey_id: surveyId,
    action: 'recreate',
    unique_question_id: block.unique_question_id,
    type: block.type,
    // A copy goes right after the original and is new; a block brought back keeps place and age.
    order: copy ? block.order + 1 : block.order,
    ...(copy ? {} : { created_on: block.created_on }),
    ...(restoreJumps.length > 0 ? { restore_jumps: [...restoreJumps] } : {}),
  };
}
