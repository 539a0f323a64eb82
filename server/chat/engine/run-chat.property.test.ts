import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BLOCK_TYPES, type BlockType, LIKERT_NA_LABEL } from '../../../contract/blocks.ts';
import type { ChatMessage } from '../../../contract/chat.ts';
import { INPUT_TYPES } from '../../../contract/dialog-flow.ts';
import { parse } from '../../../contract/text-content.ts';
import { type BlockSpec, testDialog } from '../../test/chat-fixtures.ts';
import { END, NOW, start } from '../../test/engine-play.ts';
import { runChat } from './run-chat.ts';
import type { AnswerValue, EngineEnv, EngineResult, PreparedDialog } from './types.ts';

// ---------------------------------------------------------------- property: never throws, always consistent

const ids = ['b0', 'b1', 'b2', 'b3', 'b4', 'b5'];
const target = fc.oneof(fc.constant(null), fc.constantFrom(...ids, END, 'gone'));
const label = fc.constantFrom('Ja', 'Nein', 'Vielleicht', 'Preis', 'Qualität', 'grün', 'A', 'B');
const inputTypes: BlockType[] = BLOCK_TYPES.filter((t) => t !== 'end');

const blockSpec = (id: string): fc.Arbitrary<BlockSpec> =>
  fc
    .record({
      type: fc.constantFrom<BlockType>(...inputTypes, 'end'),
      options: fc.uniqueArray(label, { minLength: 2, maxLength: 4 }),
      jumps: fc.array(target, { minLength: 4, maxLength: 4 }),
      jump_to_question: target,
      nachfrage: fc.constantFrom('', 'Warum?'),
      is_end: fc.constantFrom(0, 0, 0, 1),
      likert_na: fc.constantFrom(0, 1),
      inverse: fc.constantFrom(0, 1),
      variable: fc.constantFrom('', 'v', 'w'),
      context: fc.constantFrom('Text', '{{v}}§§#100#', '#5#', ''),
    })
    .map((r) => {
      const withOptions = ['single_choice', 'multiple_choice', 'likert', 'open_text'].includes(r.type);
      const options = withOptions ? r.options : [];
      return {
        id,
        type: r.type,
        context: r.context,
        options,
        jump_to_ids: options.map((_, i) => r.jumps[i] ?? null),
        jump_to_reactions: options.map((o) => `R ${o}`),
        jump_to_question: r.jump_to_question,
        nachfrage: r.nachfrage,
        is_end: r.type === 'end' ? 1 : r.is_end,
        likert_na: r.likert_na,
        inverse: r.inverse,
        variable: r.variable,
        min: 0,
        max: 100,
        integer: 1,
        min_date: '2000-01-01',
        max_date: '2030-12-31',
        qa_pairs: [{ question: 'Wie lange dauert es?', answer: 'Kurz.' }],
      } satisfies BlockSpec;
    });

const dialogArb = fc
  .record({ blocks: fc.tuple(...ids.map(blockSpec)), startAt: fc.constantFrom(-1, 0, 3) })
  .map(({ blocks, startAt }) => {
    if (startAt >= 0) blocks[startAt]!.start_page = 1;
    return testDialog(blocks);
  });

const answerArb: fc.Arbitrary<AnswerValue> = fc.oneof(
  label,
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '42',
    '3,5',
    '-1',
    '1e5',
    'NaN',
    '2024-02-30',
    '01.01.2020',
    'a@b.de',
    'weiter',
    LIKERT_NA_LABEL,
  ),
  fc.double(),
  fc.integer(),
  fc.array(fc.oneof(label, fc.string()), { maxLength: 4 }),
);

type Step = { answer: AnswerValue; wrongId: boolean; oldTurn: boolean };
const stepArb: fc.Arbitrary<Step> = fc.record({
  answer: answerArb,
  wrongId: fc.constantFrom(false, false, false, true),
  oldTurn: fc.constantFrom(false, false, false, true),
});

function checkConsistent(d: PreparedDialog, r: EngineResult, now: number) {
  const { state } = r;
  expect(r.finished).toBe(state.status === 'finished');
  if (state.status === 'finished') {
    expect(state.at).toBeNull();
    expect(r.input).toBeNull();
  } else {
    expect(state.status).toBe('waiting');
    const at = state.at!;
    const block = d.byId.get(at.id)!;
    expect(block).toBeDefined();
    expect(r.input?.unique_question_id).toBe(at.id);
    if (at.phase === 'nachfrage') {
      expect(block.nachfrage.trim()).not.toBe('');
      expect(at.next === null || d.byId.has(at.next)).toBe(true);
      expect(r.input?.nachfrage_id).toBe(at.id);
    } else {
      expect([...INPUT_TYPES]).toContain(block.type);
    }
  }
  expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  for (const m of r.messages as ChatMessage[]) {
    expect(m.created_on).toBe(now);
    expect(['user', 'bot']).toContain(m.user_or_bot);
    if (m.user_or_bot === 'bot') parse(m.context);
  }
  for (const a of r.answers) {
    expect(typeof a.value).toBe('string');
    expect(a.value_num === null || Number.isFinite(a.value_num)).toBe(true);
  }
}

// No language model, one that fails, and one that talks until the third answer.
const envArb = fc.constantFrom<EngineEnv>(
  {},
  { gpt: () => undefined, qa: () => undefined },
  {
    gpt: (r) => ({ done: r.step >= 3, question: 'Noch etwas?§§' }),
    qa: (r) => (r.question.length % 2 === 0 ? null : 'Antwort'),
  },
);

describe('property: random dialogs and random answers', () => {
  it('never throws and never leaves the state inconsistent', () => {
    fc.assert(
      fc.property(dialogArb, envArb, fc.array(stepArb, { maxLength: 25 }), (d, env, steps) => {
        let r = start(d, env);
        checkConsistent(d, r, NOW);
        steps.forEach((step, i) => {
          const now = NOW + i + 1;
          const input = r.input;
          const event = {
            kind: 'answer' as const,
            now,
            unique_question_id: step.wrongId || !input ? 'b0' : input.unique_question_id,
            nachfrage_id: input?.nachfrage_id ?? null,
            turn: step.oldTurn ? r.state.turn - 1 : r.state.turn,
            answer: step.answer,
          };
          const before = r.state;
          const next = runChat(d, before, event, env);
          if (next.outcome === 'stale') {
            expect(next.state).toBe(before);
          } else {
            expect(['ok', 'invalid']).toContain(next.outcome);
            expect(next.state.turn).toBe(before.turn + 1);
            if (next.outcome === 'invalid') expect(next.answers).toEqual([]);
          }
          checkConsistent(d, next, now);
          r = next.outcome === 'stale' ? { ...r, messages: [], answers: [] } : next;
        });
      }),
      { numRuns: 400 },
    );
  });
});
