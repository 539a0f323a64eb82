import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../contract/chat.ts';
import { DEFAULT_SPEED } from '../../../contract/constants.ts';
import { effectiveSpeed } from '../chat-look.ts';
import { bubbleDelayMs, revealDelays, TYPING } from './pacing.ts';

const entry = (context: string, user_or_bot: 'user' | 'bot'): ChatMessage => ({
  context,
  created_on: 0,
  type: user_or_bot === 'user' ? 'open_text-r' : 'message',
  unique_question_id: null,
  nachfrage_id: null,
  current_question_id: null,
  finished_question_id: null,
  user_or_bot,
});

describe('delay pacing', () => {
  it('an author delay (#ms#) shows the typing indicator exactly that long, whatever the speed', () => {
    expect(bubbleDelayMs('#1500#§§Hallo', 0.5)).toBe(1500);
    expect(bubbleDelayMs('#1500#§§Hallo', 2)).toBe(1500);
    expect(bubbleDelayMs('#0#§§Hallo', 0.5)).toBe(bubbleDelayMs('Hallo', 0.5));
  });

  it('without one, the typing time grows with the text within its bounds', () => {
    expect(bubbleDelayMs('Hi', DEFAULT_SPEED)).toBe(TYPING.minMs);
    expect(bubbleDelayMs('x'.repeat(40), DEFAULT_SPEED)).toBe(40 * TYPING.perCharMs);
    expect(bubbleDelayMs('x'.repeat(10_000), DEFAULT_SPEED)).toBe(TYPING.maxMs);
    expect(bubbleDelayMs('image:file:a.png', DEFAULT_SPEED)).toBe(TYPING.mediaMs);
    expect(bubbleDelayMs('', DEFAULT_SPEED)).toBe(0);
  });

  it('speed scales it: the default 0.5 is the base, higher is faster, lower slower', () => {
    const text = 'x'.repeat(40);
    const base = bubbleDelayMs(text, 0.5);
    expect(bubbleDelayMs(text, 1)).toBe(base / 2);
    expect(bubbleDelayMs(text, 2)).toBe(base / 4);
    expect(bubbleDelayMs(text, 0.25)).toBe(base * 2);
  });

  it('an unusable speed falls back to the default 0.5 (SPEC §9)', () => {
    for (const speed of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, null, undefined]) {
      expect(effectiveSpeed(speed)).toBe(DEFAULT_SPEED);
    }
    expect(effectiveSpeed(1.5)).toBe(1.5);
  });

  it("the respondent's own entries appear at once", () => {
    expect(revealDelays([entry('Antwort', 'user'), entry('#700#§§Danke', 'bot')], 1)).toEqual([0, 700]);
  });
});
