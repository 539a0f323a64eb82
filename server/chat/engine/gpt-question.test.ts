import { describe, expect, it } from 'vitest';
import { blockTitle } from '../../../contract/blocks.ts';
import { blocksOf, testDialog } from '../../test/chat-fixtures.ts';
import { reply, start, texts } from '../../test/engine-play.ts';
import type { EngineEnv, GptRequest } from './types.ts';

/** A gpt block's question for respondents: shown first, always; the model follows up on the answers. */

const GPT = {
  id: 'g',
  type: 'gpt' as const,
  context: 'Frage nach, was genau gefallen hat.',
  question: 'Was hat Ihnen am Kurs gefallen?',
  nachfrage: 'Erzählen Sie mehr.',
  max_turns: 3,
};

describe('gpt block question', () => {
  it('asks the question first, without a model, and never shows the instruction', () => {
    const d = testDialog([GPT, { id: 'q2', type: 'open_text', context: 'Noch etwas?' }]);
    const first = start(d);
    expect(texts(first)).toEqual(['Willkommen!', 'Was hat Ihnen am Kurs gefallen?']);
    expect(first.input).toMatchObject({ type: 'gpt', unique_question_id: 'g' });
    const next = reply(d, first, 'Die Übungen');
    expect(next.answers).toEqual([expect.objectContaining({ kind: 'gpt', value: 'Die Übungen' })]);
    expect(texts(next)).toEqual(['Noch etwas?']);
    expect([...texts(first), ...texts(next)].join(' ')).not.toContain('Frage nach');
  });

  it('without a model: the answer is stored, thanked for, and the chat takes the default path, no follow-up', () => {
    const d = testDialog([
      { ...GPT, acknowledgement: 'Danke!', variable: 'kurs', jump_to_question: 'mail' },
      { id: 'skipped', type: 'open_text', context: 'Diese Frage kommt nicht.' },
      { id: 'mail', type: 'email', context: 'Ihre E-Mail, {{kurs}}?' },
    ]);
    const first = start(d);
    expect(texts(first).at(-1)).toBe('Was hat Ihnen am Kurs gefallen?');
    const next = reply(d, first, 'Die Übungen');
    expect(next.answers).toEqual([expect.objectContaining({ kind: 'gpt', value: 'Die Übungen' })]);
    // Neither the fixed follow-up nor an empty bubble: the model would have written it from the answer.
    expect(texts(next)).toEqual(['Danke!', 'Ihre E-Mail, Die Übungen?']);
    expect(next.input).toMatchObject({ type: 'email', unique_question_id: 'mail' });
  });

  it('asks the question before the model writes, and the model follows up on the answer', () => {
    const requests: GptRequest[] = [];
    const env: EngineEnv = {
      gpt: (r) => {
        requests.push(r);
        return { done: false, question: 'Welche Übung genau?' };
      },
    };
    const d = testDialog([GPT]);
    const first = start(d, env);
    expect(texts(first)).toEqual(['Willkommen!', 'Was hat Ihnen am Kurs gefallen?']);
    expect(requests).toEqual([]);
    const next = reply(d, first, 'Die Übungen', env);
    expect(requests.map((r) => [r.step, r.answer])).toEqual([[1, 'Die Übungen']]);
    expect(texts(next)).toEqual(['Welche Übung genau?']);
  });

  it('titles the block by its question, else its follow-up, else its instruction', () => {
    const [withQuestion, withFollowUp, bare, message] = blocksOf([
      GPT,
      { ...GPT, id: 'g2', question: '' },
      { ...GPT, id: 'g3', question: '', nachfrage: '' },
      { id: 'm', type: 'message', context: 'Hallo' },
    ]);
    expect(blockTitle(withQuestion!)).toBe('Was hat Ihnen am Kurs gefallen?');
    expect(blockTitle(withFollowUp!)).toBe('Erzählen Sie mehr.');
    expect(blockTitle(bare!)).toBe('Frage nach, was genau gefallen hat.');
    expect(blockTitle(message!)).toBe('Hallo');
  });
});
