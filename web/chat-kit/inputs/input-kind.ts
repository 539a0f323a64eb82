import type { ChatInputType } from '../../../contract/chat.ts';

/** Whether the answer is typed (a TextComposer), not chosen from options. */
export const isTypedInput = (type: ChatInputType) =>
  type !== 'single_choice' && type !== 'multiple_choice' && type !== 'likert';
