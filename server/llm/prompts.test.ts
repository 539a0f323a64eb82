import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../contract/chat.ts';
import {
  gptMessages,
  gptReplySchema,
  qaMessages,
  qaReplySchema,
  TRANSCRIPT_LIMIT,
  transcript,
} from './prompts.ts';

const entry = (
  user_or_bot: 'user' | 'bot',
  context: string,
): Pick<ChatMessage, 'user_or_bot' | 'context'> => ({
  user_or_bot,
  context,
});

describe('prompts', () => {
  it('the transcript is plain text of the latest entries, oldest first', () => {
    const text = transcript([
      entry('bot', 'image:file:a.png§§Hallo!§§#800#'),
      entry('user', 'image:keine Markierung'),
      entry('bot', '   '),
    ]);
    expect(text).toBe('Bot: Hallo!\nRespondent: image:keine Markierung');
    const many = Array.from({ length: TRANSCRIPT_LIMIT + 5 }, (_, i) => entry('user', `A${i}`));
    const lines = transcript(many).split('\n');
    expect(lines).toHaveLength(TRANSCRIPT_LIMIT);
    expect(lines.at(-1)).toBe(`Respondent: A${TRANSCRIPT_LIMIT + 4}`);
  });

  it('the gpt prompt names the instruction, the conditions, the language and the form of address', () => {
    const [system, user] = gptMessages({
      language: 'de',
      du_sie: 'du',
      instruction: 'Frag nach dem Grund.',
      conditions: ['Ein Grund ist genannt.'],
      conversation: 'Respondent: weil',
      step: 1,
    });
    expect(system!.content).toContain('Frag nach dem Grund.');
    expect(system!.content).toContain('- Ein Grund ist genannt.');
    expect(system!.content).toContain('"du"');
    expect(system!.content).toContain('"done": true');
    expect(user!.content).toContain('Respondent: weil');
    const [opening] = gptMessages({
      language: 'en',
      du_sie: 'sie',
      instruction: 'Ask why.',
      conditions: [],
      conversation: '',
      step: 0,
    });
    expect(opening!.content).toContain('Write in English.');
    expect(opening!.content).toContain('first follow-up question');
    expect(opening!.content).toContain('There are no exit conditions');
  });

  it('the qa prompt lists the pairs as plain text', () => {
    const [system, user] = qaMessages({
      language: 'de',
      du_sie: 'sie',
      question: 'Wie lange?',
      pairs: [{ question: 'Dauer?', answer: 'image:file:x.png§§Fünf Minuten.' }],
      conversation: '',
    });
    expect(system!.content).toContain('1. Q: Dauer?\n   A: Fünf Minuten.');
    expect(system!.content).toContain('"Sie"');
    expect(user!.content).toBe('The question: Wie lange?');
  });

  it('replies are checked: done needs a boolean, the question may be left out when done', () => {
    expect(gptReplySchema.parse({ done: true })).toEqual({ done: true, question: '' });
    expect(gptReplySchema.safeParse({ done: 'yes', question: 'x' }).success).toBe(false);
    expect(qaReplySchema.parse({ answer: null })).toEqual({ answer: null });
    expect(qaReplySchema.safeParse({}).success).toBe(false);
  });
});
