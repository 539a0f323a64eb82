import { describe, expect, it } from 'vitest';
import { type PlacedTrigger, waitCycle } from './wait-cycle.ts';

const waitFor = (survey: string, question: string, target: string): PlacedTrigger => ({
  survey_id: survey,
  unique_question_id: question,
  trigger: `waitFor;${target}`,
});

describe('waitCycle', () => {
  it('finds the loop of two blocks that wait for each other', () => {
    const existing = [waitFor('A', 'a1', 'B;b1')];
    expect(waitCycle(existing, waitFor('B', 'b1', 'A;a1'))).toEqual(['B/b1', 'A/a1']);
  });

  it('finds a longer loop and names its blocks in order', () => {
    const existing = [waitFor('A', 'a1', 'B;b1'), waitFor('B', 'b1', 'C;c1'), waitFor('X', 'x', 'A;a1')];
    expect(waitCycle(existing, waitFor('C', 'c1', 'A;a1'))).toEqual(['C/c1', 'A/a1', 'B/b1']);
  });

  it('accepts chains and waits on blocks that do not wait back', () => {
    const existing = [waitFor('A', 'a1', 'B;b1'), waitFor('B', 'b2', 'A;a1')];
    expect(waitCycle(existing, waitFor('C', 'c1', 'A;a1'))).toBeNull();
    expect(waitCycle(existing, waitFor('B', 'b1', 'C;c1'))).toBeNull();
  });

  it('ignores moveTo and waitAPI triggers, which do not hold a block', () => {
    const existing: PlacedTrigger[] = [
      { survey_id: 'A', unique_question_id: 'a1', trigger: 'moveTo;B;b1' },
      { survey_id: 'A', unique_question_id: 'a1', trigger: 'waitAPI;A;a2' },
    ];
    expect(waitCycle(existing, waitFor('B', 'b1', 'A;a1'))).toBeNull();
    expect(waitCycle([], { survey_id: 'B', unique_question_id: 'b1', trigger: 'moveTo;A;a1' })).toBeNull();
  });
});
