import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { de } from '../web/i18n/de.ts';
import { chatLog, sendText } from './chat-support.ts';
import { branchingDialog, seedAuthorSession, screenshots as shots, signInWithForm } from './support.ts';

/**
 * Routing the author can see (issue 19, section 3): the author pastes examples into one branch and
 * imports a CSV for the other (repeats and bad rows reported before saving), trains, reads in plain
 * German how many examples were recognised with the matrix behind 'Details'; a trained block routes an
 * answer in Testen, the author sees its branch, confidence and source under it, flags it to another
 * branch (the menu leaves out the branch it took), finds it in the inbox with the branch it was routed
 * to, downloads the Excel export with the block's 'Zweig' column, and sees what the threshold slider
 * does to the examples while it moves.
 */

const EXAMPLES: Record<string, string[]> = {
  Preis: ['Zu teuer', 'Der Preis ist zu hoch', 'Viel zu viel Geld', 'Das kostet zu viel'],
  Qualität: ['Die Qualität ist schlecht', 'Ging schnell kaputt', 'Schlecht verarbeitet', 'Billiges Material'],
};

const fill = (text: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((out, [k, v]) => out.replaceAll(`{{${k}}}`, String(v)), text);

/** 'Mehrere einfügen' into Preis (one line twice: skipped), 'CSV importieren' into Qualität (a bad row first). */
async function addExamples(page: Page) {
  const preis = page.getByRole('region', { name: 'Preis', exact: true });
  await preis.getByRole('button', { name: de.training.pasteMany }).click();
  let dialog = page.getByRole('dialog', { name: fill(de.training.pasteTitle, { label: 'Preis' }) });
  await dialog.getByLabel(de.training.importLines).fill([...EXAMPLES.Preis!, 'zu teuer!'].join('\n'));
  await dialog.getByRole('button', { name: de.training.importCheck }).click();
  const report = dialog.getByTestId('import-report');
  await expect(report).toContainText(fill(de.training.importSummary_other, { count: 4, skipped: 1 }));
  await expect(report).toContainText(
    fill(de.training.importDuplicate, { line: 5, text: 'zu teuer!', branch: 'Preis' }),
  );
  await shots(page, 'import-lines');
  await dialog.getByRole('button', { name: fill(de.training.importAdd_other, { count: 4 }) }).click();
  await expect(dialog).toBeHidden();
  await expect(preis.getByText(fill(de.training.count_other, { count: 4 }))).toBeVisible();

  await page.getByRole('button', { name: de.training.importCsv }).click();
  dialog = page.getByRole('dialog', { name: de.training.importCsvTitle });
  const file = dialog.locator('input[type="file"]');
  const csv = (rows: string[]) => ({
    name: 'beispiele.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(['label,text', ...rows].join('\n')),
  });
  await file.setInputFiles(csv(['Qualität,Naht offen', 'Lieferung,kam nie an']));
  await dialog.getByRole('button', { name: de.training.importCheck }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Zeile 3: „Lieferung“ ist kein Zweig dieses Blocks');
  await shots(page, 'import-csv-refused');
  await file.setInputFiles(csv(EXAMPLES.Qualität!.map((text) => `Qualität,${text}`)));
  await dialog.getByRole('button', { name: de.training.importCheck }).click();
  await expect(dialog.getByTestId('import-report')).toContainText(
    fill(de.training.importSummary_other, { count: 4, skipped: 0 }),
  );
  await dialog.getByRole('button', { name: fill(de.training.importAdd_other, { count: 4 }) }).click();
  await expect(dialog).toBeHidden();
  const quality = page.getByRole('region', { name: 'Qualität', exact: true });
  await expect(quality.getByText(fill(de.training.count_other, { count: 4 }))).toBeVisible();
}

test('train, answer in Testen, see branch and confidence, flag it elsewhere, find it in the inbox and the export', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { user, token, refresh_token, surveyId } = await branchingDialog(request, 'Routing-E2E', 'Grund');
  await seedAuthorSession(page, { username: user.username, token, refresh_token });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/intrance/${surveyId}`);
  await addExamples(page);
  const trainPanel = page.getByRole('region', { name: de.training.train });
  await trainPanel.getByRole('button', { name: de.training.train }).click();
  await expect(trainPanel.getByTestId('training-status')).toHaveText(de.training.status.done, {
    timeout: 60_000,
  });
  // In plain German first; the tables behind 'Details'.
  await expect(trainPanel.getByTestId('training-right-of-all')).toHaveText(
    /^\d von 8 Beispielen richtig erkannt \(jedes Beispiel wurde von einem Modell ohne dieses Beispiel eingeordnet\)$/,
  );
  await expect(trainPanel.getByRole('table', { name: de.training.confusion })).toHaveCount(0);
  await trainPanel.getByRole('button', { name: de.training.details }).click();
  await expect(trainPanel.getByRole('table', { name: de.training.confusion })).toBeVisible();
  await expect(trainPanel.getByTestId('threshold-effect')).toHaveText(
    /^Mit dieser Schwelle: \d von 8 Beispielen richtig, \d zu „keiner davon“, \d falsch zugeordnet\.$/,
  );
  // The block is German: its model reads words with the dictionary and the thesaurus, on the server.
  await expect(trainPanel.getByTestId('routing-backend')).toHaveText(
    `${fill(de.training.backend.label, { backends: de.training.backend.modelWithSynonyms })} ${de.training.backend.local}`,
  );
  await trainPanel.scrollIntoViewIfNeeded();
  await shots(page, 'trained');

  // Testen: under the answer, the branch it took, how sure and what decided.
  await page.goto(`/assess/${surveyId}`);
  await expect(chatLog(page).getByText('Was stört Sie am meisten?')).toBeVisible({ timeout: 20_000 });
  await sendText(page, 'Das ist mir alles viel zu teuer');
  const note = page.getByTestId('routing-note');
  await expect(note).toHaveText(/^Zweig: Preis · \d{1,3} % sicher · trainiertes Modell$/, {
    timeout: 20_000,
  });
  await shots(page, 'assess');

  // 'Falsch zugeordnet' offers the other branch and 'keiner davon', not the one taken.
  await page.getByRole('button', { name: de.assess.flag }).click();
  await expect(page.getByRole('menuitem', { name: 'Qualität' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: de.training.noneLabel })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Preis', exact: true })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Qualität' }).click();
  await expect(page.getByText(de.training.flaggedAs.replace('{{branch}}', 'Qualität'))).toBeVisible();

  // The inbox: the entry with the branch the chat routed it to.
  await page.goto(`/intrance/${surveyId}`);
  const inbox = page.getByRole('region', { name: de.training.inbox });
  const item = inbox.getByRole('listitem', { name: 'Das ist mir alles viel zu teuer' });
  await expect(item.getByTestId('inbox-routed')).toHaveText(/^Im Chat zugeordnet: Preis \(\d{1,3}\s?%\)$/);
  await expect(item.getByText(de.training.flaggedChoice.replace('{{branch}}', 'Qualität'))).toBeVisible();
  await inbox.scrollIntoViewIfNeeded();
  await shots(page, 'inbox');

  // Analyse of the test answers: the answers table and the Excel export have the block's Zweig and
  // Konfidenz beside the answer.
  await page.goto(`/analyse/${surveyId}`);
  await page
    .getByRole('search', { name: de.analytics.filters.label })
    .getByRole('button', { name: de.analytics.mode.test })
    .click();
  // The block's answers table: the Zweig and its confidence beside the answer.
  const answers = page.getByRole('table', { name: de.analytics.answers.value });
  await expect(answers.getByRole('columnheader', { name: de.analytics.answers.branch })).toBeVisible();
  const answerRow = answers.getByRole('row', { name: /Das ist mir alles viel zu teuer/ });
  await expect(answerRow.getByRole('cell').nth(1)).toHaveText('Preis');
  await expect(answerRow.getByRole('cell').nth(2)).toHaveText(/^\d{1,3}(,\d)?\s?%$/);
  await answers.scrollIntoViewIfNeeded();
  await shots(page, 'analyse-answers');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: de.analytics.export.excel }).click();
  // The export needs a fresh sign-in when the session is older than a few minutes.
  if (
    await page
      .getByLabel(de.login.password)
      .isVisible({ timeout: 2_000 })
      .catch(() => false)
  ) {
    await signInWithForm(page, user.username, user.password);
  }
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await (await download).path());
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).map((v) => (v == null ? '' : String(v)));
  const at = header.indexOf('Grund (Zweig)');
  expect(at, `header ${header.join(' | ')}`).toBeGreaterThan(0);
  expect(header[at - 1]).toBe('Grund');
  expect(header[at + 1]).toBe('Grund (Konfidenz)');
  expect(String(sheet.getRow(2).getCell(at).value)).toBe('Preis');
  expect(String(sheet.getRow(2).getCell(at - 1).value)).toBe('Das ist mir alles viel zu teuer');

  // The threshold slider at 100 %: every example would go to 'keiner davon', told while it moves.
  await page.goto(`/intrance/${surveyId}`);
  const slider = trainPanel.getByRole('slider', { name: new RegExp(de.training.threshold) });
  await slider.focus();
  await slider.press('End');
  await expect(trainPanel.getByTestId('training-threshold')).toHaveText(/^100\s?%$/);
  await expect(trainPanel.getByTestId('threshold-effect')).toHaveText(
    'Mit dieser Schwelle: 0 von 8 Beispielen richtig, 8 zu „keiner davon“, 0 falsch zugeordnet.',
  );
});
