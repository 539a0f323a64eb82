import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type FrameLocator, type Page, test } from '@playwright/test';
import { widgetSnippet } from '../web/features/share/widget-snippet.ts';
import { chatLog, createDialog, type E2eDialog, giveConsent, sendText } from './chat-support.ts';

/** The embed snippet on a plain HTML page of another site opens the chat of /widget/{id} in an iframe. */

let dialog: E2eDialog;
let host: Server;
let hostUrl: string;
/** The host's pages by path, each with one dialog's snippet. */
const snippets = new Map<string, string>();

test.beforeAll(async ({ request, baseURL }) => {
  dialog = await createDialog(request, [
    { type: 'open_text', context: 'Wie heißen Sie?', variable: 'name' },
    { type: 'single_choice', context: 'Alles klar, {{name}}?', options: ['Ja', 'Nein'] },
  ]);
  snippets.set('/', widgetSnippet(dialog.surveyId, baseURL!));
  // A plain page on its own server: another origin (and another site: localhost, not 127.0.0.1).
  host = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="de"><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Fremde Seite</title></head><body><h1>Eine ganz andere Website</h1>${snippets.get(req.url ?? '/') ?? ''}</body></html>`,
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
  // The widget renders only the chat: no top bar, the actions sit in the chat's header, in the narrow
  // panel (380 px) in one menu.
  await expect(chat.getByRole('banner')).toHaveCount(0);
  await chat.getByRole('button', { name: 'Weitere Aktionen' }).click();
  await expect(chat.getByRole('menuitem', { name: 'Neu starten' })).toBeVisible();
  // Escape closes the menu only, not the widget's panel.
  await page.keyboard.press('Escape');
  await expect(chat.getByRole('menu')).toHaveCount(0);
  await expect(iframe).toBeVisible();

  await bubble.click();
  await expect(iframe).toBeHidden();
  await bubble.click();
  await expect(chatLog(chat).getByText('Alles klar, Wanda?')).toBeVisible();
});

test.describe('on a 320 px phone', () => {
  test.use({ viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true });

  test.beforeAll(async ({ request, baseURL }) => {
    const likert = (options: string[], na: 0 | 1) => ({
      type: 'likert',
      options,
      jump_to_ids: options.map(() => null),
      jump_to_reactions: options.map(() => ''),
      likert_na: na,
    });
    const scales = await createDialog(
      request,
      [
        { ...likert(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10'], 1), context: 'Elf Stufen?' },
        {
          ...likert(
            [
              'Stimme überhaupt nicht zu',
              'Stimme nicht zu',
              'Stimme eher nicht zu',
              'Weder noch',
              'Stimme eher zu',
              'Stimme zu',
              'Stimme voll und ganz zu',
            ],
            0,
          ),
          context: 'Sieben Stufen?',
        },
        { type: 'single_choice', context: 'Fertig?', options: ['Ja'] },
      ],
      { settings: { avatar_name: 'Kommissarin Berg' } },
    );
    snippets.set('/scales', widgetSnippet(scales.surveyId, baseURL!));
  });

  /** Every point of the scale lies wholly inside the panel and the phone's screen. */
  async function expectAllInView(page: Page, chat: FrameLocator, count: number) {
    const radios = chat.getByRole('radio');
    await expect(radios).toHaveCount(count);
    const panel = (await page.locator('iframe[title="Dialogwerk Chat"]').boundingBox())!;
    for (const radio of await radios.all()) {
      const box = (await radio.boundingBox())!;
      const name = await radio.textContent();
      expect(box.x, `${name} left`).toBeGreaterThanOrEqual(panel.x);
      expect(box.x + box.width, `${name} right`).toBeLessThanOrEqual(panel.x + panel.width);
      expect(box.y, `${name} top`).toBeGreaterThanOrEqual(panel.y);
      expect(box.y + box.height, `${name} bottom`).toBeLessThanOrEqual(Math.min(panel.y + panel.height, 640));
      // Whole words: no label wider than its button.
      expect(await radio.evaluate((el) => el.scrollWidth <= el.clientWidth), `${name} fits`).toBe(true);
    }
    // No scroll box of its own around the scale.
    const overflow = await chat
      .getByRole('radiogroup')
      .evaluate((el) => [getComputedStyle(el).overflowY, el.scrollHeight <= el.clientHeight]);
    expect(overflow).toEqual(['visible', true]);
  }

  test("the header's name can be read, its actions are in a menu; Likert scales show every point", async ({
    page,
  }) => {
    await page.goto(`${hostUrl}scales`);
    await page.locator('[data-dialogwerk-widget] button').click();
    const chat = page.frameLocator('iframe[title="Dialogwerk Chat"]');
    await giveConsent(chat);
    await expect(chatLog(chat).getByText('Elf Stufen?')).toBeVisible();

    const name = chat.getByText('Kommissarin Berg', { exact: true }).first();
    const shown = await name.evaluate((el) => [
      el.getBoundingClientRect().width,
      el.scrollHeight <= el.clientHeight,
    ]);
    expect(shown[0]).toBeGreaterThanOrEqual(140);
    expect(shown[1]).toBe(true);
    await expect(chat.getByRole('button', { name: 'Benachrichtigungstöne' })).toBeVisible();
    await expect(chat.getByRole('button', { name: 'Neu starten' })).toHaveCount(0);
    await chat.getByRole('button', { name: 'Weitere Aktionen' }).click();
    await chat.getByRole('menuitem', { name: 'Neu starten' }).click();
    const confirm = chat.getByRole('dialog');
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button').first().click();
    await expect(confirm).toBeHidden();

    // The widget's chat fills its panel: no padding around it.
    const section = chat.getByRole('region').first();
    const frameWidth = await section.evaluate((el) => [
      el.getBoundingClientRect().x,
      el.getBoundingClientRect().width,
      window.innerWidth,
    ]);
    expect(frameWidth[0]).toBe(0);
    expect(frameWidth[1]).toBe(frameWidth[2]);

    await expectAllInView(page, chat, 12);
    await chat.getByRole('radio', { name: '7', exact: true }).click();
    await expect(chatLog(chat).getByText('Sieben Stufen?')).toBeVisible();
    await expectAllInView(page, chat, 7);
    await chat.getByRole('radio', { name: 'Stimme voll und ganz zu' }).click();
    await expect(chatLog(chat).getByText('Fertig?')).toBeVisible();
  });
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
