import { describe, expect, it } from 'vitest';
import { makeBlock } from '../../../../contract/test-data.ts';
import type { TriggerObject } from '../../../../contract/triggers.ts';
import {
  blockOptions,
  blockTriggers,
  canCreate,
  createRequest,
  EMPTY_TRIGGER_DRAFT,
  targetBlockText,
  targetDialogs,
  withType,
} from './trigger-form.ts';

const connected = [
  { survey_id: 'own', survey_name: 'Eigener', order: 1 },
  { survey_id: 'other', survey_name: 'Anderer', order: 2 },
];

const trigger = (id: number, survey_id: string, block: string, text: string): TriggerObject => ({
  id,
  dialog_manager_id: 7,
  survey_id,
  unique_question_id: block,
  trigger: text,
  init_survey: false,
});

describe('trigger form', () => {
  it('offers the other dialogs; waitAPI may also continue in the dialog itself', () => {
    expect(targetDialogs(connected, 'own', 'moveTo').map((s) => s.survey_id)).toEqual(['other']);
    expect(targetDialogs(connected, 'own', 'waitFor').map((s) => s.survey_id)).toEqual(['other']);
    expect(targetDialogs(connected, 'own', 'waitAPI').map((s) => s.survey_id)).toEqual(['own', 'other']);
  });

  it('drops a target the new type does not allow', () => {
    const own = { ...EMPTY_TRIGGER_DRAFT, type: 'waitAPI' as const, survey_id: 'own', question_id: 'q' };
    expect(withType(own, 'moveTo', 'own')).toEqual({
      ...own,
      type: 'moveTo',
      survey_id: '',
      question_id: '',
    });
    const other = { ...own, survey_id: 'other' };
    expect(withType(other, 'waitFor', 'own')).toEqual({ ...other, type: 'waitFor' });
  });

  it('lists the target blocks by order and builds the create_trigger request', () => {
    const options = blockOptions([makeBlock('b2', 2), makeBlock('b1', 1)], (b) =>
      b.unique_question_id === 'b1' ? 'Erster' : '',
    );
    expect(options).toEqual([
      { id: 'b1', label: '#1 · Erster' },
      { id: 'b2', label: '#2 · b2' },
    ]);
    const draft = { type: 'moveTo' as const, survey_id: 'other', question_id: 'b1', init_survey: true };
    expect(canCreate(EMPTY_TRIGGER_DRAFT)).toBe(false);
    expect(canCreate(draft)).toBe(true);
    expect(createRequest(7, 'own', 'q1', draft)).toEqual({
      dialog_manager_id: 7,
      survey_id: 'own',
      unique_question_id: 'q1',
      trigger: 'moveTo;other;b1',
      init_survey: true,
    });
  });

  it('labels a target block of get_trigger_targets by its short name, else its preview', () => {
    const block = {
      unique_question_id: 'b1',
      order: 1,
      type: 'message',
      short_name: '',
      preview: 'Hallo',
      truncated: false,
    };
    const render = (content: string) => content.toUpperCase();
    expect(targetBlockText(block, render)).toBe('HALLO');
    expect(targetBlockText({ ...block, truncated: true }, render)).toBe('HALLO …');
    expect(targetBlockText({ ...block, short_name: 'Alibi' }, render)).toBe('Alibi');
    expect(targetBlockText({ ...block, preview: '', truncated: true }, render)).toBe('');
    expect(blockOptions([{ ...block, preview: '' }], (b) => targetBlockText(b, render))).toEqual([
      { id: 'b1', label: '#1 · b1' },
    ]);
  });

  it("splits a block's triggers into outgoing and incoming; malformed ones are left out", () => {
    const { outgoing, incoming } = blockTriggers(
      [
        trigger(1, 'own', 'q1', 'moveTo;other;b1'),
        trigger(2, 'other', 'b3', 'waitFor;own;q1'),
        trigger(3, 'own', 'q2', 'moveTo;other;b1'),
        trigger(4, 'own', 'q1', 'kaputt'),
      ],
      'own',
      'q1',
    );
    expect(outgoing.map((o) => [o.trigger.id, o.type, o.other_survey_id, o.other_question_id])).toEqual([
      [1, 'moveTo', 'other', 'b1'],
    ]);
    expect(incoming.map((o) => [o.trigger.id, o.type, o.other_survey_id, o.other_question_id])).toEqual([
      [2, 'waitFor', 'other', 'b3'],
    ]);
  });
});

describe('the timeout of a waitAPI trigger in the form', () => {
  const draft = {
    ...EMPTY_TRIGGER_DRAFT,
    type: 'waitAPI' as const,
    survey_id: 'own',
    question_id: 'q2',
    timeout_seconds: '30',
  };

  it('needs the block to go on at, and a whole number of seconds', () => {
    expect(canCreate(draft)).toBe(false);
    expect(canCreate({ ...draft, timeout_question_id: 'q3' })).toBe(true);
    expect(canCreate({ ...draft, timeout_question_id: 'q3', timeout_seconds: '1.5' })).toBe(false);
    expect(canCreate({ ...draft, timeout_seconds: '' })).toBe(true);
  });

  it('writes it into the trigger string, in the target dialog', () => {
    const request = createRequest(7, 'own', 'q1', { ...draft, timeout_question_id: 'q3' });
    expect(request.trigger).toBe('waitAPI;own;q2;30;own;q3');
    expect(createRequest(7, 'own', 'q1', { ...draft, timeout_seconds: '' }).trigger).toBe('waitAPI;own;q2');
  });
});
