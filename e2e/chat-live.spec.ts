import { expect, type Page, test } from '@playwright/test';
import { MESSAGES } from '../contract/errors.ts';
import {
  chatLog,
  createDialog,
  type E2eDialog,
  giveConsent,
  SPEC_HISTORY_FIELDS,
  sendText,
  storedHistory,
} from './chat-support.ts';

/** The public live chat (/dialog/{id}): every input type, resume, restart, delete, the busy notice. */

const EVERY_TYPE = [
  { type: 'message', context: 'Schön, dass Sie da sind.' },
  { type: 'open_text', context: 'Wie heißen Sie?', variable: 'name' },
  { type: 'single_choice', context: 'Lieblingsfarbe, {{name}}?', options: ['Rot', 'Blau'] },
  { type: 'multiple_choice', context: 'Was essen Sie gern?', options: ['Obst', 'Brot', 'Käse'] },
  { type: 'likert', context: 'Wie zufrieden sind Sie?', likert_na: 1, nachfrage: 'Warum?' },
  { type: 'number', context: 'Wie alt sind Sie?', min: 0, max: 120, integer: 1 },
  { type: 'email', context: 'Ihre E-Mail-Adresse?', acknowledgement: 'Danke für die Adresse.' },
  { type: 'date', context: 'Wann haben Sie Geburtstag?' },
  { type: 'gpt', context: 'Frage freundlich nach.', nachfrage: 'Erzählen Sie mir mehr darüber.' },
  {
    type: 'qa',
    context: 'Haben Sie noch Fragen?',
    qa_pairs: [{ question: 'Wie lange dauert es?', answer: 'Nur fünf Minuten.' }],
  },
  { type: 'link', context: 'Mehr dazu:', link: 'https://example.org/info', link_klick_name: 'Mehr erfahren' },
];

let dialog: E2eDialog;
test.beforeAll(async ({ request }) => {
  dialog = await createDialog(request, EVERY_TYPE, {
    settings: { privacy_declaration_text: 'Wir speichern Ihre Antworten für die Auswertung.' },
  });
});

async function openDialog(page: Page) {
  await page.goto(`/dialog/${dialog.surveyId}`);
  await expect(page.getByRole('heading', { name: 'Bevor es losgeht' })).toBeVisible();
  await expect(page.getByText('Wir speichern Ihre Antworten für die Auswertung.')).toBeVisible();
  await giveConsent(page);
  await expect(chatLog(page).getByText('Willkommen im Test!')).toBeVisible();
}

test('a respondent completes a dialog with every input type', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(`/dialog/${dialog.surveyId}`);
  // Nothing is registered or stored before the consent.
  await expect(page.getByRole('button', { name: 'Dialog starten' })).toBeDisabled();
  expect(await page.evaluate(() => localStorage.getItem('token_live'))).toBeNull();
  await expect(page.getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute(
    'href',
    `/privacy/${dialog.surveyId}`,
  );
  await giveConsent(page);
  const log = chatLog(page);
  await expect(log.getByText('Schön, dass Sie da sind.')).toBeVisible();

  await sendText(page, 'Anna');
  await expect(log.getByText('Lieblingsfarbe, Anna?')).toBeVisible();
  await page.getByRole('button', { name: 'Blau' }).click();

  await expect(log.getByText('Was essen Sie gern?')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Auswahl bestätigen' })).toBeDisabled();
  await page.getByRole('button', { name: 'Obst' }).click();
  await page.getByRole('button', { name: 'Käse' }).click();
  await page.getByRole('button', { name: 'Auswahl bestätigen' }).click();
  await expect(log.getByText('Obst, Käse')).toBeVisible();

  await expect(log.getByText('Wie zufrieden sind Sie?')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'keine Angabe' })).toBeVisible();
  await page.getByRole('radio', { name: 'Stimme eher zu' }).click();
  await expect(log.getByText('Warum?')).toBeVisible();
  await sendText(page, 'Weil es gut läuft.');

  await expect(log.getByText('Wie alt sind Sie?')).toBeVisible();
  await sendText(page, 'zweiundvierzig');
  await expect(log.getByText('Bitte geben Sie eine Zahl ein, zum Beispiel 42.')).toBeVisible();
  await sendText(page, '42');

  await expect(log.getByText('Ihre E-Mail-Adresse?')).toBeVisible();
  await sendText(page, 'keine-adresse');
  await expect(log.getByText(/nicht nach einer gültigen E-Mail-Adresse aus/)).toBeVisible();
  await sendText(page, 'anna@example.org');
  await expect(log.getByText('Danke für die Adresse.')).toBeVisible();

  await expect(log.getByText('Wann haben Sie Geburtstag?')).toBeVisible();
  await sendText(page, '2000-05-17');

  await expect(log.getByText('Erzählen Sie mir mehr darüber.')).toBeVisible();
  await sendText(page, 'Ich reise gern.');

  await expect(log.getByText('Haben Sie noch Fragen?')).toBeVisible();
  await sendText(page, 'Wie lange dauert es?');
  await expect(log.getByText('Nur fünf Minuten.')).toBeVisible();
  await page.getByRole('button', { name: 'Weiter' }).click();

  await expect(log.getByRole('link', { name: 'Mehr erfahren' })).toHaveAttribute(
    'href',
    'https://example.org/info',
  );
  await expect(log.getByText('Vielen Dank fürs Mitmachen!')).toBeVisible();
  await expect(page.getByText('Der Dialog ist beendet.', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Ihre Antwort', { exact: true })).toHaveCount(0);

  // SPEC §3: the local history per dialog id, with exactly its fields and -r on responses.
  const history = await storedHistory(page, dialog.surveyId);
  expect(history?.length).toBeGreaterThan(15);
  for (const entry of history ?? []) expect(Object.keys(entry).sort()).toEqual(SPEC_HISTORY_FIELDS);
  const responses = (history ?? []).filter((e) => e.user_or_bot === 'user');
  expect(responses.map((e) => e.type)).toContain('single_choice-r');
  expect(responses.every((e) => String(e.type).endsWith('-r'))).toBe(true);
  expect(typeof history?.[0]?.created_on).toBe('number');
  expect(Number(history?.[0]?.created_on)).toBeGreaterThan(1_600_000_000_000);
});

test('a reload resumes where the respondent was', async ({ page }) => {
  await openDialog(page);
  await sendText(page, 'Bert');
  await expect(chatLog(page).getByText('Lieblingsfarbe, Bert?')).toBeVisible();
  await page.reload();
  // No consent again, the history at once, and the question still waiting for its answer.
  await expect(chatLog(page).getByText('Bert', { exact: true })).toBeVisible();
  await expect(chatLog(page).getByText('Lieblingsfarbe, Bert?')).toBeVisible();
  await page.getByRole('button', { name: 'Rot' }).click();
  await expect(chatLog(page).getByText('Was essen Sie gern?')).toBeVisible();
});

test('restart asks first, then begins the dialog anew', async ({ page }) => {
  await openDialog(page);
  await sendText(page, 'Carla');
  await expect(chatLog(page).getByText('Lieblingsfarbe, Carla?')).toBeVisible();

  const bar = page.getByRole('banner');
  await bar.getByRole('button', { name: 'Neu starten' }).click();
  const popup = page.getByRole('dialog', { name: 'Dialog neu starten?' });
  await expect(popup).toBeVisible();
  await popup.getByRole('button', { name: 'Zurück' }).click();
  await expect(popup).toBeHidden();
  await expect(chatLog(page).getByText('Carla', { exact: true })).toBeVisible();

  await bar.getByRole('button', { name: 'Neu starten' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Neu starten' }).click();
  await expect(chatLog(page).getByText('Wie heißen Sie?')).toBeVisible();
  await expect(chatLog(page).getByText('Carla', { exact: true })).toHaveCount(0);
  // The reloaded page stores the new chat once it has it (right after the reload nothing is stored).
  await expect.poll(() => storedHistory(page, dialog.surveyId)).not.toBeNull();
  const history = await storedHistory(page, dialog.surveyId);
  expect(history?.some((e) => e.context === 'Carla')).toBe(false);
});

test('cancel deletes the answers and leads to the exit page', async ({ page, request }) => {
  await openDialog(page);
  await sendText(page, 'Dora');
  await expect(chatLog(page).getByText('Lieblingsfarbe, Dora?')).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('token_live'));

  await page.getByRole('banner').getByRole('button', { name: 'Abbrechen' }).click();
  const popup = page.getByRole('dialog', { name: 'Dialog abbrechen?' });
  await expect(popup).toBeVisible();
  await popup.getByRole('button', { name: 'Abbrechen und löschen' }).click();

  await expect(page).toHaveURL(/\/exit\/deleted_de$/);
  await expect(page.getByRole('heading', { name: 'Ihre Daten wurden gelöscht' })).toBeVisible();
  const stored = await page.evaluate(
    (id) => ({
      token: localStorage.getItem('token_live'),
      refresh: localStorage.getItem('refresh_token_live'),
      consent: localStorage.getItem('storage_accepted'),
      history: localStorage.getItem(`chat_history_${id}`),
    }),
    dialog.surveyId,
  );
  expect(stored).toEqual({ token: null, refresh: null, consent: null, history: null });
  // The server has nothing left for those credentials.
  const res = await request.post('/api/chat/history', {
    data: { survey_id: dialog.surveyId },
    headers: { authorization: `Bearer ${token}` },
  });
  expect([401, 403, 404]).toContain(res.status());

  // The English exit text, and other exit vars.
  await page.goto('/exit/deleted_en');
  await expect(page.getByRole('heading', { name: 'Your data has been deleted' })).toBeVisible();
  await page.goto('/exit/finished_de');
  await expect(page.getByRole('heading', { name: 'Der Dialog ist beendet' })).toBeVisible();
});

test('the busy notice shows after 10 s without a response, for 6 s', async ({ page }) => {
  test.setTimeout(60_000);
  await openDialog(page);
  await page.route('**/api/chat/answer', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 12_500));
    await route.continue();
  });
  const sent = Date.now();
  await sendText(page, 'Emil');
  const notice = page.getByText(MESSAGES.serverBusy);
  await expect(notice).toBeVisible({ timeout: 12_000 });
  expect(Date.now() - sent).toBeGreaterThanOrEqual(9_500);
  await expect(chatLog(page).getByText('Lieblingsfarbe, Emil?')).toBeVisible({ timeout: 10_000 });
  await expect(notice).toBeHidden({ timeout: 8_000 });
  expect(Date.now() - sent).toBeGreaterThanOrEqual(15_500);
});

test('the privacy page shows the declaration, the information menu opens it in a new tab', async ({
  page,
}) => {
  await openDialog(page);
  await page.getByRole('banner').getByRole('button', { name: 'Informationen' }).click();
  const item = page.getByRole('menuitem', { name: 'Datenschutz' });
  await expect(item).toHaveAttribute('target', '_blank');
  const [tab] = await Promise.all([page.context().waitForEvent('page'), item.click()]);
  await expect(tab).toHaveURL(new RegExp(`/privacy/${dialog.surveyId}$`));
  await expect(tab.getByText('Wir speichern Ihre Antworten für die Auswertung.')).toBeVisible();
  await expect(tab.getByRole('heading', { name: 'Datenschutz: Chat-E2E' })).toBeVisible();
});

test('withdrawing consent clears the credentials and the stored history', async ({ page }) => {
  await openDialog(page);
  await sendText(page, 'Frida');
  await expect(chatLog(page).getByText('Lieblingsfarbe, Frida?')).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('token_live'));
  await page.getByRole('button', { name: 'Einwilligung widerrufen' }).click();
  // It asks first, since the answers are deleted too.
  const popup = page.getByRole('dialog', { name: 'Einwilligung widerrufen?' });
  await popup.getByRole('button', { name: 'Zurück' }).click();
  await expect(chatLog(page).getByText('Lieblingsfarbe, Frida?')).toBeVisible();
  await page.getByRole('button', { name: 'Einwilligung widerrufen' }).click();
  await popup.getByRole('button', { name: 'Widerrufen und löschen' }).click();
  await expect(page.getByRole('heading', { name: 'Bevor es losgeht' })).toBeVisible();
  const left = await page.evaluate(
    (id) => [localStorage.getItem('token_live'), localStorage.getItem(`chat_history_${id}`)],
    dialog.surveyId,
  );
  expect(left).toEqual([null, null]);
  // Nothing of the respondent is left on the server: the old credentials find no chat.
  const res = await page.request.post('/api/chat/history', {
    data: { survey_id: dialog.surveyId },
    headers: { authorization: `Bearer ${token}` },
  });
  expect([401, 403, 404]).toContain(res.status());
});

test('an inactive dialog says once that it has ended, before asking for consent', async ({
  page,
  request,
}) => {
  const inactive = await createDialog(request, [{ type: 'open_text', context: 'Frage' }], { active: false });
  await page.goto(`/dialog/${inactive.surveyId}`);
  await expect(page.getByText(MESSAGES.dialogEnded)).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Dialog starten' })).toHaveCount(0);
  // Nobody was registered for it.
  expect(await page.evaluate(() => localStorage.getItem('token_live'))).toBeNull();
});
