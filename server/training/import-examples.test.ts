import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExamplesResponse, ImportExamplesResponse } from '../../contract/training.ts';
import { blockId, createChatDialog } from '../test/chat-fixtures.ts';
import { call } from '../test/dialogs.ts';
import { appForFile, authorForFile } from '../test/per-file.ts';
import { PRICE_SERVICE_DIALOG } from '../test/training-examples.ts';

/**
 * Many examples at once through the real app: pasted lines into a branch and a label,text CSV into the
 * block, checked in a dry run (repeats skipped, near-duplicates reported), then saved; bad rows refused
 * with 400 naming the field and the line, nothing saved.
 */

let sid: string;
let q: string;
const t = appForFile();
const me = authorForFile(t);
beforeAll(async () => {
  sid = (await createChatDialog(t, PRICE_SERVICE_DIALOG, { ownerId: me.id, active: false })).surveyId;
  q = blockId('q', sid);
  const res = await call(t, me.token, '/api/training/add_example', {
    survey_id: sid,
    unique_question_id: q,
    branch: 'Preis',
    text: 'Der Preis ist zu hoch',
  });
  expect(res.statusCode, res.body).toBe(200);
});

const importCall = (body: object, token = me.token) =>
  call(t, token, '/api/training/import_examples', { survey_id: sid, unique_question_id: q, ...body });

async function imported(body: object): Promise<ImportExamplesResponse> {
  const res = await importCall(body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ImportExamplesResponse;
}

async function texts(): Promise<Record<string, string[]>> {
  const res = await call(t, me.token, '/api/training/get_examples', {
    survey_id: sid,
    unique_question_id: q,
  });
  const data = res.json() as ExamplesResponse;
  return Object.fromEntries(
    [...data.branches, data.none].map((b) => [b.branch, b.examples.map((e) => e.text)]),
  );
}

describe('import_examples', () => {
  it('pastes lines into a branch: a dry run reports repeats and near-duplicates, saving skips the repeats', async () => {
    const lines =
      'Viel zu teuer\n\n  der preis ist zu hoch!  \nViel zu teuer\nZu teure Abos\nDer Preis ist zu hoh\n';
    const dry = await imported({ format: 'lines', branch: 'Preis', text: lines, dry_run: true });
    expect(dry.added).toBe(0);
    expect(dry.rows.map((r) => [r.line, r.text, r.status, r.like?.text ?? null])).toEqual([
      [1, 'Viel zu teuer', 'new', null],
      [3, 'der preis ist zu hoch!', 'duplicate', 'Der Preis ist zu hoch'],
      [4, 'Viel zu teuer', 'duplicate', 'Viel zu teuer'],
      [5, 'Zu teure Abos', 'new', null],
      [6, 'Der Preis ist zu hoh', 'similar', 'Der Preis ist zu hoch'],
    ]);
    expect((await texts()).Preis).toEqual(['Der Preis ist zu hoch']);

    const saved = await imported({ format: 'lines', branch: 'Preis', text: lines, dry_run: false });
    expect(saved.added).toBe(3);
    expect((await texts()).Preis).toEqual([
      'Der Preis ist zu hoch',
      'Viel zu teuer',
      'Zu teure Abos',
      'Der Preis ist zu hoh',
    ]);
  });

  it("imports a label,text CSV (also with ';') into the block's branches and 'keiner davon'", async () => {
    const csv =
      '\uFEFFlabel,text\nService,"Hotline schlecht, wirklich"\nkeiner davon,weiß nicht\nService,Viel zu teuer\n';
    const result = await imported({ format: 'csv', text: csv, dry_run: false });
    expect(result.rows.map((r) => [r.line, r.branch, r.status, r.like])).toEqual([
      [2, 'Service', 'new', null],
      [3, 'none', 'new', null],
      // The same text in another branch: reported, added all the same.
      [4, 'Service', 'similar', { branch: 'Preis', text: 'Viel zu teuer' }],
    ]);
    expect(result.added).toBe(3);
    const semicolon = await imported({
      format: 'csv',
      text: 'Label;Text\nnone;keine Ahnung\n',
      dry_run: false,
    });
    expect(semicolon.rows).toEqual([
      { line: 2, branch: 'none', text: 'keine Ahnung', status: 'new', like: null },
    ]);
    const now = await texts();
    expect(now.Service).toEqual(['Hotline schlecht, wirklich', 'Viel zu teuer']);
    expect(now.none).toEqual(['weiß nicht', 'keine Ahnung']);
  });

  it('refuses bad rows with 400 naming the field and line, and saves none of the rows', async () => {
    const before = await texts();
    const cases: [object, string][] = [
      [
        { format: 'csv', text: 'label,text\nService,ok\nLieferung,kam nicht\n' },
        'text: Zeile 3: „Lieferung“ ist kein Zweig dieses Blocks',
      ],
      [{ format: 'csv', text: 'label,text\nService,a,b\n' }, 'text: CSV Zeile 2: 3 statt 2 Felder'],
      [
        { format: 'csv', text: 'label,text\nService,\n' },
        'text: CSV Zeile 2: label und text dürfen nicht leer sein',
      ],
      [{ format: 'csv', text: 'a,b\n1,2\n' }, 'text: CSV braucht die Kopfzeile label,text'],
      [{ format: 'csv', text: 'label,text\nService,"offen\n' }, 'text: CSV nicht lesbar'],
      [
        { format: 'lines', branch: 'Service', text: `ok\n${'x'.repeat(1001)}` },
        'text: Zeile 2: höchstens 1000 Zeichen',
      ],
      [
        { format: 'lines', branch: 'Lieferung', text: 'kam nicht' },
        'branch: „Lieferung“ ist kein Zweig dieses Blocks',
      ],
      [{ format: 'lines', branch: 'Service', text: '\n \n' }, 'text: enthält kein Beispiel'],
      [{ format: 'lines', text: 'ohne Zweig' }, 'branch'],
      [{ format: 'xml', text: 'x' }, 'format'],
    ];
    for (const [body, msg] of cases) {
      const res = await importCall({ dry_run: false, ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toContain(msg);
    }
    expect(await texts()).toEqual(before);
  });

  it('answers any pasted text or CSV with 200 or a 400 naming text or branch, never a 5xx', async () => {
    const cell = fc.oneof(
      fc.constantFrom('Preis', 'Service', 'none', 'keiner davon', 'Lieferung', ''),
      fc.string(),
    );
    const csvText = fc
      .array(fc.tuple(cell, fc.string({ maxLength: 30 })), { maxLength: 6 })
      .map((rows) => ['label,text', ...rows.map((r) => r.join(','))].join('\n'));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.record({ format: fc.constant('csv'), text: fc.oneof(csvText, fc.string()) }),
          fc.record({ format: fc.constant('lines'), branch: cell, text: fc.string() }),
        ),
        async (body) => {
          const res = await importCall({ ...body, dry_run: true });
          expect([200, 400], res.body).toContain(res.statusCode);
          if (res.statusCode === 400)
            expect(res.json().msg).toMatch(/^(text|branch|format)\b|\b(text|branch)\b/);
        },
      ),
      { numRuns: 60 },
    );
  });
});
