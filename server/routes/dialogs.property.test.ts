import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_TYPES, editableKeys, endNodeId, startNodeId } from '../../contract/blocks.ts';
import { SETTINGS_KEYS } from '../../contract/dialogs.ts';
import { MEDIA_TYPES } from '../../contract/media.ts';
import { bearer, createTestApp, type TestApp } from '../test/app.ts';
import {
  expectClientAnswer,
  expectNoServerErrors,
  junkString,
  objectBody,
  randomRequest,
  toInjectOptions,
} from '../test/arbitraries.ts';
import { addBlock, authorSession, liveToken, newDialog } from '../test/dialogs.ts';

/** Property: no body, header or token sent to a dialog, block or media call gives a 5xx. */

let t: TestApp;
let dataDir: string;
const real = {
  token: '',
  tokens: [] as string[],
  surveyIds: [] as string[],
  doomed: [] as string[],
  ids: [] as string[],
};

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dialogwerk-prop-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  const owner = await authorSession(t);
  const stranger = await authorSession(t);
  real.token = owner.token;
  for (let i = 0; i < 2; i++) {
    const sid = await newDialog(t, owner.token);
    real.surveyIds.push(sid);
    real.ids.push(startNodeId(sid), endNodeId(sid));
    for (const type of ['single_choice', 'open_text', 'number', 'message'] as const) {
      real.ids.push(await addBlock(t, owner.token, sid, type));
    }
  }
  for (let i = 0; i < 3; i++) real.doomed.push(await newDialog(t, owner.token));
  real.tokens = [owner.token, stranger.token, await liveToken(t, real.surveyIds[0]!)];
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The stale-write 409 carries the block besides { title, msg }; every other answer is a plain client answer. */
function expectNo5xx(res: LightMyRequestResponse) {
  if (res.statusCode === 409 && 'block' in res.json()) {
    expect(res.json()).toMatchObject({ title: 'conflict', msg: expect.any(String) });
    return;
  }
  expectClientAnswer(res);
}

const surveyId = () => fc.oneof(fc.constantFrom(...real.surveyIds), junkString);
const nodeId = () =>
  fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...real.ids) }, { weight: 1, arbitrary: junkString });
const anyValue = () =>
  fc.oneof(fc.jsonValue({ maxDepth: 3 }), junkString, fc.array(fc.oneof(nodeId(), fc.constant(null))));
const blockKey = fc.constantFrom(
  ...new Set(BLOCK_TYPES.flatMap(editableKeys)),
  'order',
  'version',
  'unique_question_id',
);
const plausibleValue = () =>
  fc.oneof(
    anyValue(),
    fc.constantFrom(0, 1, null, '', 'Hallo §§#1500#§§image:file:x.png', ['A', 'B'], { x: 1, y: 2 }),
    fc.array(fc.string({ maxLength: 20 }), { maxLength: 6 }),
  );

const calls: { url: string; fields: () => Record<string, fc.Arbitrary<unknown>> }[] = [
  { url: '/api/get_survey_list', fields: () => ({}) },
  { url: '/api/create_survey', fields: () => ({ survey_name: fc.string({ maxLength: 250 }) }) },
  { url: '/api/duplicate_survey', fields: () => ({ survey_id: surveyId() }) },
  { url: '/api/get_survey_data_configurator', fields: () => ({ survey_id: surveyId() }) },
  { url: '/api/dialog', fields: () => ({ survey_id: surveyId() }) },
  {
    url: '/api/update_survey_blocks',
    fields: () => ({
      survey_id: surveyId(),
      action: fc.constantFrom('create', 'update', 'delete', 'recreate', 'order', 'swap'),
      type: fc.constantFrom(...BLOCK_TYPES, 'poll'),
      unique_question_id: nodeId(),
      source_node_id: nodeId(),
      order: fc.integer({ min: -2, max: 30 }),
      version: fc.integer({ min: -1, max: 40 }),
      changed_values: fc.oneof(
        fc.tuple(blockKey, plausibleValue()).map(([k, v]) => ({ [k]: v })),
        fc.dictionary(blockKey, plausibleValue(), { maxKeys: 3 }),
      ),
      context: plausibleValue(),
      options: plausibleValue(),
      jump_to_ids: plausibleValue(),
      jump_to_question: nodeId(),
      restore_jumps: fc.array(
        fc.record({
          unique_question_id: nodeId(),
          field: fc.constantFrom('jump_to_ids', 'jump_to_question', 'x'),
          index: fc.oneof(fc.integer({ min: -1, max: 60 }), fc.constant(null)),
        }),
        { maxLength: 4 },
      ),
    }),
  },
  {
    url: '/api/update_survey_settings',
    fields: () => ({
      survey_id: surveyId(),
      action: fc.constantFrom('config', 'fixmessages', 'survey_list_isEnd', 'other'),
      changed_values: fc.oneof(
        fc.dictionary(
          fc.constantFrom(...SETTINGS_KEYS, 'unique_question_id', 'is_end', 'x'),
          plausibleValue(),
          {
            maxKeys: 4,
          },
        ),
        fc.record({ unique_question_id: nodeId(), is_end: fc.constantFrom(0, 1, 2, true) }),
      ),
    }),
  },
  {
    url: '/api/switch_activate_link',
    fields: () => ({
      item: fc.oneof(
        fc.record({ survey_id: surveyId(), active: fc.oneof(fc.boolean(), anyValue()) }),
        anyValue(),
      ),
    }),
  },
  { url: '/api/get_media_list', fields: () => ({ survey_id: surveyId() }) },
  {
    url: '/api/delete_media',
    fields: () => ({ survey_id: surveyId(), filename_db: fc.oneof(junkString, fc.constant('x.png')) }),
  },
  {
    url: '/api/upload_media',
    fields: () => ({ survey_id: surveyId(), type: fc.constantFrom(...MEDIA_TYPES) }),
  },
];

const connection = () =>
  fc.record(
    {
      source: nodeId(),
      target: fc.oneof(nodeId(), fc.constant(null)),
      sourceHandle: fc.oneof(
        fc.constantFrom('option-0', 'option-1', 'option-9', 'option-', 'option--1', 'default', null),
        junkString,
      ),
    },
    { requiredKeys: [] },
  );

describe('dialog, block and media calls under random input', () => {
  it.each(calls)('POST $url never answers 5xx (random requests and tokens)', async ({ url, fields }) => {
    await expectNoServerErrors(t.app, url, fields(), real.tokens, 80, { check: expectNo5xx });
  });

  it.each(calls)('POST $url never answers 5xx (owner with malformed bodies)', async ({ url, fields }) => {
    await expectNoServerErrors(t.app, url, fields(), [real.token], 150, {
      ownTokens: true,
      check: expectNo5xx,
    });
  });

  /** A call under /api/surveys/{id}/: a real or a junk dialog id in the path, a random body. */
  async function surveyPathNever5xx(call: string, body: fc.Arbitrary<unknown>) {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(...real.surveyIds), fc.stringMatching(/^[A-Za-z0-9_%-]{0,70}$/)),
        body,
        async (sid, payload) => {
          const res = await t.app.inject({
            method: 'POST',
            url: `/api/surveys/${sid}/${call}`,
            payload: payload as object,
            headers: bearer(real.token),
          });
          expectNo5xx(res);
        },
      ),
      { numRuns: 200 },
    );
  }

  it('POST /api/surveys/{id}/structure never answers 5xx', async () => {
    await surveyPathNever5xx(
      'structure',
      objectBody({ connections: fc.array(connection(), { maxLength: 5 }) }),
    );
  });

  it('POST /api/surveys/{id}/positions never answers 5xx', async () => {
    const position = fc.oneof(
      fc.record({ x: fc.double(), y: fc.double() }),
      fc.record({ x: fc.integer({ min: -5000, max: 5000 }), y: fc.integer({ min: -5000, max: 5000 }) }),
      anyValue(),
    );
    await surveyPathNever5xx(
      'positions',
      objectBody({
        positions: fc.oneof(fc.array(objectBody({ id: nodeId(), position }), { maxLength: 6 }), anyValue()),
      }),
    );
  });

  it('GET /api/surveys/{id}/blocks/{question_id}/answer_count never answers 5xx', async () => {
    /** Every byte of the UTF-8 text percent-encoded (encodeURIComponent throws on lone surrogates). */
    const encoded = (text: string) =>
      Array.from(Buffer.from(text), (b) => `%${b.toString(16).padStart(2, '0')}`).join('');
    const segment = (real: fc.Arbitrary<string>) =>
      fc.oneof(
        { weight: 3, arbitrary: real },
        { weight: 2, arbitrary: junkString.map(encoded) },
        { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9_%.-]{0,120}$/) },
        { weight: 1, arbitrary: fc.constantFrom('', '%', '%zz', '..', '1e999', '-1', '0x10') },
      );
    await fc.assert(
      fc.asyncProperty(
        segment(fc.constantFrom(...real.surveyIds)),
        segment(fc.constantFrom(...real.ids)),
        randomRequest({}, real.tokens),
        async (sid, question, req) => {
          const url = `/api/surveys/${sid}/blocks/${question}/answer_count`;
          expectNo5xx(await t.app.inject(toInjectOptions('GET', url, { ...req, body: {} })));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('POST /api/delete_survey never answers 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        objectBody({ survey_id: fc.oneof(fc.constantFrom(...real.doomed), junkString) }),
        async (body) => {
          expectNo5xx(
            await t.app.inject({
              method: 'POST',
              url: '/api/delete_survey',
              payload: body as object,
              headers: bearer(real.token),
            }),
          );
        },
      ),
      { numRuns: 100 },
    );
  });

  it('POST /api/upload_media with random multipart parts never answers 5xx', async () => {
    const part = fc.oneof(
      fc.record({
        kind: fc.constant('field' as const),
        name: fc.constantFrom('survey_id', 'type', 'x', '__proto__'),
        value: fc.oneof(fc.constantFrom(...real.surveyIds, ...MEDIA_TYPES), fc.string({ maxLength: 30 })),
      }),
      fc.record({
        kind: fc.constant('file' as const),
        name: fc.constantFrom('file', 'upload'),
        filename: fc.constantFrom('a.png', 'b.mp3', '', '../x', 'ä ö.txt'),
        content: fc.uint8Array({ maxLength: 300 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(part, { maxLength: 5 }), fc.boolean(), async (parts, truncate) => {
        const boundary = `b${randomBytes(6).toString('hex')}`;
        const chunks = parts.map((p) =>
          p.kind === 'field'
            ? Buffer.from(
                `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`,
              )
            : Buffer.concat([
                Buffer.from(
                  `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\n` +
                    'Content-Type: image/png\r\n\r\n',
                ),
                Buffer.from(p.content),
                Buffer.from('\r\n'),
              ]),
        );
        let payload = Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]);
        if (truncate) payload = payload.subarray(0, Math.floor(payload.length / 2));
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/upload_media',
          payload,
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(real.token) },
        });
        expectNo5xx(res);
      }),
      { numRuns: 150 },
    );
  });

  it('GET /media/{filename} never answers 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 60 }), async (name) => {
        const res = await t.app.inject({ method: 'GET', url: `/media/${encodeURIComponent(name)}` });
        expect(res.statusCode).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });
});
