import { contentWords, normalizeKey } from '../text/normalise.ts';
import { labelShare } from '../text/word-match.ts';

/**
 * Text matching of the chat runtime: free-text routing by the branch labels (where no trained model
 * routes), option labels typed by hand and the words that leave a Q&A block. Everything compares
 * normalised keys (server/text/normalise.ts).
 */

export interface BranchMatch {
  /** Index of the branch, or null for 'none'. */
  branch: number | null;
  confidence: number;
}

/**
 * Routes a free-text answer by the branch labels: an answer equal to a label (normalised) takes it with
 * confidence 1; otherwise the label sharing the largest part of its content words with the answer; a
 * tie between branches or no shared word is 'none'.
 */
export function matchBranch(labels: readonly string[], answer: string): BranchMatch {
  const key = normalizeKey(answer);
  const exact = labels.findIndex((l) => normalizeKey(l) === key);
  if (exact !== -1 && key !== '') return { branch: exact, confidence: 1 };
  const words = contentWords(answer);
  let best: BranchMatch = { branch: null, confidence: 0 };
  let tie = false;
  labels.forEach((label, i) => {
    const score = labelShare(contentWords(label), words);
    if (score === 0) return;
    if (score > best.confidence) {
      best = { branch: i, confidence: score };
      tie = false;
    } else if (score === best.confidence) {
      tie = true;
    }
  });
  return tie ? { branch: null, confidence: 0 } : best;
}

/** The option a typed answer means: the exact label, else the label with the same normalised key. */
export function findOption(options: readonly string[], answer: string): number {
  const trimmed = answer.trim();
  const exact = options.indexOf(trimmed);
  if (exact !== -1) return exact;
  const key = normalizeKey(trimmed);
  return key === '' ? -1 : options.findIndex((o) => normalizeKey(o) === key);
}

// What respondents type to leave a Q&A block.
const CONTINUE_WORDS = new Set(
  [
    'weiter',
    'weiter bitte',
    'nein',
    'nein danke',
    'ne',
    'no',
    'nichts',
    'keine',
    'keine frage',
    'keine fragen',
    'keine weiteren fragen',
    'alles klar',
    'danke',
    'no thanks',
    'continue',
    'next',
  ].map(normalizeKey),
);

export function isContinue(answer: string, continueLabel: string): boolean {
  const key = normalizeKey(answer);
  return key === normalizeKey(continueLabel) || CONTINUE_WORDS.has(key);
}
