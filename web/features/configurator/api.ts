import type { z } from 'zod';
import type {
  JumpRef,
  recreateBlockRequest,
  UpdateSurveyBlocksRequest,
} from '../../../contract/block-updates.ts';
import { type Block, editableKeys } from '../../../contract/blocks.ts';
import type { Connection, NodePosition, UpdateSurveySettingsRequest } from '../../../contract/dialogs.ts';
import { endpoints } from '../../../contract/endpoints/index.ts';
import type { MediaType } from '../../../contract/media.ts';
import type { createConditionRequest } from '../../../contract/training.ts';
import type { ApiClient } from '../../api/client.ts';

/** Every call of the configurator (SPEC §7 and the media calls), typed by the endpoint table. */
export function configuratorApi(api: ApiClient) {
  return {
    load: (surveyId: string) => api.call(endpoints.getSurveyDataConfigurator, { survey_id: surveyId }),
    blocks: (req: UpdateSurveyBlocksRequest) => api.call(endpoints.updateSurveyBlocks, req),
    settings: (req: UpdateSurveySettingsRequest) => api.call(endpoints.updateSurveySettings, req),
    structure: (surveyId: string, connections: Connection[]) =>
      api.call(endpoints.surveyStructure, { id: surveyId, connections }),
    positions: (surveyId: string, positions: readonly NodePosition[]) =>
      api.call(endpoints.surveyPositions, { id: surveyId, positions: [...positions] }),
    /** Chats with stored answers to a block, live and test apart (asked before a delete). */
    answerCount: (surveyId: string, blockId: string) =>
      api.call(endpoints.blockAnswerCount, { id: surveyId, question_id: blockId }),
    mediaList: (surveyId: string) => api.call(endpoints.getMediaList, { survey_id: surveyId }),
    /** The fields come before the file: the server checks right and size limit before storing a byte. */
    uploadMedia: (surveyId: string, type: MediaType, file: File) => {
      const form = new FormData();
      form.append('survey_id', surveyId);
      form.append('type', type);
      form.append('file', file, file.name);
      return api.call(endpoints.uploadMedia, form);
    },
    deleteMedia: (surveyId: string, filename: string) =>
      api.call(endpoints.deleteMedia, { survey_id: surveyId, filename_db: filename }),
    createCondition: (surveyId: string, req: z.infer<typeof createConditionRequest>) =>
      api.call(endpoints.createGptExitCondition, { id: surveyId, ...req }),
    updateCondition: (surveyId: string, conditionId: number, condition: string) =>
      api.call(endpoints.updateGptExitCondition, { id: surveyId, conditionId, condition }),
    deleteCondition: (surveyId: string, conditionId: number) =>
      api.call(endpoints.deleteGptExitCondition, { id: surveyId, conditionId }),
    llmStatus: () => api.call(endpoints.llmStatus),
    /** 'Wiederherstellen': a version copied into the working copy (issue 21). */
    restoreVersion: (surveyId: string, number: number) =>
      api.call(endpoints.restoreVersion, { survey_id: surveyId, number }),
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
