import { expect, test } from '@playwright/test';
import { ROLE_LABELS } from '../contract/roles.ts';
import { de } from '../web/i18n/de.ts';
import { callApi, createDialog, createUserWithEmail, mailedLink, uniqueEmail } from './team-support.ts';

/** The page an invitation's link opens names who invites, to which dialog, in which role. */

const SHOTS = process.env.SHOTS_DIR ?? 'test-results';

test('the magic-link page names inviter, dialog and role before asking for an account', async ({
  page,
  browser,
}) => {
  const owner = await createUserWithEmail(page, 'einladende');
  const surveyId = await createDialog(page, owner.token, 'Kundenbefragung Herbst');
  const invitee = uniqueEmail('eingeladen');
  await callApi(page, owner.token, '/api/invite_user', {
    survey_id: surveyId,
    name: invitee,
    new_role: 'edit_train',
  });
  const link = await mailedLink('invitation', invitee);

  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height }, locale: 'de-DE' });
    const other = await context.newPage();
    await other.goto(link);
    const note = other.getByTestId('invitation-from');
    await expect(note).toContainText('Einladende Test lädt Sie zum Dialog „Kundenbefragung Herbst“ ein.');
    await expect(note).toContainText(`Ihre Rolle: ${ROLE_LABELS.edit_train}`);
    // Shown before the form, which is still there to fill.
    await expect(other.getByLabel(de.magicLink.email)).toHaveValue(invitee);
    await other.screenshot({ path: `${SHOTS}/magic-link-${width}.png`, fullPage: true });
    await context.close();
  }
});
