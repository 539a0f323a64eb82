import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_ID } from '../../contract/fields.ts';
import { call, newDialog } from '../test/dialogs.ts';
import { appForFile, authorForFile } from '../test/per-file.ts';

/**
 * Row ids are PostgreSQL integers. An id past MAX_ID in a request is refused by its schema with a 400
 * that names the field, on both databases, and never reaches a query (PostgreSQL would refuse it with a
 * message that names no field).
 */

const t = appForFile();
const me = authorForFile(t);

const CALLS: [path: string, field: string, body: (sid: string, id: number) => object][] = [
  ['/api/audit/list', 'before_id', (_, id) => ({ before_id: id })],
  ['/api/audit/dialog', 'before_id', (sid, id) => ({ survey_id: sid, before_id: id })],
  [
    '/api/chat/flag_answer',
    'answer_id',
    (sid, id) => ({ survey_id: sid, answer_id: id, expected_branch: 'Ja' }),
  ],
  ['/api/delete_quota', 'id', (sid, id) => ({ survey_id: sid, id })],
  ['/api/update_webhook', 'id', (sid, id) => ({ survey_id: sid, id, enabled: true })],
  ['/api/delete_webhook', 'id', (sid, id) => ({ survey_id: sid, id })],
  ['/api/webhook_deliveries', 'id', (sid, id) => ({ survey_id: sid, id })],
  ['/api/test_webhook', 'id', (sid, id) => ({ survey_id: sid, id })],
  ['/api/resend_webhook_delivery', 'delivery_id', (sid, id) => ({ survey_id: sid, delivery_id: id })],
  ['/api/revoke_api_key', 'id', (_, id) => ({ id })],
  ['/api/multichat/wait', 'after_id', (_, id) => ({ dialog_manager_id: 1, after_id: id })],
];

describe('row ids past the largest integer the database keeps', () => {
  it('are refused with a 400 that names the field', async () => {
    const sid = await newDialog(t, me.token);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: MAX_ID + 1, max: Number.MAX_SAFE_INTEGER }), async (id) => {
        for (const [path, field, body] of CALLS) {
          const res = await call(t, me.token, path, body(sid, id));
          expect(res.statusCode, `${path} ${res.body}`).toBe(400);
          expect(res.json().msg, path).toContain(`${field}: `);
        }
      }),
      { numRuns: 5 },
    );
  });
});
