import { expect, type Page, test } from '@playwright/test';
import type { DialogPermissionsResponse } from '../contract/sharing.ts';
import { de } from '../web/i18n/de.ts';
import {
  callApi,
  createDialog,
  createUserWithEmail,
  mailedLink,
  signInAs,
  uniqueEmail,
} from './team-support.ts';

/** Sharing (issue 5): the popup 'Team & Berechtigungen', invitations by mail, roles, locked rows. */

const popup = (page: Page) => page.getByRole('dialog', { name: de.share.title });
const row = (scope: ReturnType<typeof popup>, name: string) =>
  scope.locator(`[data-testid="member-row"][data-member="${name}"]`);

async function openTeamPopup(page: Page, surveyId: string) {
  await page.goto(`/share/${surveyId}`);
  await page.getByRole('banner').getByRole('button', { name: de.topBar.team }).click();
  await expect(popup(page)).toBeVisible();
  return popup(page);
}

async function chooseRole(page: Page, scope: ReturnType<typeof popup>, label: string) {
  await scope.getByRole('combobox', { name: de.share.role }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

test('invite a new address, open the mailed link, register and see the dialog', async ({ page, browser }) => {
  const owner = await createUserWithEmail(page, 'owner');
  const surveyId = await createDialog(page, owner.token, 'Teamdialog Einladung');
  await signInAs(page, owner);
  const team = await openTeamPopup(page, surveyId);
  await expect(team.getByText(de.share.subtitle)).toBeVisible();

  const invitee = uniqueEmail('neu');
  await team.getByLabel(de.share.email).fill(invitee);
  await chooseRole(page, team, de.share.roles.edit_train);
  await team.getByRole('button', { name: de.share.invite }).click();
  const pendingRow = row(team, invitee);
  await expect(pendingRow).toContainText(de.share.pending);
  await expect(pendingRow).toContainText(de.share.roles.edit_train);
  await expect(pendingRow.getByRole('button', { name: de.share.resend })).toBeVisible();
  await team.getByRole('button', { name: de.common.close }).click();
  await expect(popup(page)).toHaveCount(0);

  const link = await mailedLink('invitation', invitee);
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(link);
  await expect(other.getByLabel(de.magicLink.email)).toHaveValue(invitee);
  const username = `neu_${Date.now().toString(36)}`;
  await other.getByLabel(de.magicLink.username).fill(username);
  await other.getByLabel(de.magicLink.firstName).fill('Nina');
  await other.getByLabel(de.magicLink.lastName).fill('Neu');
  await other.getByLabel(de.magicLink.password).fill('neu-password-123');
  await other.getByRole('button', { name: de.magicLink.submit }).click();
  await expect(other).toHaveURL(new RegExp(`/configurator/${surveyId}$`));
  await expect(other.getByRole('banner')).toContainText('Teamdialog Einladung');

  // The link is single-use.
  await other.goto(link);
  await expect(other.getByRole('alert')).toHaveText(de.messages.invalidMagicLink);
  await context.close();

  // The owner's list shows the new member as accepted.
  await page.reload();
  await page.getByRole('banner').getByRole('button', { name: de.topBar.team }).click();
  await expect(row(popup(page), invitee)).not.toContainText(de.share.pending);
});

test('every validation message of the invite form, and the button stays disabled until valid', async ({
  page,
}) => {
  const owner = await createUserWithEmail(page, 'valid');
  const surveyId = await createDialog(page, owner.token, 'Validierung');
  await signInAs(page, owner);
  const team = await openTeamPopup(page, surveyId);
  const email = team.getByLabel(de.share.email);
  const invite = team.getByRole('button', { name: de.share.invite });
  await expect(invite).toBeDisabled();

  await email.focus();
  await email.blur();
  await expect(team.getByText(de.share.validation.emailRequired, { exact: true })).toBeVisible();
  for (const malformed of ['anna', 'anna@example', 'anna@.org', '@example.org']) {
    await email.fill(malformed);
    await email.blur();
    await expect(team.getByText(de.share.validation.emailInvalid, { exact: true })).toBeVisible();
    await expect(invite).toBeDisabled();
  }
  await email.fill('');
  await email.blur();
  await expect(team.getByText(de.share.validation.emailRequired, { exact: true })).toBeVisible();

  await email.fill(`  ${uniqueEmail('trim')}  `);
  await email.blur();
  await expect(team.getByText(de.share.validation.emailInvalid, { exact: true })).toHaveCount(0);
  // The role select opened and closed without a choice.
  await team.getByRole('combobox', { name: de.share.role }).click();
  await page.keyboard.press('Escape');
  await team.getByRole('combobox', { name: de.share.role }).blur();
  await expect(team.getByText(de.share.validation.roleRequired, { exact: true })).toBeVisible();
  await expect(invite).toBeDisabled();

  await chooseRole(page, team, de.share.roles.analyse);
  await expect(team.getByText(de.share.validation.roleRequired, { exact: true })).toHaveCount(0);
  await expect(invite).toBeEnabled();
  const typed = (await email.inputValue()).trim();
  await invite.click();
  // Sent trimmed: the member's name is the address without the spaces.
  await expect(row(team, typed)).toContainText(de.share.pending);
  await expect(email).toHaveValue('');
});

test('role change and removal; the owner and the own row are locked', async ({ page, browser }) => {
  // Three accounts, two invitations and two browser contexts: longer than a one-screen test.
  test.setTimeout(60_000);
  const owner = await createUserWithEmail(page, 'besitzer');
  const full = await createUserWithEmail(page, 'voll');
  const member = await createUserWithEmail(page, 'mitglied');
  const surveyId = await createDialog(page, owner.token, 'Rollen');
  await callApi(page, owner.token, '/api/invite_user', {
    survey_id: surveyId,
    name: full.email,
    new_role: 'full',
  });
  await callApi(page, owner.token, '/api/invite_user', {
    survey_id: surveyId,
    name: member.email,
    new_role: 'train',
  });
  await callApi(page, member.token, '/api/accept_invitation', { survey_id: surveyId });

  // The full-access member accepts on the dashboard.
  const context = await browser.newContext();
  const fullPage = await context.newPage();
  await signInAs(fullPage, full);
  await fullPage.goto('/dashboard');
  const invitation = fullPage.getByTestId('pending-invitation').filter({ hasText: 'Rollen' });
  await expect(invitation).toContainText(de.share.roles.full);
  await invitation.getByRole('button', { name: de.invitations.accept }).click();
  await expect(invitation).toHaveCount(0);

  // As that member: the owner row shows 'Besitzer', the own row 'Du'; neither can be changed or removed.
  const team = await openTeamPopup(fullPage, surveyId);
  const ownerRow = row(team, owner.email);
  await expect(ownerRow).toContainText(de.share.roles.owner);
  await expect(ownerRow.getByRole('combobox')).toHaveCount(0);
  await expect(ownerRow.getByRole('button')).toHaveCount(0);
  const ownRow = row(team, full.email);
  await expect(ownRow).toContainText(de.share.you);
  await expect(ownRow).toContainText(de.share.roles.full);
  await expect(ownRow.getByRole('combobox')).toHaveCount(0);
  await expect(ownRow.getByRole('button')).toHaveCount(0);

  // Another member's role changes through its select, and the list reloads from the server.
  const memberRow = row(team, member.email);
  await memberRow.getByRole('combobox').click();
  await fullPage.getByRole('option', { name: de.share.roles.analyse, exact: true }).click();
  await expect(memberRow.getByRole('combobox')).toHaveText(de.share.roles.analyse);
  const after = await callApi<DialogPermissionsResponse>(
    fullPage,
    full.token,
    '/api/get_dialog_permissions',
    {
      survey_id: surveyId,
    },
  );
  expect(after.roles_current_survey_id.find((m) => m.name === member.email)?.role).toBe('analyse');

  // Removal asks first.
  await memberRow
    .getByRole('button', { name: de.share.removeMember.replace('{{name}}', member.email) })
    .click();
  const confirm = fullPage.getByRole('dialog', { name: de.share.removeTitle });
  await confirm.getByRole('button', { name: de.share.remove }).click();
  await expect(row(team, member.email)).toHaveCount(0);
  await context.close();

  // The owner sees their own row as 'Besitzer' and 'Du', locked.
  await signInAs(page, owner);
  const ownerTeam = await openTeamPopup(page, surveyId);
  const ownerOwnRow = row(ownerTeam, owner.email);
  await expect(ownerOwnRow).toContainText(de.share.roles.owner);
  await expect(ownerOwnRow).toContainText(de.share.you);
  await expect(ownerOwnRow.getByRole('combobox')).toHaveCount(0);
  await expect(ownerOwnRow.getByRole('button')).toHaveCount(0);
  await expect(row(ownerTeam, full.email).getByRole('combobox')).toBeVisible();
});

test('the Teilen screen shows the team, the public link with QR code and the embed snippet', async ({
  page,
}) => {
  const owner = await createUserWithEmail(page, 'teilen');
  const surveyId = await createDialog(page, owner.token, 'Teilen-Ansicht');
  await signInAs(page, owner);
  await page.goto(`/share/${surveyId}`);
  await expect(page.getByRole('heading', { level: 1, name: de.screens.Share })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Teilen-Ansicht');
  const main = page.getByRole('main');
  await expect(main.getByLabel(de.share.email)).toBeVisible();
  const origin = new URL(page.url()).origin;
  await expect(main.getByRole('textbox', { name: de.share.publicLink })).toHaveValue(
    `${origin}/dialog/${surveyId}`,
  );
  await expect(main.getByRole('img', { name: de.share.qrCode })).toBeVisible();
  await expect(main.getByRole('textbox', { name: de.share.embed })).toHaveValue(
    `<script src="${origin}/widget.js" data-survey-id="${surveyId}" data-color="#5ABAB2" async></script>`,
  );
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await main.getByRole('button', { name: de.share.copyLink }).click();
  await expect(page.getByText(de.share.copied)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${origin}/dialog/${surveyId}`);
});

test('an existing account accepts through the mailed link after signing in, once', async ({
  page,
  browser,
}) => {
  const owner = await createUserWithEmail(page, 'einlader');
  const existing = await createUserWithEmail(page, 'bestand');
  const surveyId = await createDialog(page, owner.token, 'Bestandskonto');
  await callApi(page, owner.token, '/api/invite_user', {
    survey_id: surveyId,
    name: existing.email,
    new_role: 'train',
  });
  const link = await mailedLink('invitation', existing.email);

  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(link);
  await expect(other.getByText(de.invitations.linkSignIn)).toBeVisible();
  await other.getByLabel(de.login.username).fill(existing.username);
  await other.getByLabel(de.login.password).fill(existing.password);
  await other.getByRole('button', { name: de.login.submit }).click();
  // 'Trainieren' may train and test but not edit: the training module opens.
  await expect(other).toHaveURL(new RegExp(`/intrance/${surveyId}$`));
  await expect(other.getByRole('banner')).toContainText('Bestandskonto');

  // Used once, the link is invalid.
  await other.goto(link);
  await expect(other.getByRole('alert')).toHaveText(de.messages.invalidMagicLink);

  // Already signed in, the next invitation is accepted with the current session.
  const second = await createDialog(page, owner.token, 'Zweite Einladung');
  await callApi(page, owner.token, '/api/invite_user', {
    survey_id: second,
    name: existing.email,
    new_role: 'analyse',
  });
  await other.goto(await mailedLink('invitation', existing.email));
  await expect(
    other.getByText(de.invitations.linkSignedInAs.replace('{{username}}', existing.username)),
  ).toBeVisible();
  await other.getByRole('button', { name: de.invitations.linkAccept }).click();
  await expect(other).toHaveURL(new RegExp(`/analyse/${second}$`));

  // A module the role does not allow, opened by its address: a notice, and the member stays signed in.
  await other.goto(`/configurator/${surveyId}`);
  await expect(other.getByText(de.moduleAccess.role)).toBeVisible();
  await other.setViewportSize({ width: 390, height: 844 });
  await other.goto(`/intrance/${second}`);
  await expect(other.getByText(de.moduleAccess.role)).toBeVisible();
  // On a phone too the way back is one line: a small button's height, not two lines of text.
  const back = other.getByRole('link', { name: de.nav.toDashboard });
  expect((await back.boundingBox())!.height).toBeLessThan(36);
  await back.click();
  await expect(other).toHaveURL(/\/dashboard$/);
  await context.close();
});
