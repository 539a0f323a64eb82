import { describe, expect, it } from 'vitest';
import { botEntry, userEntry } from '../chat/test-data.ts';
import { flaggingOn, routedBranches } from './flag-rules.ts';

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
