import { deflateSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import type { Dialog } from '../contract/dialogs.ts';
import { apiLogin, createUser, seedAuthorSession } from './support.ts';

/** Helpers of the dashboard and configurator browser tests. */

export interface Session {
  token: string;
  username: string;
}

/** A fresh author, signed in on the page (stored session, as after an earlier login). */
export async function signedIn(page: Page): Promise<Session> {
  const user = createUser({ firstName: 'Carla', lastName: 'Konfig' });
  const tokens = await apiLogin(page.request, user);
  await seedAuthorSession(page, { ...tokens, username: user.username });
  return { token: tokens.token, username: user.username };
}

export async function api<T>(page: Page, session: Session, path: string, data: object): Promise<T> {
  const res = await page.request.post(path, {
    headers: { authorization: `Bearer ${session.token}` },
    data,
  });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

/** The dialog as the server has it (POST /api/get_survey_data_configurator with the page's token). */
export const serverDialog = (page: Page, session: Session, surveyId: string) =>
  api<Dialog>(page, session, '/api/get_survey_data_configurator', { survey_id: surveyId });

export async function createDialog(page: Page, session: Session, name: string): Promise<string> {
  const { survey_id } = await api<{ survey_id: string }>(page, session, '/api/create_survey', {
    survey_name: name,
  });
  return survey_id;
}

export async function createBlock(page: Page, session: Session, surveyId: string, type: string) {
  const res = await api<{ unique_question_id: string }>(page, session, '/api/update_survey_blocks', {
    survey_id: surveyId,
    action: 'create',
    type,
  });
  return res.unique_question_id;
}

function crc32(buf: Buffer): number {
  let c = -1;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return (c ^ -1) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A real 2x2 PNG in one colour (the server sniffs the content). */
export function png(rgb: [number, number, number]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.from([0, ...rgb, ...rgb]);
  const raw = Buffer.concat([row, row]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
