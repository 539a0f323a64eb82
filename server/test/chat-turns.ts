import { createAuthor, loginAs, type TestApp } from './app.ts';
import { type BlockSpec, chatOk, createChatDialog } from './chat-fixtures.ts';

/** The dialog and calls of the chat route tests (server/routes/chat*.test.ts). */

/** One block of every input type, with a follow-up, a reaction, a jump and a variable. */
export const EVERY_TYPE: BlockSpec[] = [
  { id: 'hello', type: 'message', context: 'Hallo!§§#800#§§Los geht es.' },
  { id: 'name', type: 'open_text', context: 'Wie heißen Sie?', variable: 'name' },
  {
    id: 'color',
    type: 'single_choice',
    context: 'Lieblingsfarbe, {{name}}?',
    options: ['Rot', 'Blau'],
    jump_to_ids: [null, 'multi'],
    jump_to_reactions: ['', 'Blau ist schön.'],
  },
  { id: 'skipped', type: 'message', context: 'Wird übersprungen.' },
  { id: 'multi', type: 'multiple_choice', context: 'Was essen Sie gern?', options: ['Obst', 'Brot', 'Käse'] },
  {
    id: 'likert',
    type: 'likert',
    options: ['nie', 'selten', 'oft'],
    likert_na: 1,
    inverse: 1,
    nachfrage: 'Warum?',
  },
  { id: 'age', type: 'number', context: 'Alter?', min: 0, max: 120, integer: 1 },
  { id: 'mail', type: 'email', context: 'E-Mail?', acknowledgement: 'Danke!' },
  { id: 'day', type: 'date', context: 'Geburtstag?', min_date: '1900-01-01', max_date: '2025-12-31' },
];

export type Turn = {
  messages: { user_or_bot: string; context: string; type: string }[];
  input: Record<string, unknown> | null;
  finished: boolean;
};

/** The calls on the file's app, which appForFile fills in before the first test. */
export function chatTurnCalls(t: TestApp) {
  async function answer(token: string, surveyId: string, turn: Turn, value: unknown) {
    const input = turn.input!;
    return chatOk(t, token, '/api/chat/answer', {
      survey_id: surveyId,
      unique_question_id: input.unique_question_id,
      nachfrage_id: input.nachfrage_id,
      turn: input.turn,
      answer: value,
    }) as Promise<Turn>;
  }

  /** A dialog of a signed-in author, with the author's token. */
  async function authorsDialog(specs: BlockSpec[], options: { active?: boolean } = {}) {
    const author = await createAuthor(t);
    const { token } = await loginAs(t, author.username, author.password);
    return { token, dialog: await createChatDialog(t, specs, { ownerId: author.id, ...options }) };
  }

  /** Starts the chat and answers its first question. */
  async function answerFirst(token: string, surveyId: string, value: unknown) {
    return answer(
      token,
      surveyId,
      (await chatOk(t, token, '/api/chat/start', { survey_id: surveyId })) as Turn,
      value,
    );
  }

  async function storedAnswers(surveyInt: number) {
    return t.database.db
      .selectFrom('answers')
      .innerJoin('chat_sessions', 'chat_sessions.id', 'answers.session_id')
      .select([
        'answers.unique_question_id',
        'answers.kind',
        'answers.value',
        'answers.value_num',
        'chat_sessions.mode',
      ])
      .where('answers.survey_id', '=', surveyInt)
      .orderBy('answers.id')
      .execute();
  }

  return { answer, authorsDialog, answerFirst, storedAnswers };
}
