import type { TextTools } from './engine/types.ts';
import { findOption, isContinue, matchBranch } from './matching.ts';
import { buildQaIndex } from './qa-search.ts';

/** The language processing the chat engine is given with each dialog (engine/types.ts TextTools). */
export const textTools: TextTools = { matchBranch, findOption, isContinue, qaIndex: buildQaIndex };
