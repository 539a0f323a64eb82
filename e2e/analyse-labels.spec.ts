import { expect, test } from '@playwright/test';
import { blockChartLabel, CHART_LABEL_CHARS } from '../web/features/analytics/figures.ts';
import { de } from '../web/i18n/de.ts';
import { createDialog, type E2eDialog } from './chat-support.ts';
import { seedAuthorSession } from './support.ts';

/** Analyse's drop-off chart names blocks by number; a long name is cut on the axis, whole in the table. */

const LONG = 'Wie zufrieden waren Sie insgesamt mit der Beratung in unserer Filiale?';
const SHOTS = process.env.SHOTS_DIR ?? 'test-results';

let dialog: E2eDialog;
test.beforeAll(async ({ request }) => {
  dialog = await createDialog(request, [
    { type: 'single_choice', context: LONG, options: ['Sehr', 'Kaum'] },
    { type: 'open_text', context: 'Noch etwas?' },
  ]);
  const post = async (url: string, data: object, token?: string) => {
    const res = await request.post(url, { data, headers: token ? { authorization: `Bearer ${token}` } : {} });
    expect(res.status(), url).toBe(200);
    return res.json();
  };
  const { token_live: token } = await post('/api/register_live', { survey_id: dialog.surveyId });
  const turn = await post('/api/chat/start', { survey_id: dialog.surveyId }, token);
  await post(
    '/api/chat/answer',
    {
      survey_id: dialog.surveyId,
      unique_question_id: turn.input.unique_question_id,
      turn: turn.input.turn,
      answer: 'Sehr',
    },
    token,
  );
});

for (const [width, height] of [
  [1366, 900],
  [390, 844],
] as const) {
  test(`drop-off chart labels carry block numbers, cut with the whole name in the table (${width})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await seedAuthorSession(page, {
      username: dialog.author.username,
      token: dialog.token,
      refresh_token: dialog.refreshToken,
    });
    await page.goto(`/analyse/${dialog.surveyId}`);
    await expect(page.getByRole('heading', { level: 1, name: de.screens.Analyse })).toBeVisible();
    const cut = blockChartLabel({ number: 1, label: LONG }, CHART_LABEL_CHARS);
    expect(cut).toMatch(/^1\. Wie zufrieden .*…$/);
    // The axis: numbered, the long name cut with an ellipsis; the short one whole.
    const ticks = page.locator('svg text');
    await expect(ticks.filter({ hasText: cut })).toHaveCount(1);
    await expect(ticks.filter({ hasText: '2. Noch etwas?' })).toHaveCount(1);
    await expect(ticks.filter({ hasText: LONG })).toHaveCount(0);
    // The table under the chart names the block in full, with its number.
    const table = page.getByRole('table', { name: de.analytics.dropoff.title });
    await expect(table.getByRole('rowheader', { name: `1. ${LONG}` })).toBeVisible();
    await table.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/analyse-labels-${width}.png`, fullPage: true });
  });
}
