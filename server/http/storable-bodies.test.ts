import { describe, expect, it } from 'vitest';
import { addBlock, blockOf, dialogData, newDialog, setField } from '../test/dialogs.ts';
import { appForFile, authorForFile } from '../test/per-file.ts';

/** Author text with NUL or lone surrogates: stored the same way on SQLite and PostgreSQL. */

const t = appForFile();
const me = authorForFile(t);

describe('author text the databases cannot keep as sent', () => {
  it('loses NUL and has lone surrogates replaced, in names and block texts alike', async () => {
    const sid = await newDialog(t, me.token, 'Um\u0000frage \ud800');
    expect((await dialogData(t, me.token, sid)).survey_name).toBe('Umfrage \ufffd');
    const block = await addBlock(t, me.token, sid, 'open_text');
    const res = await setField(t, me.token, sid, block, 'context', 'Wie\u0000 geht es? \udc00 😀');
    expect(res.statusCode, res.body).toBe(200);
    expect((await blockOf(t, me.token, sid, block)).context).toBe('Wie geht es? \ufffd 😀');
  });
});
