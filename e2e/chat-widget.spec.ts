import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { widgetSnippet } from '../web/features/chat/widget-snippet.ts';
import { chatLog, createDialog, type E2eDialog, giveConsent, sendText } from './chat-support.ts';

/** The embed snippet on a plain HTML page of another site opens the chat of /widget/{id} in an iframe. */

let dialog: E2eDialog;
let host: Server;
let hostUrl: string;

test.beforeAll(async ({ request, baseURL }) => {
  dialog = await createDialog(request, [
    { type: 'open_text', context: 'Wie heißen Sie?', variable: 'name' },
    { type: 'single_choice', context: 'Alles klar, {{name}}?', options: ['Ja', 'Nein'] },
  ]);
  const snippet = widgetSnippet(dialog.surveyId, baseURL!);
  // A plain page on its own server: another origin (and another site: localhost, not 127.0.0.1).
  host = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="de"><head><title>Fremde Seite</title></head><body><h1>Eine ganz andere Website</h1>${snippet}</body></html>`,
    );
  });
  await new Promise<void>((resolve) => host.listen(0, resolve));
  hostUrl = `http://localhost:${(host.address() as AddressInfo).port}/`;
});
test.afterAll(() => new Promise<void>((resolve) => host.close(() => resolve())));

test('the snippet puts a chat bubble on a page of another origin that opens the chat', async ({
  page,
  baseURL,
}) => {
  await page.goto(hostUrl);
  await expect(page.getByRole('heading', { name: 'Eine ganz andere Website' })).toBeVisible();
  const bubble = page.locator('[data-dialogwerk-widget] button');
  await expect(bubble).toHaveAccessibleName('Chat öffnen');
  await expect(bubble).toHaveAttribute('aria-expanded', 'false');
  // The chat loads only when the bubble is opened.
  await expect(page.locator('iframe')).toHaveCount(0);
  await bubble.click();
  await expect(bubble).toHaveAttribute('aria-expanded', 'true');
  await expect(bubble).toHaveAccessibleName('Chat schließen');
  const iframe = page.locator('iframe[title="Dialogwerk Chat"]');
  await expect(iframe).toHaveAttribute('src', `${baseURL}/widget/${dialog.surveyId}`);

  const chat = page.frameLocator('iframe[title="Dialogwerk Chat"]');
  await giveConsent(chat);
  await expect(chatLog(chat).getByText('Wie heißen Sie?')).toBeVisible();
  await sendText(chat, 'Wanda');
  await expect(chatLog(chat).getByText('Alles klar, Wanda?')).toBeVisible();
  // The widget renders only the chat: no top bar, the actions sit in the chat's header.
  await expect(chat.getByRole('banner')).toHaveCount(0);
  await expect(chat.getByRole('button', { name: 'Neu starten' })).toBeVisible();

  await bubble.click();
  await expect(iframe).toBeHidden();
  await bubble.click();
  await expect(chatLog(chat).getByText('Alles klar, Wanda?')).toBeVisible();
});

test('only /widget/{id} may be framed by other sites; the script is served to any origin', async ({
  request,
}) => {
  const widget = await request.get(`/widget/${dialog.surveyId}`);
  expect(widget.headers()['content-security-policy']).toContain('frame-ancestors *');
  expect(widget.headers()['x-frame-options']).toBeUndefined();
  const chat = await request.get(`/dialog/${dialog.surveyId}`);
  expect(chat.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
  const script = await request.get('/widget.js');
  expect(script.status()).toBe(200);
  expect(script.headers()['cross-origin-resource-policy']).toBe('cross-origin');
});
