import { expect, type Page, test } from '@playwright/test';
import { BLOCK_TYPE_LABELS } from '../contract/blocks.ts';
import type { Dialog } from '../contract/dialogs.ts';
import { de } from '../web/i18n/de.ts';
import { createDialog, png, type Session, serverDialog, signedIn } from './configurator-helpers.ts';
import { screenshots } from './support.ts';

/**
 * A media bubble in a text uploads its file right there (picked or dropped), and while it has none it
 * never holds back the rest of the text: it is left out of what is saved and says so.
 */

const c = de.configurator;

async function expectServer(page: Page, session: Session, surveyId: string, check: (d: Dialog) => void) {
  await expect(async () => check(await serverDialog(page, session, surveyId))).toPass({ timeout: 7000 });
}

test('an empty image bubble does not block the text; a file uploaded in the bubble fills it', async ({
  page,
}) => {
  const session = await signedIn(page);
  const surveyId = await createDialog(page, session, 'Bild im Text');
  await page.goto(`/configurator/${surveyId}`);
  await page.getByRole('button', { name: c.toolbar.addBlock }).click();
  await page.getByRole('menuitem', { name: BLOCK_TYPE_LABELS.message, exact: true }).click();
  const row = page.getByTestId('block-row').first();
  const text = row.getByRole('group', { name: c.editor.context, exact: true });

  // An image bubble without a file yet: marked, and the text edited after it is still saved.
  await text.getByRole('button', { name: c.text.kinds.image, exact: true }).click();
  const imageBubble = text.getByRole('group', { name: 'Blase 2: Bild' });
  await expect(imageBubble.getByTestId('media-not-saved')).toHaveText(c.text.errors.mediaMissing);
  const bubble = text.getByLabel(c.text.textLabel, { exact: true });
  await bubble.fill('Schauen Sie sich das an:');
  await bubble.press('Tab');
  await expectServer(page, session, surveyId, (d) =>
    expect(d.all_questions[0]!.context).toBe('Schauen Sie sich das an:'),
  );
  await screenshots(page, 'text-media-empty');

  // Uploaded right in the bubble: the file is used there and listed in the Medien panel.
  await imageBubble.getByTestId('media-item-file-input').setInputFiles({
    name: 'foto.png',
    mimeType: 'image/png',
    buffer: png([30, 140, 90]),
  });
  let location = '';
  await expectServer(page, session, surveyId, (d) => {
    const match = /§§image:file:([A-Za-z0-9_.-]+\.png)$/.exec(d.all_questions[0]!.context);
    expect(match).not.toBeNull();
    location = `/media/${match![1]}`;
  });
  await expect(imageBubble.locator('img')).toHaveAttribute('src', location);
  await expect(imageBubble.getByTestId('media-not-saved')).toHaveCount(0);
  await screenshots(page, 'text-media-uploaded');

  // A refused file gets the server's German message in the bubble; what is saved stays.
  await imageBubble.getByTestId('media-item-file-input').setInputFiles({
    name: 'falsch.png',
    mimeType: 'image/png',
    buffer: Buffer.from('kein Bild'),
  });
  await expect(imageBubble.getByRole('alert')).toContainText('Der Dateiinhalt passt nicht zu Bild');
  await expect(imageBubble.locator('img')).toHaveAttribute('src', location);
});

test('a file dropped onto an image bubble is uploaded there', async ({ page }) => {
  const session = await signedIn(page);
  const surveyId = await createDialog(page, session, 'Drop');
  await page.goto(`/configurator/${surveyId}`);
  await page.getByRole('button', { name: c.toolbar.addBlock }).click();
  await page.getByRole('menuitem', { name: BLOCK_TYPE_LABELS.message, exact: true }).click();
  const text = page
    .getByTestId('block-row')
    .first()
    .getByRole('group', { name: c.editor.context, exact: true });
  await text.getByRole('button', { name: c.text.kinds.image, exact: true }).click();
  const drop = text.getByRole('group', { name: 'Blase 2: Bild' }).getByTestId('media-drop');
  // A DataTransfer with a real PNG, as the browser hands a dropped file.
  const bytes = [...png([10, 20, 200])];
  const transfer = await page.evaluateHandle((data) => {
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array(data)], 'gezogen.png', { type: 'image/png' }));
    return dt;
  }, bytes);
  await drop.dispatchEvent('dragover', { dataTransfer: transfer });
  await drop.dispatchEvent('drop', { dataTransfer: transfer });
  await expectServer(page, session, surveyId, (d) =>
    expect(d.all_questions[0]!.context).toMatch(/§§image:file:[A-Za-z0-9_.-]+\.png$/),
  );
});
