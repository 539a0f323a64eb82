import type { ChatInput, ChatMessage, ChatTurnResponse, ClientConfig } from '../../contract/chat.ts';
import { INITIAL_CHAT } from './session/chat-reducer.ts';
import type { ChatSession } from './session/chat-types.ts';

/** Chat entries and turns for the chat tests. */
export function botEntry(context: string, extra: Partial<ChatMessage> = {}): ChatMessage {
  return {
    context,
    created_on: 1_700_000_000_000,
    type: 'message',
    unique_question_id: null,
    nachfrage_id: null,
    current_question_id: null,
    finished_question_id: null,
    user_or_bot: 'bot',
    ...extra,
  };
}

export const userEntry = (context: string, extra: Partial<ChatMessage> = {}) =>
  botEntry(context, { user_or_bot: 'user', type: 'open_text-r', ...extra });

export function textInput(extra: Partial<ChatInput> = {}): ChatInput {
  return {
    type: 'open_text',
    unique_question_id: 'q1',
    nachfrage_id: null,
    turn: 0,
    options: [],
    min: null,
    max: null,
    integer: 0,
    min_date: null,
    max_date: null,
    likert_na: 0,
    placeholder: 'Ihre Antwort …',
    skip: null,
    progress: null,
    ...extra,
  };
}

export const turn = (
  messages: ChatMessage[],
  input: ChatInput | null = null,
  finished = false,
): ChatTurnResponse => ({
  messages,
  input,
  finished,
});

/** A chat session whose messages are all shown and whose text input is ready, for rendering ChatView. */
export function readySession(
  messages: ChatSession['state']['messages'],
  extra: Partial<ChatSession['state']> = {},
): ChatSession {
  return {
    state: {
      ...INITIAL_CHAT,
      phase: 'ready',
      messages,
      revealed: messages.length,
      instantUntil: messages.length,
      input: textInput(),
      ...extra,
    },
    typing: false,
    showsInput: true,
    canAnswer: true,
    send: () => undefined,
    retry: () => undefined,
  };
}

/** A dialog's public client config (GET /api/get_config): its speaker is `name`, its avatar under /media/. */
export function clientConfig(
  surveyId: string,
  name: string,
  extra: Partial<ClientConfig> = {},
): ClientConfig {
  return {
    config: {
      accent_color: '#5ABAB2',
      logo_src: '',
      avatar_src: `/media/${surveyId}.png`,
      avatar_name: name,
      video_messages: false,
      audio_messages: false,
      background_image: '',
    },
    survey_id: surveyId,
    survey_id_int: 1,
    survey_name: name,
    messenger_ui: 'standard',
    avatar_name: name,
    background_link: '',
    speed: 1,
    feedback_allowed: false,
    training_mode: false,
    active: true,
    ...extra,
  };
}
