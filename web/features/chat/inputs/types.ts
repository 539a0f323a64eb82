import type { ChatInput } from '../../../../contract/chat.ts';
import type { RespondentTexts } from '../respondent-texts.ts';
import type { AnswerValue } from '../use-chat-session.ts';

/** What every answer input gets: the question's input, whether it may be used, and how to answer. */
export interface InputProps {
  input: ChatInput;
  disabled: boolean;
  texts: RespondentTexts;
  /** answer: what the server gets; display: how the answer shows until the server confirms it. */
  onSend(answer: AnswerValue, display: string): void;
  /** An answer the server did not take, handed back (ChatState.unsent): a typed one returns to the field. */
  unsent?: { answer: AnswerValue } | null;
}
