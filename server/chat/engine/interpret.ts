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

/** How an answer to a block of type T is read. */
type Interpreter<T extends Block['type']> = (
  block: Extract<Block, { type: T }>,
  answer: AnswerValue,
  d: PreparedDialog,
) => Interpretation;

/** A one-option answer: a label, or a list of exactly one label (null for any other list). */
const singlePick = (answer: AnswerValue): string | null =>
  typeof answer === 'object' ? (answer.length === 1 ? answer[0]! : null) : String(answer);

const interpretChoice: Interpreter<'single_choice'> = (block, answer, d) => {
  const picked = singlePick(answer);
  const i = picked === null ? -1 : d.tools.findOption(block.options, picked);
  if (i === -1) return { ok: false, hint: d.texts.chooseOption };
  const label = block.options[i]!;
  return { ok: true, display: label, value: label, records: [record(block, label)], chosen: [i] };
};

const interpretMultiple: Interpreter<'multiple_choice'> = (block, answer, d) => {
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
  return { ok: true, display, value: display, records: labels.map((l) => record(block, l)), chosen };
};

const interpretLikert: Interpreter<'likert'> = (block, answer, d) => {
  const t = d.texts;
  const scale = block.options;
  const picked = singlePick(answer);
  const i = picked === null ? -1 : d.tools.findOption(scale, picked);
  if (i === -1) {
    // 'keine Angabe' (as the dialog's language shows it, or as stored): no score, jump or reaction.
    const na =
      block.likert_na === 1 &&
      picked !== null &&
      d.tools.findOption([t.likertNa, LIKERT_NA_LABEL], picked) !== -1;
    if (!na) return { ok: false, hint: t.chooseOption };
    return {
      ok: true,
      display: t.likertNa,
      value: t.likertNa,
      records: [record(block, LIKERT_NA_LABEL)],
      chosen: [],
    };
  }
  const label = scale[i]!;
  const score = likertScore(scale, block.inverse, label);
  return {
    ok: true,
    display: label,
    value: label,
    records: [record(block, label, { value_num: score })],
    chosen: [i],
  };
};

const interpretNumber: Interpreter<'number'> = (block, answer, d) => {
  const t = d.texts;
  const n = numberAnswer(answer, d);
  // No number at all: the general hint, whose example in a block of whole numbers has no decimals.
  if (n === null) return { ok: false, hint: block.integer === 1 ? t.notANumberWhole : t.notANumber };
  if (block.integer === 1 && !Number.isInteger(n)) return { ok: false, hint: t.notAnInteger };
  const { min, max } = block;
  if ((min !== null && n < min) || (max !== null && n > max)) {
    const hint =
      min !== null && max !== null
        ? t.numberBetween(t.formatNumber(min), t.formatNumber(max))
        : min !== null
          ? t.numberAtLeast(t.formatNumber(min))
          : t.numberAtMost(t.formatNumber(max!));
    return { ok: false, hint };
  }
  const display = typeof answer === 'string' ? answer.trim() : t.formatNumber(n);
  return {
    ok: true,
    display,
    value: display,
    records: [record(block, String(n), { value_num: n })],
    chosen: [],
  };
};

const interpretDate: Interpreter<'date'> = (block, answer, d) => {
  const t = d.texts;
  const date = typeof answer === 'string' ? parseDate(answer) : null;
  if (!date) return { ok: false, hint: t.invalidDate };
  // Shown the same whether taken or refused: the date picker sends JJJJ-MM-TT, whatever the language.
  const display = t.formatDate(date.iso);
  const { min_date: min, max_date: max } = block;
  if ((min !== null && date.iso < min) || (max !== null && date.iso > max)) {
    const hint =
      min !== null && max !== null
        ? t.dateBetween(t.formatDate(min), t.formatDate(max))
        : min !== null
          ? t.dateFrom(t.formatDate(min))
          : t.dateUntil(t.formatDate(max!));
    return { ok: false, hint, display };
  }
  return {
    ok: true,
    display,
    value: display,
    records: [record(block, date.iso, { value_num: date.ms })],
    chosen: [],
  };
};

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
    return { ok: true, display: text, value: text, records: [record(block, text)], chosen: [] };
  }
  const classified = validClassification(env.classify?.(block, text), block.options.length);
  const routed = classified ?? d.tools.matchBranch(block.options, text);
  const branch = routed.branch === null ? null : block.options[routed.branch]!;
  const source = classified ? (classified.source ?? 'model') : 'labels';
  return {
    ok: true,
    display: text,
    value: text,
    records: [record(block, text, { branch, confidence: routed.confidence, routing_source: source })],
    chosen: routed.branch === null ? [] : [routed.branch],
  };
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
      return { ok: true, display: text, value: text, records: [record(block, text)], chosen: [] };
    }
    default: {
      // The block stopped being a question while the respondent was at it: take the text, store nothing.
      const text = answerText(answer).trim();
      return { ok: true, display: text, value: text, records: [], chosen: [] };
    }
  }
}
