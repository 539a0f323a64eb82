import { expect, type Page, test } from '@playwright/test';
import type { TriggerObject } from '../contract/triggers.ts';
import { de } from '../web/i18n/de.ts';
import { createBlock, createDialog, type Session, signedIn } from './configurator-helpers.ts';

/**
 * Dialog managers (issue 7, author side): a manager created from the dashboard, two dialogs connected
 * and a game title saved; then a moveTo trigger added in the graph of one dialog and deleted again, and
 * that dialog taken out of the manager.
 */

const m = de.managers;

async function pick(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

async function serverTriggers(page: Page, session: Session, managerId: string) {
  const res = await page.request.get(`/api/get_dialogmanager_trigger/${managerId}`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { trigger_objects: TriggerObject[] }).trigger_objects;
}

test('a manager connects two dialogs; a trigger is added and deleted in the graph', async ({ page }) => {
  test.setTimeout(90_000);
  const session = await signedIn(page);
  const office = await createDialog(page, session, 'Kommissariat');
  const witness = await createDialog(page, session, 'Zeugenbefragung');
  const officeBlock = await createBlock(page, session, office, 'message');
  const witnessBlock = await createBlock(page, session, witness, 'message');

  // From the dashboard to the managers screen; a new manager opens for editing.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: m.open }).click();
  await expect(page).toHaveURL(/\/managers$/);
  await expect(page.getByRole('heading', { level: 1, name: de.screens.DialogManagers })).toBeVisible();
  await page.getByRole('button', { name: m.create }).click();
  await page.getByRole('dialog').getByLabel(m.fields.name).fill('Krimi-Spiel');
  await page.getByRole('button', { name: m.createAction }).click();
  await expect(page).toHaveURL(/\/managers\/\d+$/);
  const managerId = page.url().split('/').pop()!;
  await expect(page.getByTestId('manager-id')).toHaveText(`Nr. ${managerId}`);
  await expect(page.getByLabel(m.links.live)).toHaveValue(new RegExp(`/multi_live/${managerId}$`));
  await expect(page.getByLabel(m.links.test)).toHaveValue(new RegExp(`/multi/${managerId}$`));

  // Both dialogs connected, in this order, and a game title.
  await pick(page, m.connected.addLabel, 'Kommissariat');
  await page.getByRole('button', { name: m.connected.add }).click();
  await pick(page, m.connected.addLabel, 'Zeugenbefragung');
  await page.getByRole('button', { name: m.connected.add }).click();
  await page.getByLabel(m.fields.game_title).fill('Der Fall Müller');
  await page.getByRole('button', { name: m.save }).click();
  await expect(page.getByRole('alert').filter({ hasText: m.saved })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel(m.fields.game_title)).toHaveValue('Der Fall Müller');
  const connected = page.getByRole('list', { name: m.connected.title });
  await expect(connected.getByRole('listitem')).toHaveText([/1\. Kommissariat/, /2\. Zeugenbefragung/]);

  // In the graph of the first dialog: a moveTo trigger from its block to the other dialog's block.
  await page.goto(`/configurator/${office}?view=graph`);
  const node = page.getByTestId(`rf__node-${officeBlock}`);
  await node.click();
  const panel = page.getByRole('complementary', { name: de.configurator.graph.nodePanel });
  await panel.getByRole('button', { name: m.triggers.add }).click();
  await expect(page.getByRole('combobox', { name: m.triggers.type, exact: true })).toHaveText(
    m.triggers.types.moveTo,
  );
  await pick(page, m.triggers.targetDialog, 'Zeugenbefragung');
  await pick(page, m.triggers.targetBlock, /^#1 · /);
  await panel.getByRole('button', { name: m.triggers.create }).click();

  const edges = page.locator('[data-testid^="rf__edge-trigger:trigger_source_"]');
  await expect(edges).toHaveCount(1);
  const [created] = await serverTriggers(page, session, managerId);
  expect(created).toMatchObject({
    survey_id: office,
    unique_question_id: officeBlock,
    trigger: `moveTo;${witness};${witnessBlock}`,
    init_survey: false,
  });
  await expect(page.getByTestId(`rf__edge-trigger:trigger_source_${created!.id}`)).toContainText('moveTo');
  // The node panel lists it as an outgoing trigger of the block.
  await expect(panel.getByRole('list', { name: m.triggers.title })).toContainText('moveTo → Zeugenbefragung');

  // Selecting the edge offers to delete the trigger; the graph reloads the triggers.
  await edges.first().focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('rf__wrapper').getByRole('button', { name: m.triggers.delete }).click();
  await expect(edges).toHaveCount(0);
  expect(await serverTriggers(page, session, managerId)).toEqual([]);

  // The dialog leaves the manager from its own graph (asked first); the panel then says it has none.
  await node.click();
  await panel.getByRole('button', { name: m.disconnect.button }).click();
  const confirm = page.getByRole('dialog', { name: m.disconnect.title });
  await expect(confirm).toContainText(m.disconnect.text);
  await confirm.getByRole('button', { name: m.disconnect.confirm }).click();
  await expect(panel).toContainText(m.triggers.noManager);
  const res = await page.request.get(`/api/get_connected_surveys/${managerId}`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  expect(JSON.stringify(await res.json())).not.toContain(office);
});
