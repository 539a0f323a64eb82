import { afterAll, beforeAll } from 'vitest';
import { createAuthor, createTestApp, loginAs, type TestApp } from './app.ts';
import { type BlockSpec, createChatDialog } from './chat-fixtures.ts';
import { authorSession, liveToken, type Session } from './dialogs.ts';

/**
 * Set-ups shared by all tests of one file (or of the describe block they are declared in), one line each
 * instead of a pair of hooks: the objects returned are filled in before the first test. (Apart from app.ts,
 * which the benches import without vitest.)
 */

/**
 * The real app on a fresh database, closed after the file's last test. env may be a function when it
 * depends on something an earlier hook starts (a fake model server).
 */
export function appForFile(env: Record<string, string> | (() => Record<string, string>) = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(typeof env === 'function' ? env() : env));
  });
  afterAll(() => t.close());
  return t;
}

/** An author signed in on that app (declare it after appForFile, whose hook starts the app). */
export function authorForFile(t: TestApp): Session {
  const me = {} as Session;
  beforeAll(async () => {
    Object.assign(me, await authorSession(t));
  });
  return me;
}

export interface FileChatDialog {
  surveyId: string;
  /** The owner's token: an author test chat. */
  authorToken: string;
  /** A live participant's token registered for the dialog. */
  live: string;
}

/** A chat dialog of these blocks (createChatDialog's ids), owned by a new author, with a token of each kind. */
export function chatDialogForFile(t: TestApp, specs: readonly BlockSpec[]): FileChatDialog {
  const dialog = {} as FileChatDialog;
  beforeAll(async () => {
    const author = await createAuthor(t);
    const { surveyId } = await createChatDialog(t, specs, { ownerId: author.id });
    const authorToken = (await loginAs(t, author.username, author.password)).token;
    Object.assign(dialog, { surveyId, authorToken, live: await liveToken(t, surveyId) });
  });
  return dialog;
}
