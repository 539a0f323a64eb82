import { describe, expect, it } from 'vitest';
import { botEntry, textInput, turn, userEntry } from '../test-data.ts';
import { chatReducer, INITIAL_CHAT } from './chat-reducer.ts';
import type { ChatTurn } from './chat-types.ts';

describe('chat state', () => {
  it('a resumed history shows at once, a new chat is paced from the start', () => {
    const res = turn([botEntry('Hallo'), botEntry('Wie heißen Sie?')], textInput());
    const resumed = chatReducer(INITIAL_CHAT, { type: 'loaded', res, resumed: true });
    expect(resumed).toMatchObject({ phase: 'ready', revealed: 2, instantUntil: 2 });
    const fresh = chatReducer(INITIAL_CHAT, { type: 'loaded', res, resumed: false });
    expect(fresh).toMatchObject({ revealed: 0, instantUntil: 0 });
  });

  it("an answer's own entries show with it, the bot's follow one by one", () => {
    const ready = chatReducer(INITIAL_CHAT, {
      type: 'loaded',
      res: turn([botEntry('Frage')], textInput()),
      resumed: true,
    });
    const sending = chatReducer(ready, { type: 'sending', text: 'Anna' });
    expect(sending.sending).toBe('Anna');
    const answered = chatReducer(sending, {
      type: 'answered',
      res: turn([userEntry('Anna'), botEntry('Danke'), botEntry('Nächste Frage')], textInput({ turn: 1 })),
    });
    expect(answered).toMatchObject({ sending: null, revealed: 2, input: { turn: 1 } });
    expect(answered.messages).toHaveLength(4);
    expect(chatReducer(answered, { type: 'reveal' }).revealed).toBe(3);
  });

  it('a multi-dialog turn that arrived through the long poll is not added twice by its answer', () => {
    const game = (ids: number[], after_id: number, extra: Partial<ChatTurn> = {}): ChatTurn => ({
      ...turn(
        ids.map((id) => ({ ...botEntry(`m${id}`), id })),
        textInput({ turn: after_id }),
      ),
      waiting: false,
      after_id,
      ...extra,
    });
    const ready = chatReducer(INITIAL_CHAT, { type: 'loaded', res: game([1, 2], 2), resumed: true });
    expect(ready).toMatchObject({ afterId: 2, waiting: false });
    const waiting = chatReducer(ready, {
      type: 'followed',
      res: game([3], 3, { input: null, waiting: true }),
      sentAfter: 2,
    });
    expect(waiting).toMatchObject({ afterId: 3, waiting: true, input: null });
    const polled = chatReducer(waiting, { type: 'followed', res: game([4, 5], 5), sentAfter: 3 });
    expect(polled.messages.map((m) => m.context)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(polled).toMatchObject({ waiting: false, input: { turn: 5 } });
    // The answer's response repeats the turn the poll brought: nothing doubles, nothing goes back.
    const answered = chatReducer(polled, { type: 'answered', res: game([4, 5], 5) });
    expect(answered.messages).toHaveLength(5);
    const older = chatReducer(polled, { type: 'answered', res: game([4], 4, { finished: true }) });
    expect(older).toMatchObject({ afterId: 5, finished: false });
    // A poll sent before the answer moved on is dropped: the next poll asks after the newest id.
    expect(chatReducer(polled, { type: 'followed', res: game([3, 4, 5], 5), sentAfter: 2 })).toBe(polled);
  });

  it('a partial resume shows the preview until the server answers', () => {
    const opening = chatReducer(INITIAL_CHAT, { type: 'opening', preview: [botEntry('alt')] });
    expect(opening).toMatchObject({ phase: 'loading', revealed: 1, instantUntil: 1 });
  });
});
