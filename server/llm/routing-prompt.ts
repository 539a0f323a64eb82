import { z } from 'zod';
import { plainText } from '../../contract/text-content.ts';
import type { LlmMessage } from './provider.ts';

/**
 * What the language model is asked when the trained classifier is unsure of a free-text answer: which
 * of the block's branches the answer belongs to, from the question, the branch names and a few of
 * their examples, or none of them. The reply names the branch exactly as listed.
 */

/** The answer for 'none of these' in the reply (the product's own word, as authors name the branch). */
export const NONE_REPLY = 'keiner davon';

/** Examples per branch shown to the model: enough to show what the author meant, a bounded prompt. */
export const EXAMPLES_PER_BRANCH = 8;

const MAX_REASON = 500;

export const routingReplySchema = z.object({
  branch: z.string().max(500),
  confidence: z.number().min(0).max(1).optional(),
  reason: z.string().max(MAX_REASON).default(''),
});
export type RoutingReply = z.infer<typeof routingReplySchema>;

export interface RoutingPrompt {
  /** The block's question as the respondent saw it (its context). */
  question: string;
  branches: readonly { name: string; examples: readonly string[] }[];
  /** Examples of answers that fit no branch. */
  noneExamples: readonly string[];
  answer: string;
}

const quoted = (examples: readonly string[]) =>
  examples
    .slice(0, EXAMPLES_PER_BRANCH)
    .map((e) => `    - "${e}"`)
    .join('\n');

const question = (text: string) => {
  const plain = plainText(text).trim();
  return plain === ''
    ? 'The question is not given.'
    : `The question the respondent answered:\n"""\n${plain}\n"""`;
};

export function routingMessages(p: RoutingPrompt): LlmMessage[] {
  const branches = p.branches
    .map((b) => `- "${b.name}"${b.examples.length > 0 ? `, for example:\n${quoted(b.examples)}` : ''}`)
    .join('\n');
  const none =
    p.noneExamples.length > 0
      ? `\nAnswers that fit none of them, for example:\n${quoted(p.noneExamples)}`
      : '';
  const system = [
    "You sort a respondent's free-text answer in a survey chat into one of the survey author's branches.",
    question(p.question),
    `The branches:\n${branches}${none}`,
    `Choose the branch whose meaning the answer fits best, also when it uses other words than the examples (colloquial words, English words, typos). If it fits none of them, choose "${NONE_REPLY}".`,
    `Reply with the JSON object {"branch": "<a branch name exactly as listed, or ${NONE_REPLY}>", "confidence": <0 to 1>, "reason": "<one short sentence>"}.`,
  ].join('\n\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: `The answer: ${p.answer}` },
  ];
}
