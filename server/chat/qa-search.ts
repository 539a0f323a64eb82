import MiniSearch from 'minisearch';
import type { Language } from '../../contract/constants.ts';
import { plainText } from '../../contract/text-content.ts';
import { contentWords } from '../text/normalise.ts';
import { stem } from '../text/stems.ts';
import type { QaIndex, QaPairText } from './engine/types.ts';

/**
 * Full-text search over a Q&A block's pairs: the content words of a text (normalised as everywhere in
 * the chat, so case, umlauts and punctuation never matter, function words left out) reduced to their
 * stems, so 'Ermäßigungen' finds 'Ermäßigung'; prefix and fuzzy matching forgive short forms and typos.
 * MiniSearch ranks by BM25, which only compares pairs with each other; whether the best one answers the
 * question at all is a separate score that the same cut-off (QA_MIN_SCORE) applies to in every block: the
 * asked words found in the pair (weighted, see weight) over the geometric mean of the numbers of words
 * of the question and of the pair's question, at most 1.
 */

/** Stems that differ only in their ending ('daur', 'daurt') are one word in another form. */
const sameStem = (a: string, b: string) =>
  Math.min(a.length, b.length) >= 4 && (a.startsWith(b) || b.startsWith(a));

/** An asked word found in the pair's question counts 1, in another form 0.8, else (typo, answer) 0.5. */
function weight(term: string, question: ReadonlySet<string>): number {
  if (question.has(term)) return 1;
  for (const q of question) if (sameStem(term, q)) return 0.8;
  return 0.5;
}

function terms(text: string, language: Language): string[] {
  return [...new Set(contentWords(text).map((w) => stem(w, language)))];
}

/** Typos: one edit in words of 4 or 5 letters, two from 6 on ('kostet' finds 'kost'); none below. */
const fuzzy = (term: string) => (term.length < 4 ? false : term.length < 6 ? 1 : 2);

export function buildQaIndex(pairs: readonly QaPairText[], language: Language): QaIndex {
  const tokenize = (text: string) => terms(text, language);
  const search = new MiniSearch<QaPairText & { id: number }>({
    fields: ['question', 'answer'],
    tokenize,
    // tokenize already gives the final terms.
    processTerm: (term) => term,
    searchOptions: {
      boost: { question: 2 },
      prefix: (term) => term.length >= 4,
      fuzzy,
      combineWith: 'OR',
    },
  });
  // An answer is text content: its media and delay markers are no words of it.
  search.addAll(pairs.map((p, id) => ({ id, question: p.question, answer: plainText(p.answer) })));
  const questionTerms = pairs.map((p) => new Set(tokenize(p.question)));

  return {
    search(question, limit) {
      const asked = tokenize(question);
      if (asked.length === 0 || pairs.length === 0) return [];
      const hits = search.search(question).map((result, rank) => {
        const pair = result.id as number;
        const inQuestion = questionTerms[pair]!;
        // queryTerms: the asked words found in the pair at all (in its answer too, by prefix or typo).
        const shared = result.queryTerms.reduce((sum, term) => sum + weight(term, inQuestion), 0);
        const score = Math.min(1, shared / Math.sqrt(asked.length * Math.max(1, inQuestion.size)));
        return { pair, score, rank };
      });
      // By the fit score; MiniSearch's order decides between equal scores.
      hits.sort((a, b) => b.score - a.score || a.rank - b.rank);
      return hits.slice(0, limit).map(({ pair, score }) => ({ pair, score }));
    },
  };
}
