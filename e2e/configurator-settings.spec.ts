import { expect, type Page, test } from '@playwright/test';
import type { Dialog } from '../contract/dialogs.ts';
import { de } from '../web/i18n/de.ts';
import { api, createDialog, png, type Session, serverDialog, signedIn } from './configurator-helpers.ts';
import { hexToRgb } from './support.ts';

/** Media, settings with the chat preview, and the live toggle of the top bar (issue 3). */

const c = de.configurator;

async function expectServer(page: Page, session: Session, surveyId: string, check: (d: Dialog) => void) {
  await expect(async () => check(await serverDialog(page, session, surveyId))).toPass({ timeout: 7000 });
}

test('an uploaded image becomes the avatar; a wrong file gets the server message', async ({ page }) => {
  const session = await signedIn(page);
  const surveyId = await createDialog(page, session, 'Medien');
  await page.goto(`/configurator/${surveyId}`);
  await page.getByRole('button', { name: c.toolbar.media }).click();
  const panel = page.getByRole('complementary', { name: c.toolbar.media });

  // Text pretending to be a PNG is refused with the server's German message.
  await panel.getByTestId('media-file-input').setInputFiles({
    name: 'falsch.png',
    mimeType: 'image/png',
    buffer: Buffer.from('kein Bild, nur Text'),
  });
  await expect(panel.getByRole('alert')).toContainText(
    'Der Dateiinhalt passt nicht zu Bild: erlaubt sind PNG, JPEG, GIF oder WebP.',
  );

  // An avatar image is uploaded and used.
  await panel.getByRole('combobox', { name: c.media.type }).click();
  await page.getByRole('option', { name: c.media.types.avatar }).click();
  await panel.getByTestId('media-file-input').setInputFiles({
    name: 'gesicht.png',
    mimeType: 'image/png',
    buffer: png([20, 120, 220]),
  });
  const item = panel.getByTestId('media-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('gesicht.png');
  await expect(item).toContainText(c.media.types.avatar);
  await item.getByRole('button', { name: c.media.useAsAvatar }).click();
  let location = '';
  await expectServer(page, session, surveyId, (d) => {
    expect(d.settings.avatar_src).toMatch(/^\/media\/[A-Za-z0-9_-]+\.png$/);
    location = d.settings.avatar_src;
  });
  await expect(item.getByRole('button', { name: c.media.useAsAvatar })).toBeDisabled();
  const image = await page.request.get(location);
  expect(image.headers()['content-type']).toBe('image/png');

  // The settings preview shows it as the avatar.
  await page.getByRole('button', { name: c.toolbar.settings }).click();
  await expect(page.getByTestId('preview-avatar').locator('img')).toHaveAttribute('src', location);
  await expect(page.getByRole('combobox', { name: c.settings.avatarSrc })).toContainText('gesicht.png');
});

test('settings are saved with a live preview; welcome is a fix message in the history', async ({ page }) => {
  const session = await signedIn(page);
  const surveyId = await createDialog(page, session, 'Einstellungen');
  await page.goto(`/configurator/${surveyId}`);
  await page.getByRole('button', { name: c.toolbar.settings }).click();
  const panel = page.getByTestId('settings-panel');
  const preview = page.getByTestId('chat-preview');
  // Numbers in the German UI's format.
  await expect(panel.getByText(`${c.settings.speed}: 0,5`)).toBeVisible();

  await panel.getByLabel(c.settings.avatarName).fill('Lotta');
  await panel.getByLabel(c.settings.avatarName).press('Tab');
  await expect(preview).toContainText('Lotta');
  const colour = panel.getByLabel(`${c.settings.accentColor} (#RRGGBB)`);
  await colour.fill('#123');
  await expect(panel.getByText('muss eine Farbe #RRGGBB sein')).toBeVisible();
  await colour.fill('#1A237E');
  await colour.press('Tab');
  await expect(preview.getByTestId('preview-avatar')).toHaveCSS('background-color', hexToRgb('#1A237E'));
  await panel.getByRole('radio', { name: c.settings.du }).check();
  await panel.getByLabel(c.settings.surveyName).fill('Neuer Name');
  await panel.getByLabel(c.settings.surveyName).press('Tab');
  await expect(page.getByTestId('breadcrumb-name')).toHaveText('Neuer Name');
  await expectServer(page, session, surveyId, (d) => {
    expect(d.settings).toMatchObject({
      avatar_name: 'Lotta',
      accent_color: '#1A237E',
      du_sie: 'du',
      survey_name: 'Neuer Name',
    });
  });

  const welcome = panel.getByRole('group', { name: c.settings.welcome, exact: true });
  const text = welcome.getByLabel(c.text.textLabel, { exact: true });
  await text.fill('Willkommen bei Lotta!');
  await text.press('Tab');
  await expect(preview.getByTestId('preview-bubble')).toHaveText('Willkommen bei Lotta!');
  await expectServer(page, session, surveyId, (d) => expect(d.welcome).toBe('Willkommen bei Lotta!'));

  await page.getByRole('button', { name: c.toolbar.history }).click();
  const entries = page.getByTestId('history-entry');
  await expect(entries.first()).toContainText(c.history.titles.fixmessages);
  await expect(entries.nth(1)).toContainText(c.history.titles.settings);
  await page.getByRole('button', { name: c.toolbar.undo, exact: true }).first().click();
  await expectServer(page, session, surveyId, (d) => expect(d.welcome).toMatch(/^Hallo!/));
});

test('the top bar toggle switches the dialog live and back, with the server', async ({ page }) => {
  const session = await signedIn(page);
  const surveyId = await createDialog(page, session, 'Schalter');
  // Nothing for the pre-flight check to find: the switch goes live at once.
  await api(page, session, '/api/update_survey_settings', {
    survey_id: surveyId,
    action: 'config',
    changed_values: { privacy_declaration_text: 'Wir speichern Ihre Antworten.' },
  });
  await page.goto(`/configurator/${surveyId}`);
  const bar = page.getByRole('banner');
  const toggle = bar.getByRole('switch');
  await expect(bar.getByText(de.topBar.inactive)).toBeVisible();
  await expect(toggle).not.toBeChecked();

  // A slow answer shows the loading indicator and keeps the switch from being flipped twice.
  await page.route('**/api/switch_activate_link', async (route) => {
    await new Promise((r) => setTimeout(r, 600));
    await route.continue();
  });
  await toggle.click();
  await expect(bar.getByRole('progressbar')).toBeVisible();
  await expect(toggle).toBeDisabled();
  await expect(bar.getByText(de.topBar.live)).toBeVisible();
  await expect(toggle).toBeChecked();
  await expect(bar.getByRole('progressbar')).toHaveCount(0);
  expect((await serverDialog(page, session, surveyId)).active).toBe(true);

  // Taking it offline asks first; cancelling keeps it live.
  await toggle.click();
  const confirm = page.getByRole('dialog', { name: de.topBar.offline.title });
  await expect(confirm).toContainText(de.topBar.offline.text);
  await confirm.getByRole('button', { name: de.common.cancel }).click();
  await expect(confirm).toHaveCount(0);
  await expect(toggle).toBeChecked();
  expect((await serverDialog(page, session, surveyId)).active).toBe(true);
  await toggle.click();
  await page.getByRole('dialog').getByRole('button', { name: de.topBar.offline.confirm }).click();
  await expect(bar.getByText(de.topBar.inactive)).toBeVisible();
  expect((await serverDialog(page, session, surveyId)).active).toBe(false);
});
