import type { ChatInput } from '../../../contract/chat.ts';
import type { RespondentTexts } from '../respondent-texts.ts';
import type { AnswerValue, ChatState } from '../session/chat-types.ts';

/** What every answer input gets: the question's input, whether it may be used, and how to answer. */
export interface InputProps {
  input: ChatInput;
  /** Not usable now (the answer is on its way, or the bot still types): nothing can be sent. */
  disabled: boolean;
  texts: RespondentTexts;
  /**
   * answer: what the server gets; display: how the answer shows until the server confirms it; skip:
   * the optional question is skipped (ChatInput.skip), answer is then ''.
   */
  onSend(answer: AnswerValue, display: string, skip?: boolean): void;
  /** An answer the server did not take, handed back (ChatState.unsent): a typed one returns to the field. */
  unsent?: ChatState['unsent'];
  /** The question's words (the last bot bubble): the accessible name of an option group. */
  label?: string;
  /**
   * Focus the input when it appears (the first option of a choice): the respondent has answered
   * before. Never on page load, where only the typed answer's field takes focus (as it always did).
   */
  focusOnMount?: boolean;
  /**
   * A typed answer's field that stays on screen while the bot still types the next question (so it
   * keeps focus and a phone keeps its keyboard): read-only, without the question's placeholder and
   * extra buttons until the question shows.
   */
  early?: boolean;
}
