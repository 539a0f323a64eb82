import {
  addCondition,
  type ExitCondition,
  removeCondition,
  setConditionText,
  textOf,
} from '../model/conditions.ts';
import type { WriteContext } from './write-context.ts';
import type { Change, Prepared, Write } from './write-types.ts';

type ConditionWrite = Extract<Write, { op: 'condition_create' | 'condition_update' | 'condition_delete' }>;

/** A GPT block's exit conditions (SPEC §7), shown at once; a new one has a draft id until it is saved. */
export function prepareConditionWrite(ctx: WriteContext, op: ConditionWrite): Prepared {
  const { api, sync } = ctx;
  const survey_id = sync.surveyId();
  switch (op.op) {
    case 'condition_create':
      return sync.optimistic(
        {
          kind: 'condition_add',
          condition: {
            id: sync.draftConditionId(),
            survey_id,
            unique_question_id: op.unique_question_id,
            condition: op.condition,
          },
        },
        () =>
          api.createCondition(survey_id, {
            unique_question_id: op.unique_question_id,
            condition: op.condition,
          }),
        (d, res) => addCondition(d, res),
        (res) => ({ condition_id: res.id }),
      );
    case 'condition_update':
      return sync.optimistic(
        { kind: 'condition_set', id: op.condition_id, condition: op.condition },
        () => api.updateCondition(survey_id, op.condition_id, op.condition),
        (d, res) => setConditionText(d, res.id, res.condition),
      );
    case 'condition_delete':
      return sync.optimistic(
        { kind: 'condition_remove', id: op.condition_id },
        () => api.deleteCondition(survey_id, op.condition_id),
        (d) => removeCondition(d, op.condition_id),
      );
  }
}

export function conditionWriters(ctx: WriteContext, change: Change) {
  return {
    /** A new exit condition of a GPT block (POST /api/surveys/{id}/gpt_exit_conditions). */
    addCondition(unique_question_id: string, condition: string) {
      return change({ op: 'condition_create', unique_question_id, condition }, (result) =>
        result.condition_id === undefined
          ? null
          : {
              type: 'gpt_condition',
              change: 'create',
              unique_question_id,
              condition_id: result.condition_id,
              condition,
              time: ctx.now(),
            },
      );
    },

    updateCondition(condition: ExitCondition, text: string) {
      return change({ op: 'condition_update', condition_id: condition.id, condition: text }, () => ({
        type: 'gpt_condition',
        change: 'update',
        unique_question_id: condition.unique_question_id,
        condition_id: condition.id,
        old_value: textOf(condition),
        new_value: text,
        time: ctx.now(),
      }));
    },

    deleteCondition(condition: ExitCondition) {
      return change({ op: 'condition_delete', condition_id: condition.id }, () => ({
        type: 'gpt_condition',
        change: 'delete',
        unique_question_id: condition.unique_question_id,
        condition_id: condition.id,
        condition: textOf(condition),
        time: ctx.now(),
      }));
    },
  };
}
