import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { de } from '../web/i18n/de.ts';
import { chatLog, createDialog, type E2eDialog, giveConsent, openSettingsAsAuthor } from './chat-support.ts';
import { serverDialog } from './configurator-helpers.ts';
import { partScreenshots } from './support.ts';

/**
 * A panel study in one go (issue 22): the author declares a hidden field, a jump on it, a quota, the
 * redirect and a webhook, and goes live after seeing the redirect address in the pre-flight list; a
 * respondent on a phone comes by a panel-style link, lands on the panel's page with the id, the
 * webhook's receiver on 127.0.0.1 gets the signed event, the delivery log and Analyse show it.
 */

const p = de.panel;
const SHOTS = 'test-results/panel-study';

/** The panel's pages and the webhook receiver, on 127.0.0.1. */
let receiver: Server;
let origin: string;
const received: { body: string; headers: IncomingHttpHeaders }[] = [];
let dialog: E2eDialog;

test.beforeAll(async ({ request }) => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString('utf8');
    });
    req.on('end', () => {
      if (req.method === 'POST') {
        received.push({ body, headers: req.headers });
        res.writeHead(204).end();
        return;
      }
      const id = new URL(req.url ?? '/', 'http://x').searchParams.get('id') ?? '';
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><title>Panel</title><h1>Panel: fertig</h1><p id="pid">${encodeURIComponent(id)}</p>`,
      );
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  dialog = await createDialog(
    request,
    [
      {
        type: 'single_choice',
        context: 'Teilnehmer {{pid}}: Sie sind …',
        short_name: 'Geschlecht',
        options: ['Frau', 'Mann'],
      },
      { type: 'end', context: 'Das war es schon.', short_name: 'Fertig' },
    ],
    { active: false },
  );
});
test.afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const shots = (page: Page, part: Locator, name: string) => partScreenshots(page, part, name, SHOTS);

test('hidden field, jump, quota, redirect and webhook: a phone respondent from a panel link lands on the panel page, the delivery is logged', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const settings = await openSettingsAsAuthor(page, dialog);
  const session = { token: dialog.token, username: dialog.author.username };

  // 'Versteckte Felder': pid (required) and src.
  const fields = settings.getByRole('region', { name: p.hiddenTitle });
  for (const name of ['pid', 'src']) {
    await fields.getByRole('button', { name: p.addField }).click();
    await fields.getByLabel(p.fieldName).last().fill(name);
  }
  await fields.getByRole('checkbox', { name: p.required }).first().check();
  await fields.getByRole('button', { name: p.save }).click();
  await expect(fields.getByText(p.saved)).toBeVisible();

  // The dialog's redirect: the panel's complete page with the id, at once.
  const url = settings.getByLabel(p.redirectUrl);
  await url.fill(`${origin}/complete?id={{pid}}`);
  await url.press('Tab');
  await expect(async () => {
    expect((await serverDialog(page, session, dialog.surveyId)).settings.end_redirect_url).toBe(
      `${origin}/complete?id={{pid}}`,
    );
  }).toPass({ timeout: 7000 });

  // A quota: 'Frauen: 5', counted on finished chats.
  const q = de.quotas;
  const quotas = settings.getByRole('region', { name: q.title });
  const form = quotas.getByRole('form', { name: q.add });
  await form.getByLabel(q.name).fill('Frauen');
  await form.getByLabel(q.limit).fill('5');
  await form.getByRole('combobox', { name: q.source }).click();
  await page.getByRole('option', { name: 'Geschlecht' }).click();
  await form.getByRole('checkbox', { name: 'Frau' }).check();
  await form.getByRole('button', { name: q.add }).click();
  await expect(quotas.getByText('0 / 5')).toBeVisible();

  // A webhook to the receiver on 127.0.0.1 (chat finished); its secret is shown once.
  const w = de.webhooks;
  const hooks = settings.getByRole('region', { name: w.title });
  await hooks.getByLabel(w.url).fill(`${origin}/hook`);
  await hooks.getByRole('button', { name: w.add }).click();
  const secret = (await hooks.locator('code').textContent()) ?? '';
  expect(secret).toMatch(/^whsec_/);

  // The first block's jump on a hidden field: src = crm ends the dialog at once.
  const f = de.configurator.fieldJumps;
  const first = page.getByTestId('block-row').first();
  await first
    .getByRole('toolbar', { name: de.configurator.list.actions })
    .getByRole('button', { name: de.configurator.list.expand })
    .click();
  const rules = first.getByRole('region', { name: f.title });
  const rule = rules.getByRole('group', { name: f.new });
  await rule.getByRole('combobox', { name: f.field }).click();
  await page.getByRole('option', { name: 'src', exact: true }).click();
  await rule.getByRole('textbox', { name: f.value }).fill('crm');
  const target = rule.getByRole('combobox', { name: f.target });
  await target.focus();
  await target.selectOption({ label: de.configurator.editor.jump.end });
  await rule.getByRole('button', { name: f.add }).click();
  await expect(rules.getByRole('group', { name: 'Regel: src = crm' })).toBeVisible();
  await expect(async () => {
    const block = (await serverDialog(page, session, dialog.surveyId)).all_questions[0]!;
    expect(block.field_jumps).toEqual([
      { field: 'src', value: 'crm', target: `end_node_${dialog.surveyId}` },
    ]);
  }).toPass({ timeout: 7000 });
  await shots(page, rules, 'field-jumps');
  // The graph draws the rule as an edge labelled with it.
  await page.getByRole('button', { name: de.configurator.view.graph }).click();
  await expect(page.locator('.react-flow__edge-text', { hasText: 'src = crm' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/graph-field-jump-1366.png` });
  await page.getByRole('button', { name: de.configurator.view.list }).click();

  // Going live shows the pre-flight list with the redirect address, though it holds only info items.
  const bar = page.getByRole('banner');
  await bar.getByRole('switch').click();
  const check = page.getByRole('dialog', { name: de.preflight.title });
  await expect(check.locator('[data-severity="info"]')).toContainText(`${origin}/complete?id={{pid}}`);
  await expect(check.locator('[data-severity="warning"], [data-severity="error"]')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/preflight-info-1366.png` });
  await check.getByRole('button', { name: de.preflight.goLiveNow }).click();
  await expect(bar.getByText(de.topBar.live)).toBeVisible();

  // The respondent, on a phone, from the panel's link.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'de-DE' });
  const respondent = await phone.newPage();
  await respondent.goto(`/dialog/${dialog.surveyId}?pid=P-4711&src=panel`);
  await giveConsent(respondent);
  await expect(chatLog(respondent).getByText('Teilnehmer P-4711: Sie sind …')).toBeVisible();
  await respondent.getByRole('button', { name: 'Frau' }).click();
  await respondent.waitForURL(`${origin}/complete?id=P-4711`, { timeout: 15_000 });
  await expect(respondent.locator('#pid')).toHaveText('P-4711');
  await respondent.screenshot({ path: `${SHOTS}/landed-390.png` });
  await phone.close();

  // The receiver got the signed event with the hidden fields.
  await expect.poll(() => received.length, { timeout: 15_000 }).toBeGreaterThan(0);
  const event = new Webhook(secret).verify(
    received[0]!.body,
    received[0]!.headers as Record<string, string>,
  ) as {
    type: string;
    data: { hidden_fields: Record<string, string> };
  };
  expect(event.type).toBe('chat.finished');
  expect(event.data.hidden_fields).toMatchObject({ pid: 'P-4711', src: 'panel' });

  // The delivery log shows it delivered.
  await hooks.getByRole('button', { name: w.log }).click();
  const log = hooks.getByRole('table', { name: w.log });
  await expect(log.getByRole('row').filter({ hasText: w.events['chat.finished'] })).toContainText(
    w.states.delivered,
  );
  await shots(page, log, 'webhook-log');

  // Analyse: the quota's fill, and the filter on the hidden field.
  await page.goto(`/analyse/${dialog.surveyId}`);
  await expect(page.getByRole('region', { name: q.title }).getByText(/1 \/ 5/)).toBeVisible();
  const a = de.analytics.filters;
  const filter = page.getByRole('group', { name: a.hidden });
  await filter.getByRole('combobox', { name: a.hiddenField }).click();
  await page.getByRole('option', { name: 'src', exact: true }).click();
  await filter.getByLabel(a.hiddenValue).fill('panel');
  await filter.getByRole('button', { name: a.hiddenAdd }).click();
  await expect(page.getByRole('list', { name: a.hiddenFilters }).getByText('src = panel')).toBeVisible();
  await shots(page, filter, 'analyse-hidden-filter');
});
