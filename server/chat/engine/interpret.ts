import { type Block, LIKERT_NA_LABEL, likertScore } from '../../../contract/blocks.ts';
import type { Classification } from '../../../contract/chat.ts';
import { parseDate } from './dates.ts';
import { parseNumber } from './numbers.ts';
import { record } from './turn.ts';
import type { AnswerRecord, AnswerValue, EngineEnv, OpenTextBlock, PreparedDialog } from './types.ts';

/**
 * What an answer to a question block means: the value shown and stored, the options chosen (for their
 * reactions and jumps), or the hint when it is refused and the question asked again.
 */

export const answerText = (answer: AnswerValue): string =>
  typeof answer === 'string' ? answer : typeof answer === 'number' ? String(answer) : answer.join(', ');

/** A refused answer shows as typed, unless the block shows what it understood (a date the dialog's way). */
export type Interpretation =
  | { ok: false; hint: string; display?: string }
  | { ok: true; display: string; value: string; records: AnswerRecord[]; chosen: number[] };

/** A number answer: sent as a number (a client's own input), or typed and read by the dialog's language. */
function numberAnswer(answer: AnswerValue, d: PreparedDialog): number | null {
  if (typeof answer === 'number') return Number.isFinite(answer) ? answer : null;
  return typeof answer === 'string' ? parseNumber(answer, d.language) : null;
}

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** A taken answer: shown and stored as `display`. */
const taken = (display: string, records: AnswerRecord[], chosen: number[] = []): Interpretation => ({
  ok: true,
  display,
  value: display,
  records,
  chosen,
});

/** The one option label picked (a list of exactly one, or a typed text); null for none or several. */
const onePick = (answer: AnswerValue): string | null =>
  typeof answer === 'object' ? (answer.length === 1 ? answer[0]! : null) : String(answer);

/**
 * The hint for a value outside its block's bounds (either may be unset), naming both bounds or the one
 * there is; null when the value is inside.
 */
function rangeHint<T extends number | string>(
  value: T,
  [min, max]: [T | null, T | null],
  show: (bound: T) => string,
  hints: {
    between: (min: string, max: string) => string;
    from: (min: string) => string;
    to: (max: string) => string;
  },
): string | null {
  if ((min === null || value >= min) && (max === null || value <= max)) return null;
  if (min !== null && max !== null) return hints.between(show(min), show(max));
  return min !== null ? hints.from(show(min)) : hints.to(show(max!));
}

function interpretChoice(
  block: Extract<Block, { type: 'single_choice' }>,
  answer: AnswerValue,
  d: PreparedDialog,
): Interpretation {
  const picked = onePick(answer);
  const i = picked === null ? -1 : d.tools.findOption(block.options, picked);
  if (i === -1) return { ok: false, hint: d.texts.chooseOption };
  const label = block.options[i]!;
  return taken(label, [record(block, label)], [i]);
}

function interpretMultiple(
  block: Extract<Block, { type: 'multiple_choice' }>,
  answer: AnswerValue,
  d: PreparedDialog,
): Interpretation {
  const t = d.texts;
  const picked = typeof answer === 'object' ? answer : [String(answer)];
  if (picked.length === 0 || picked.every((p) => p.trim() === ''))
    return { ok: false, hint: t.chooseAtLeastOne };
  const indices = picked.map((p) => d.tools.findOption(block.options, p));
  if (indices.includes(-1)) return { ok: false, hint: t.chooseOption };
  const chosen = [...new Set(indices)].sort((a, b) => a - b);
  const labels = chosen.map((i) => block.options[i]!);
  const display = labels.join(', ');
  // One row per chosen option, so that counting an option is a plain GROUP BY in analytics.
  return taken(
    display,
    labels.map((l) => record(block, l)),
    chosen,
  );
}

function interpretLikert(
  block: Extract<Block, { type: 'likert' }>,
  answer: AnswerValue,
  d: PreparedDialog,
): Interpretation {
  const t = d.texts;
  const scale = block.options;
  const picked = onePick(answer);
  const i = picked === null ? -1 : d.tools.findOption(scale, picked);
  if (i === -1) {
    // 'keine Angabe' (as the dialog's language shows it, or as stored): no score, jump or reaction.
    const na =
      block.likert_na === 1 &&
      picked !== null &&
      d.tools.findOption([t.likertNa, LIKERT_NA_LABEL], picked) !== -1;
    if (!na) return { ok: false, hint: t.chooseOption };
    return taken(t.likertNa, [record(block, LIKERT_NA_LABEL)]);
  }
  const label = scale[i]!;
  const score = likertScore(scale, block.inverse, label);
  return taken(label, [record(block, label, { value_num: score })], [i]);
}

function interpretNumber(
  block: Extract<Block, { type: 'number' }>,
  answer: AnswerValue,
  d: PreparedDialog,
): Interpretation {
  const t = d.texts;
  const n = numberAnswer(answer, d);
  // No number at all: the general hint, whose example in a block of whole numbers has no decimals.
  if (n === null) return { ok: false, hint: block.integer === 1 ? t.notANumberWhole : t.notANumber };
  if (block.integer === 1 && !Number.isInteger(n)) return { ok: false, hint: t.notAnInteger };
  const hint = rangeHint(n, [block.min, block.max], t.formatNumber, {
    between: t.numberBetween,
    from: t.numberAtLeast,
    to: t.numberAtMost,
  });
  if (hint !== null) return { ok: false, hint };
  const display = typeof answer === 'string' ? answer.trim() : t.formatNumber(n);
  return taken(display, [record(block, String(n), { value_num: n })]);
}

function interpretDate(
  block: Extract<Block, { type: 'date' }>,
  answer: AnswerValue,
  d: PreparedDialog,
): Interpretation {
  const t = d.texts;
  const date = typeof answer === 'string' ? parseDate(answer) : null;
  if (!date) return { ok: false, hint: t.invalidDate };
  // Shown the same whether taken or refused: the date picker sends JJJJ-MM-TT, whatever the language.
  const display = t.formatDate(date.iso);
  const hint = rangeHint(date.iso, [block.min_date, block.max_date], t.formatDate, {
    between: t.dateBetween,
    from: t.dateFrom,
    to: t.dateUntil,
  });
  if (hint !== null) return { ok: false, hint, display };
  return taken(display, [record(block, date.iso, { value_num: date.ms })]);
}

function validClassification(c: Classification | undefined, branches: number): Classification | undefined {
  if (!c || !Number.isFinite(c.confidence)) return undefined;
  if (c.branch === null) return c;
  return Number.isInteger(c.branch) && c.branch >= 0 && c.branch < branches ? c : undefined;
}

function interpretOpenText(
  block: OpenTextBlock,
  answer: AnswerValue,
  d: PreparedDialog,
  env: EngineEnv,
): Interpretation {
  const text = answerText(answer).trim();
  if (text === '') return { ok: false, hint: d.texts.emptyAnswer };
  if (block.options.length === 0) {
    return taken(text, [record(block, text)]);
  }
  const classified = validClassification(env.classify?.(block, text), block.options.length);
  const routed = classified ?? d.tools.matchBranch(block.options, text);
  const branch = routed.branch === null ? null : block.options[routed.branch]!;
  const source = classified ? (classified.source ?? 'model') : 'labels';
  const reason = classified?.reason ?? null;
  return taken(
    text,
    [
      record(block, text, {
        branch,
        confidence: routed.confidence,
        routing_source: source,
        routing_reason: reason,
      }),
    ],
    routed.branch === null ? [] : [routed.branch],
  );
}

/** An answer to a question block (not qa or gpt, whose answers ai-blocks.ts takes). */
export function interpret(
  block: Block,
  answer: AnswerValue,
  d: PreparedDialog,
  env: EngineEnv,
): Interpretation {
  switch (block.type) {
    case 'single_choice':
      return interpretChoice(block, answer, d);
    case 'multiple_choice':
      return interpretMultiple(block, answer, d);
    case 'likert':
      return interpretLikert(block, answer, d);
    case 'number':
      return interpretNumber(block, answer, d);
    case 'date':
      return interpretDate(block, answer, d);
    case 'open_text':
      return interpretOpenText(block, answer, d, env);
    case 'email': {
      const text = answerText(answer).trim();
      if (text.length > 254 || !EMAIL.test(text)) return { ok: false, hint: d.texts.invalidEmail };
      return taken(text, [record(block, text)]);
    }
    default: {
      // The block stopped being a question while the respondent was at it: take the text, store nothing.
      return taken(answerText(answer).trim(), []);
    }
  }
}
