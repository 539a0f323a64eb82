import { expect, type Page, test } from '@playwright/test';
import type { Dialog } from '../contract/dialogs.ts';
import { de } from '../web/i18n/de.ts';
import {
  api,
  createBlock,
  createDialog,
  type Session,
  serverDialog,
  signedIn,
} from './configurator-helpers.ts';
import { screenshots } from './support.ts';

/**
 * Settings from real use (issue 20): du/Sie finds the texts in the other form and converts the sure
 * cases after a review; the dialog's own link preview; which closing text an end block leaves.
 */

const s = de.configurator.settings;

async function expectServer(page: Page, session: Session, surveyId: string, check: (d: Dialog) => void) {
  await expect(async () => check(await serverDialog(page, session, surveyId))).toPass({ timeout: 7000 });
}

async function setBlockText(page: Page, session: Session, surveyId: string, id: string, context: string) {
  await api(page, session, '/api/update_survey_blocks', {
    survey_id: surveyId,
    action: 'update',
    unique_question_id: id,
    changed_values: { context },
  });
}

test('du/Sie: the texts in the other form are listed with links; sure cases converted after review', async ({
  page,
}) => {
  const session = await signedIn(page);
  const surveyId = await createDialog(page, session, 'Anrede');
  const mail = await createBlock(page, session, surveyId, 'email');
  await setBlockText(page, session, surveyId, mail, 'Gib uns bitte deine E-Mail-Adresse.');
  const name = await createBlock(page, session, surveyId, 'open_text');
  await setBlockText(page, session, surveyId, name, 'Wie heißt du?');
  await page.goto(`/configurator/${surveyId}`);
  await page.getByRole('button', { name: de.configurator.toolbar.settings }).click();

  const check = page.getByTestId('address-check');
  await expect(check).toContainText('2 Texte sprechen die Befragten noch mit „du“ an:');
  await expect(check.getByRole('link', { name: 'Block 1 · Text' })).toHaveAttribute(
    'href',
    `/configurator/${surveyId}?block=${mail}`,
  );
  await expect(check.getByRole('listitem').nth(1)).toHaveText('Block 2 · Text: „du“');
  await screenshots(page, 'address-check');

  await check.getByRole('button', { name: 'Einfachen Fall umstellen …' }).click();
  const review = page.getByRole('dialog', { name: s.addressReview });
  await expect(review.getByTestId('address-change')).toHaveCount(1);
  await expect(review).toContainText('Vorher: Gib uns bitte deine E-Mail-Adresse.');
  await expect(review).toContainText('Nachher: Geben Sie uns bitte Ihre E-Mail-Adresse.');
  await page.screenshot({ path: `${process.env.SHOTS_DIR ?? 'test-results'}/address-review-1366.png` });
  await review.getByRole('button', { name: 'Änderung speichern' }).click();
  await expectServer(page, session, surveyId, (d) => {
    const texts = Object.fromEntries(d.all_questions.map((b) => [b.unique_question_id, b.context]));
    expect(texts[mail]).toBe('Geben Sie uns bitte Ihre E-Mail-Adresse.');
    // What is not sure stays for the author.
    expect(texts[name]).toBe('Wie heißt du?');
  });
  await expect(check).toContainText('Ein Text spricht die Befragten noch mit „du“ an:');

  // Switched to du, the list turns round: now the Sie-forms are found.
  await page.getByRole('radio', { name: s.du }).check();
  await expect(check).toContainText('Ein Text spricht die Befragten noch mit „Sie“ an:');
  await expect(check.getByRole('link', { name: 'Block 1 · Text' })).toBeVisible();
});

test('link preview: own title, text and image, a wrong address refused at the field', async ({ page }) => {
  const session = await signedIn(page);
  const surveyId = await createDialog(page, session, 'Vorschau intern');
  await page.goto(`/configurator/${surveyId}`);
  await page.getByRole('button', { name: de.configurator.toolbar.settings }).click();
  const section = page.getByRole('region', { name: s.previewSection });
  const title = section.getByRole('textbox', { name: s.previewTitle });
  await expect(title).toHaveAttribute('placeholder', 'Leer: Vorschau intern');
  await title.fill('Ihre Meinung zählt');
  await title.press('Tab');
  const image = section.getByRole('textbox', { name: de.configurator.settings.assetUrl });
  await image.fill('dialogwerk');
  await image.press('Tab');
  await expect(section).toContainText('muss leer, eine http(s)-Adresse, /media/… oder /img/… sein');
  await image.fill('https://cdn.example.net/vorschau.png');
  await image.press('Tab');
  await expectServer(page, session, surveyId, (d) => {
    expect(d.settings.preview_title).toBe('Ihre Meinung zählt');
    expect(d.settings.preview_image).toBe('https://cdn.example.net/vorschau.png');
  });
  await screenshots(page, 'link-preview-settings');
  const html = await (await page.request.get(`/dialog/${surveyId}`)).text();
  expect(html).toContain('<meta property="og:title" content="Ihre Meinung zählt" />');
  expect(html).toContain('<meta property="og:image" content="https://cdn.example.net/vorschau.png" />');
});

test('end block and Abschluss: the settings and the end block say which text is sent', async ({ page }) => {
  const session = await signedIn(page);
  const surveyId = await createDialog(page, session, 'Ende');
  const end = await createBlock(page, session, surveyId, 'end');
  await setBlockText(page, session, surveyId, end, 'Das war es.');
  await page.goto(`/configurator/${surveyId}`);
  await page.getByRole('button', { name: de.configurator.toolbar.settings }).click();
  const note = page.getByTestId('ending-sent-note');
  await expect(note).toHaveText(s.endingAfterEndBlockOff);
  await page.getByRole('switch', { name: s.endingAfterEndBlock }).check();
  await expect(note).toHaveText(s.endingAfterEndBlockOn);
  await expectServer(page, session, surveyId, (d) => expect(d.settings.ending_after_end_block).toBe(true));
  await screenshots(page, 'ending-after-end-block');
  await page.goto(`/configurator/${surveyId}?block=${end}`);
  await expect(page.getByTestId('end-block-note')).toHaveText(de.configurator.editor.endBlockTextBoth);
});
