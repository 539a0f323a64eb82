import { expect, test } from '@playwright/test';
import { de } from '../web/i18n/de.ts';
import { api, createBlock, createDialog, serverDialog, signedIn } from './configurator-helpers.ts';

/**
 * Going live runs the pre-flight check: the list shows what is wrong or risky with a link to each place,
 * an error blocks going live, warnings can be confirmed; 'Prüfen' shows the same list at any time, and
 * a live dialog's configurator says that changes take effect at once.
 */

for (const [width, height] of [
  [1366, 900],
  [390, 844],
] as const) {
  test(`going live shows the pre-flight list and blocks on an error (${width}px)`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height });
    const session = await signedIn(page);
    const surveyId = await createDialog(page, session, 'Vorab geprüft');
    await createBlock(page, session, surveyId, 'single_choice');
    const gpt = await createBlock(page, session, surveyId, 'gpt');
    await page.goto(`/configurator/${surveyId}`);

    // 'Prüfen' in the configurator, at any time.
    await page.getByRole('button', { name: de.preflight.check }).click();
    const checked = page.getByRole('dialog', { name: de.preflight.title });
    await expect(checked.getByTestId('preflight-list').getByRole('listitem')).toHaveCount(2);
    await checked.getByRole('button', { name: de.preflight.close }).click();

    if (width < 600) return; // the live switch sits in the top bar from the sm breakpoint on (SPEC §2)
    const bar = page.getByRole('banner');
    await bar.getByRole('switch').click();
    const dialog = page.getByRole('dialog', { name: de.preflight.title });
    await expect(dialog).toContainText(de.preflight.errors);
    const error = dialog.locator('[data-severity="error"]');
    await expect(error).toContainText('Keine Datenschutzerklärung');
    await expect(dialog.locator('[data-severity="warning"]')).toContainText(
      'hat keine Frage an die Befragten',
    );
    await expect(dialog.getByRole('button', { name: de.preflight.goLive })).toBeDisabled();
    await page.screenshot({ path: `test-results/preflight-error-${width}.png` });
    // The error's link leads to the settings, where the privacy declaration is written.
    await error.getByRole('link').click();
    await expect(page).toHaveURL(/panel=settings/);
    await expect(dialog).toHaveCount(0);
    // There the cursor is in the privacy declaration's field, ready to write it.
    await expect(
      page.getByTestId('settings-panel').getByLabel(de.configurator.settings.privacy),
    ).toBeFocused();
    expect((await serverDialog(page, session, surveyId)).active).toBe(false);

    // With the error fixed only the warning remains; confirmed, the dialog goes live.
    await api(page, session, '/api/update_survey_settings', {
      survey_id: surveyId,
      action: 'config',
      changed_values: { privacy_declaration_text: 'Wir speichern Ihre Antworten.' },
    });
    await bar.getByRole('switch').click();
    await expect(dialog).toContainText(de.preflight.warnings);
    await expect(dialog.locator('[data-severity="error"]')).toHaveCount(0);
    await dialog.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`block=${gpt}`));
    await bar.getByRole('switch').click();
    await dialog.getByRole('button', { name: de.preflight.goLive }).click();
    await expect(bar.getByText(de.topBar.live)).toBeVisible();
    await expect(page.getByTestId('live-banner')).toHaveText(de.preflight.liveBanner);
    expect((await serverDialog(page, session, surveyId)).active).toBe(true);
    await page.screenshot({ path: `test-results/preflight-live-${width}.png` });
  });
}
