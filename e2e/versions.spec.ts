import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { ChatTurnResponse } from '../contract/chat.ts';
import { de } from '../web/i18n/de.ts';
import { chatLog, createDialog, type E2eDialog } from './chat-support.ts';
import { seedAuthorSession } from './support.ts';

/**
 * Versions (issue 21): a live dialog edited 'Mit Veröffentlichen' keeps giving respondents the published
 * version; the author tests the draft and the published version in Testen, publishes with a note, reads
 * the new version and its diff in 'Versionen', restores the old one and undoes that in the history.
 */

const v = de.versions;
const c = de.configurator;
const OLD = 'Sind Sie zufrieden?';
const NEW = 'Wie zufrieden sind Sie mit uns?';

/** What a new respondent is asked first (a live chat through the API, as the widget would start it). */
async function respondentFirstQuestion(request: APIRequestContext, surveyId: string): Promise<string> {
  const reg = await request.post('/api/register_live', { data: { survey_id: surveyId } });
  const { token_live } = (await reg.json()) as { token_live: string };
  const res = await request.post('/api/chat/start', {
    data: { survey_id: surveyId },
    headers: { authorization: `Bearer ${token_live}` },
  });
  expect(res.status()).toBe(200);
  const turn = (await res.json()) as ChatTurnResponse;
  return turn.messages.map((m) => m.context).join('\n');
}

const status = (page: Page) => page.getByTestId('version-status');

let dialog: E2eDialog;
test.beforeAll(async ({ request }) => {
  dialog = await createDialog(request, [
    { type: 'single_choice', context: OLD, short_name: 'Zufriedenheit', options: ['Ja', 'Nein'] },
  ]);
});

test('a live dialog edited with publishing: draft tested, published, diffed, restored and undone', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await seedAuthorSession(page, {
    username: dialog.author.username,
    token: dialog.token,
    refresh_token: dialog.refreshToken,
  });
  const { surveyId } = dialog;
  await page.goto(`/configurator/${surveyId}`);
  await expect(page.getByTestId('live-banner')).toHaveText(de.preflight.liveBanner);

  // The way of working, in the settings: 'Mit Veröffentlichen' publishes what respondents get now.
  await page.getByRole('button', { name: c.toolbar.settings }).click();
  const mode = page.getByRole('radiogroup', { name: v.mode.title });
  await expect(mode.getByText(v.mode.help.publish)).toBeVisible();
  const publishMode = mode.getByRole('radio', { name: new RegExp(v.mode.labels.publish) });
  // Clicked, not check(): the group is disabled while the call runs, which check() takes for no change.
  await publishMode.click();
  await expect(publishMode).toBeChecked();
  await expect(status(page)).toContainText('Live: Version 1');
  await expect(status(page)).toContainText(v.status.draftSame);
  await expect(page.getByTestId('live-banner')).toContainText(v.banner.publish);
  await expect(status(page).getByRole('button', { name: v.publish.button })).toBeDisabled();
  await page.getByRole('button', { name: c.toolbar.closePanel }).click();

  // The block's question is changed in the draft.
  const row = page.getByTestId('block-row').first();
  await row.getByRole('button', { name: c.list.expand }).click();
  const bubble = row
    .getByRole('group', { name: c.editor.context, exact: true })
    .getByLabel(c.text.textLabel, { exact: true });
  await bubble.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(NEW);
  await page.keyboard.press('Tab');
  await expect(status(page)).toContainText(v.status.draftDiffers);
  // Respondents still get the published version.
  expect(await respondentFirstQuestion(request, surveyId)).toContain(OLD);

  // Testen: the draft by default, the published version on request (a new test chat each time).
  await page.getByRole('tab', { name: de.tabs.assess }).click();
  await expect(chatLog(page).getByText(NEW)).toBeVisible();
  const testWith = page.getByRole('group', { name: v.test.label });
  await expect(testWith.getByRole('button', { name: v.test.draft })).toHaveAttribute('aria-pressed', 'true');
  await testWith.getByRole('button', { name: new RegExp(v.test.published) }).click();
  await expect(page).toHaveURL(/version=published/);
  await expect(chatLog(page).getByText(OLD)).toBeVisible();
  await expect(chatLog(page).getByText(NEW)).toHaveCount(0);

  // Publish with a note: new respondents get the new question.
  await page.goto(`/configurator/${surveyId}`);
  await status(page).getByRole('button', { name: v.publish.button }).click();
  const publish = page.getByRole('dialog', { name: v.publish.title });
  await publish.getByLabel(v.publish.note).fill('Frage umformuliert');
  await publish.getByRole('button', { name: v.publish.submit }).click();
  await expect(publish).toHaveCount(0);
  await expect(status(page)).toContainText('Live: Version 2');
  await expect(status(page)).toContainText(v.status.draftSame);
  expect(await respondentFirstQuestion(request, surveyId)).toContain(NEW);

  // The history: version 2 is live with its note; its diff to version 1 names the changed text.
  await page.getByRole('button', { name: c.toolbar.versions }).click();
  const panel = page.getByRole('complementary', { name: c.toolbar.versions });
  const rows = panel.getByTestId('version-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Version 2');
  await expect(rows.first()).toContainText(v.panel.liveMarker);
  await expect(rows.first()).toContainText('Frage umformuliert');
  await expect(rows.nth(1)).toContainText('Version 1');
  await panel.getByRole('button', { name: 'Version 1 vergleichen' }).click();
  const diff = page.getByRole('dialog', { name: v.diff.title });
  const changed = diff.getByRole('region', { name: v.diff.changed });
  await expect(changed.getByTestId('diff-field')).toHaveCount(1);
  await expect(changed.getByRole('deletion')).toHaveText(OLD);
  await expect(changed.getByRole('insertion')).toHaveText(NEW);
  await diff.getByRole('button', { name: de.common.close }).click();

  // Restore version 1 into the draft: confirmed, undoable in the change history.
  await panel.getByRole('button', { name: 'Version 1 wiederherstellen' }).click();
  const confirm = page.getByRole('dialog', { name: 'Version 1 wiederherstellen?' });
  await expect(confirm).toContainText(v.restore.textPublish.slice(0, 30));
  await confirm.getByRole('button', { name: v.restore.confirm }).click();
  await expect(status(page)).toContainText(v.status.draftDiffers);
  await expect(page.getByTestId('block-row').first()).toContainText(OLD);
  // Still a draft: respondents keep getting version 2.
  expect(await respondentFirstQuestion(request, surveyId)).toContain(NEW);

  await page.getByRole('button', { name: c.toolbar.history }).click();
  const history = page.getByRole('complementary', { name: c.toolbar.history });
  await expect(history.getByTestId('history-entry').first()).toContainText(c.history.titles.restored);
  await history.getByRole('button', { name: c.toolbar.undo }).click();
  await expect(page.getByTestId('block-row').first()).toContainText(NEW);
  await expect(status(page)).toContainText(v.status.draftSame);
});
