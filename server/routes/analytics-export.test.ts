import http from 'node:http';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { LIKERT_NA_LABEL } from '../../contract/blocks.ts';
import { EXPORT_PAGE } from '../analytics/export/rows.ts';
import { DAY, knownDataForFile, SPECS, T0 } from '../test/analytics-known-data.ts';
import { bearer, createAuthor, loginAs } from '../test/app.ts';
import { createChatDialog } from '../test/chat-fixtures.ts';

const { t, me, dialog } = knownDataForFile();

/** The export's header row for the known data, in the xlsx and the csv alike. */
const HEADER = [
  'Nr.',
  'Modus',
  'Beginn',
  'Ende',
  'Dauer (s)',
  'Version',
  'Zufrieden',
  'essen',
  'essen: Obst',
  'essen: Gemüse',
  'essen: Brot',
  'Wie gefällt es?',
  'Wie gefällt es? (Wert)',
  'Alter',
  'Grund',
  'Grund (Zweig)',
  'Grund (Konfidenz)',
  'Grund (Nachfrage)',
  'Geburtstag?',
];

describe('export', () => {
  const exportCall = (body: object, tk = me.token) =>
    t.app.inject({ method: 'POST', url: '/api/excel_export', payload: body, headers: bearer(tk) });

  it('xlsx: one row per respondent, one column per input block, Likert values, options as 0/1, follow-ups beside, a summary sheet', async () => {
    const res = await exportCall({ survey_id: dialog.surveyId });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Chat-Test.xlsx"; filename*=UTF-8''Chat-Test.xlsx`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Antworten')!;
    const rows = sheet
      .getSheetValues()
      .slice(1)
      .map((r) => (r as unknown[]).slice(1));
    expect(rows[0]).toEqual(HEADER);
    expect(rows).toHaveLength(5);
    expect(rows[1]).toEqual([
      1,
      'live',
      new Date(T0),
      new Date(T0 + 40_000),
      40,
      // Made by the test's factory, not by a chat: no version.
      undefined,
      'ja',
      'Obst, Brot',
      1,
      0,
      1,
      '1',
      // The first point of an inverse four-point scale.
      4,
      30,
      'Zu TEUER',
      'Preis',
      0.9,
      'weil',
      // A date answer is an Excel date.
      new Date(Date.UTC(1990, 4, 1)),
    ]);
    expect(sheet.getColumn(19).numFmt).toBe('yyyy-mm-dd');
    // Unfinished: no end, no duration; unanswered blocks stay empty.
    expect(rows[2]!.slice(0, 5)).toEqual([2, 'live', new Date(T0 + DAY), undefined, undefined]);
    // 'keine Angabe' has no value. A respondent without answers has no 0s either (row 4: no cells).
    expect(rows[2]![11]).toBe(LIKERT_NA_LABEL);
    expect(rows[2]![12]).toBeUndefined();
    expect(rows[2]![17]).toBeUndefined();
    expect(rows[4]).toEqual([4, 'live', new Date(T0 + 2 * DAY + 1000)]);

    const summarySheet = workbook.getWorksheet('Zusammenfassung')!;
    const sheetLines = summarySheet.getSheetValues().slice(1);
    // Rows without values are holes in the list, which map() would skip.
    const lines = Array.from(sheetLines, (r) => (r ? (r as unknown[]).slice(1) : []));
    expect(lines.slice(0, 6)).toEqual([
      ['Dialog', 'Chat-Test'],
      ['Gestartet', 4],
      ['Beendet', 2],
      ['Abschlussquote (%)', 50],
      ['Dauer Median (s)', 50],
      ['Dauer Mittelwert (s)', 50],
    ]);
    const likert = lines.findIndex((l) => l[0] === 'Wie gefällt es?');
    expect(lines.slice(likert, likert + 12)).toEqual([
      ['Wie gefällt es?', 'Likert-Skala'],
      ['Erreicht', 3],
      ['Abgebrochen', 0],
      ['Beantwortet', 3],
      ['Zeit Median (s)', 2],
      ['Option', 'Anzahl', 'Anteil (%)', 'Wert'],
      ['1', 1, 33.3, 4],
      ['2', 0, 0, 3],
      ['3', 1, 33.3, 2],
      ['4', 0, 0, 1],
      [LIKERT_NA_LABEL, 1],
      ['Mittelwert', 3],
    ]);
  });

  it('csv: the same columns, UTF-8 with BOM and semicolons, quoted where needed, with filters', async () => {
    const res = await exportCall({
      survey_id: dialog.surveyId,
      format: 'csv',
      filters: { finished_only: true },
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const records: string[][] = parse(res.rawPayload, {
      delimiter: ';',
      bom: true,
      relax_column_count: false,
    });
    expect(records).toEqual([
      HEADER,
      [
        '1',
        'live',
        '2024-05-10 10:00:00',
        '2024-05-10 10:00:40',
        '40',
        '',
        'ja',
        'Obst, Brot',
        '1',
        '0',
        '1',
        '1',
        '4',
        '30',
        'Zu TEUER',
        'Preis',
        '0,9',
        'weil',
        '1990-05-01',
      ],
      [
        '3',
        'live',
        '2024-05-12 10:00:00',
        '2024-05-12 10:01:00',
        '60',
        '',
        'ja',
        'Obst',
        '1',
        '0',
        '0',
        '3',
        '2',
        '20',
        'billig; "sehr"',
        'keiner davon',
        '0,2',
        'so',
        '2000-01-15',
      ],
    ]);
  });

  it('needs a fresh token: a refreshed one gets 401 Fresh token required', async () => {
    const author = await createAuthor(t);
    const session = await loginAs(t, author.username, author.password);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/refresh',
      payload: { refresh_token: session.refresh_token },
    });
    const stale = refreshed.json().token as string;
    const res = await exportCall({ survey_id: dialog.surveyId }, stale);
    expect(res.statusCode).toBe(401);
    expect(res.json().title).toBe('Fresh token required');
  });

  it('a multi-dialog chat as csv is 400; bad payloads are 400 naming the field', async () => {
    const db = t.database.db;
    // A dialog belongs to one multi-dialog chat at most: two more of the author's.
    const first = await createChatDialog(t, SPECS, { ownerId: dialog.ownerId });
    const second = await createChatDialog(t, SPECS, { ownerId: dialog.ownerId });
    const manager = await db
      .insertInto('dialog_managers')
      .values({ name: 'Zwei', created_at: T0, updated_at: T0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('manager_surveys')
      .values([
        { dialog_manager_id: manager.id, survey_id: first.id, ord: 1 },
        { dialog_manager_id: manager.id, survey_id: second.id, ord: 2 },
      ])
      .execute();
    const xlsx = await exportCall({ dialog_manager_id: manager.id });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual([
      'Antworten 1',
      'Zusammenfassung 1',
      'Antworten 2',
      'Zusammenfassung 2',
    ]);
    expect((await exportCall({ dialog_manager_id: manager.id, format: 'csv' })).statusCode).toBe(400);
    const both = await exportCall({ survey_id: dialog.surveyId, dialog_manager_id: manager.id });
    expect([both.statusCode, both.json().msg]).toEqual([400, expect.stringMatching(/^survey_id: /)]);
    const badFormat = await exportCall({ survey_id: dialog.surveyId, format: 'pdf' });
    expect([badFormat.statusCode, badFormat.json().msg]).toEqual([400, expect.stringMatching(/^format: /)]);
  });
});

describe('export streaming', () => {
  it('a client that goes away mid-file does not harm the server', async () => {
    const many = await createChatDialog(t, SPECS, { ownerId: dialog.ownerId });
    const rows = Array.from({ length: 3 * EXPORT_PAGE }, (_, i) => ({
      survey_id: many.id,
      mode: 'live' as const,
      state: '{}',
      started_at: T0 + i,
      updated_at: T0 + i,
    }));
    for (let i = 0; i < rows.length; i += 500) {
      await t.database.db
        .insertInto('chat_sessions')
        .values(rows.slice(i, i + 500))
        .execute();
    }
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    for (const format of ['xlsx', 'csv']) {
      const firstBytes = await new Promise<number>((resolve, reject) => {
        const req = http.request(`${address}/api/excel_export`, {
          method: 'POST',
          headers: { ...bearer(me.token), 'content-type': 'application/json' },
        });
        req.on('response', (res) => {
          res.once('data', (chunk: Buffer) => {
            req.destroy();
            resolve(chunk.length);
          });
        });
        req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
        req.end(JSON.stringify({ survey_id: many.surveyId, format }));
      });
      expect(firstBytes).toBeGreaterThan(0);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/excel_export',
      payload: { survey_id: many.surveyId, format: 'csv' },
      headers: bearer(me.token),
    });
    expect(after.statusCode).toBe(200);
    expect(after.body.split('\r\n')).toHaveLength(3 * EXPORT_PAGE + 2);
  });
});
