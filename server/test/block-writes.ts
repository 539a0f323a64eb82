import { expect } from 'vitest';
import type { TestApp } from './app.ts';
import { blocksCall, type Session, snapshot } from './dialogs.ts';

/**
 * expectRefused(surveyId, body, field) for the block write tests (server/routes/block*.test.ts): a refused
 * write answers 400 naming the field and leaves the database exactly as it was. Takes the file's app and
 * author, which appForFile and authorForFile fill in before the first test.
 */
export function blockWriteRefusal(t: TestApp, me: Session) {
  return async function expectRefused(surveyId: string, body: Record<string, unknown>, field: string) {
    const before = await snapshot(t, surveyId);
    const res = await blocksCall(t, me.token, surveyId, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().title).toBe('validation_error');
    expect(res.json().msg).toContain(field);
    expect(await snapshot(t, surveyId)).toEqual(before);
  };
}
