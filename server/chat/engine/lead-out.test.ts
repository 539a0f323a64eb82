import { describe, expect, it } from 'vitest';
import { endNodeId } from '../../../contract/blocks.ts';
import { testDialog } from '../../test/chat-fixtures.ts';
import { leadOut } from './lead-out.ts';
import { runChat } from './run-chat.ts';
import { initialState } from './types.ts';

const d = testDialog([
  { id: 'g', type: 'single_choice', context: 'Geschlecht?', options: ['Frau', 'Mann'] },
  { id: 'n', type: 'single_choice', context: 'Noch was?', options: ['ja'], nachfrage: 'Warum?' },
  { id: 'q', type: 'number', context: 'Zahl?', jump_to_question: endNodeId('S1') },
  { id: 'full', type: 'end', context: 'Quote voll.', is_end: 1 },
]);
const contexts = (r: { messages: { context: string }[] }) => r.messages.map((m) => m.context);
const answer = (unique_question_id: string, value: string) =>
  ({ kind: 'answer', now: 2, unique_question_id, answer: value }) as const;

describe('leadOut', () => {
  const started = runChat(d, initialState(), { kind: 'start', now: 1 });

  it('takes the answer, then shows the given end instead of the next block', () => {
    const r = leadOut(d, started.state, answer('g', 'Frau'), {}, 'full')!;
    expect(r.finished).toBe(true);
    expect(r.input).toBeNull();
    expect(r.answers.map((a) => a.value)).toEqual(['Frau']);
    // An end block with a text of its own closes the chat: the dialog's Abschluss is not sent after it.
    expect(contexts(r)).toEqual(['Frau', 'Quote voll.']);
  });

  it("the end marker leads to the dialog's ending only", () => {
    const r = leadOut(d, started.state, answer('g', 'Mann'), {}, endNodeId('S1'))!;
    expect(contexts(r)).toEqual(['Mann', 'Danke und tschüss!']);
  });

  it('a start shows the welcome, then the end', () => {
    const r = leadOut(d, initialState(), { kind: 'start', now: 1 }, {}, 'full')!;
    expect(contexts(r)).toEqual(['Willkommen!', 'Quote voll.']);
    expect(r.finished).toBe(true);
  });

  it('an answer refused, or one whose follow-up is asked first, is not led out (null)', () => {
    expect(leadOut(d, started.state, answer('g', 'Katze'), {}, 'full')).toBeNull();
    const atN = runChat(d, started.state, answer('g', 'Frau')).state;
    expect(leadOut(d, atN, answer('n', 'ja'), {}, 'full')).toBeNull();
  });
});
