import { describe, expect, it } from 'vitest';
import { DIALOG_NOT_FOUND } from '../sharing/permissions.ts';
import { bearer } from '../test/app.ts';
import { addBlock, blockOf, dialogData, newDialog, setField } from '../test/dialogs.ts';
import { mp3, multipart } from '../test/multipart.ts';
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

describe('ids with NUL or lone surrogates in the query, the path or an upload field', () => {
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(me.token) });

  it('are looked up as their storable text, so both databases answer alike (404, not a refused value)', async () => {
    const sid = await newDialog(t, me.token);
    const urls = ['a%00b', 'nicht%00da'].flatMap((id) => [
      `/api/get_config?survey_id=${id}`,
      `/api/find_dialogmanager_status/${id}`,
    ]);
    for (const url of [...urls, '/api/get_config?survey_id=%ED%A0%80x']) {
      const res = await get(url);
      expect(res.statusCode, `${url} ${res.body}`).toBe(404);
      expect(res.json().msg).toBe(DIALOG_NOT_FOUND);
    }
    // Nothing but a NUL is an empty id: the schema's 400 names the field.
    const empty = await get('/api/get_config?survey_id=%00');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toMatch(/^survey_id: /);
    // The NUL goes, the rest of the id stays: the same dialog as without it, as in a JSON body.
    expect((await get(`/api/get_config?survey_id=${sid}%00`)).statusCode).toBe(200);
    const upload = multipart([
      ['survey_id', 'a\u0000b'],
      ['type', 'audio'],
      { filename: 'ton.mp3', contentType: 'audio/mpeg', content: mp3() },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload_media',
      headers: { ...bearer(me.token), 'content-type': upload.contentType },
      payload: upload.payload,
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().msg).toBe(DIALOG_NOT_FOUND);
  });
});
