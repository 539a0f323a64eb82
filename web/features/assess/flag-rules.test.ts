import { describe, expect, it } from 'vitest';
import { NONE_BRANCH } from '../../../contract/training.ts';
import { botEntry, userEntry } from '../../chat-kit/test-data.ts';
import { flagChoices, flaggingOn, routedBranches } from './flag-rules.ts';

const dialog = {
  survey_id: 'S1',
  survey_name: 'D',
  all_questions: [
    { unique_question_id: 'why', type: 'open_text', options: ['Preis', 'Qualität'] },
    { unique_question_id: 'free', type: 'open_text', options: [] },
    { unique_question_id: 'pick', type: 'single_choice', options: ['Ja', 'Nein'] },
  ],
};

describe("'Falsch zugeordnet' in the assessment chat", () => {
  it('is offered when the config allows feedback or is in training mode', () => {
    expect(flaggingOn({ feedback_allowed: true, training_mode: false })).toBe(true);
    expect(flaggingOn({ feedback_allowed: false, training_mode: true })).toBe(true);
    expect(flaggingOn({ feedback_allowed: false, training_mode: false })).toBe(false);
    expect(flaggingOn(null)).toBe(false);
  });

  it('applies to free-text answers of blocks with branches only', () => {
    expect(routedBranches(dialog, userEntry('teuer', { unique_question_id: 'why' }))).toEqual([
      'Preis',
      'Qualität',
    ]);
    expect(routedBranches(dialog, userEntry('x', { unique_question_id: 'free' }))).toBeNull();
    expect(
      routedBranches(dialog, userEntry('Ja', { unique_question_id: 'pick', type: 'single_choice-r' })),
    ).toBeNull();
    expect(routedBranches(dialog, botEntry('Warum?', { unique_question_id: 'why' }))).toBeNull();
    expect(routedBranches(null, userEntry('teuer', { unique_question_id: 'why' }))).toBeNull();
  });
});

describe("the assessment chat's 'Falsch zugeordnet' menu", () => {
  it("offers every branch, 'keiner davon' and no branch before the answer is flagged", () => {
    expect(flagChoices(['Preis', 'Qualität'], undefined)).toEqual(['Preis', 'Qualität', NONE_BRANCH, null]);
  });
  it('leaves out the branch chosen as the correction', () => {
    expect(flagChoices(['Preis', 'Qualität'], 'Qualität')).toEqual(['Preis', NONE_BRANCH, null]);
    expect(flagChoices(['Preis', 'Qualität'], NONE_BRANCH)).toEqual(['Preis', 'Qualität', null]);
    expect(flagChoices(['Preis', 'Qualität'], null)).toEqual(['Preis', 'Qualität', NONE_BRANCH]);
  });
});
