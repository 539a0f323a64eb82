import { expect, test } from '@playwright/test';
import type { TriggerObject } from '../contract/triggers.ts';
import { de } from '../web/i18n/de.ts';
import { seedAuthorSession } from './support.ts';

/** A waitAPI trigger's timeout: shown on its graph edge and in the node panel, set in the trigger form. */

const m = de.managers;
const shots = process.env.E2E_SHOTS_DIR;

test('the seeded lab trigger shows its timeout; the form offers one for waitAPI', async ({
  page,
  request,
}) => {
  const login = await request.post('/api/login', {
    data: { username: 'demo', password: process.env.E2E_DEMO_PASSWORD },
  });
  const session = (await login.json()) as { token: string; refresh_token: string };
  const res = await request.get('/api/get_dialogmanager_trigger/3', {
    headers: { authorization: `Bearer ${session.token}` },
  });
  const triggers = ((await res.json()) as { trigger_objects: TriggerObject[] }).trigger_objects;
  const lab = triggers.find((t) => t.trigger.startsWith('waitAPI;'))!;
  expect(lab.trigger).toMatch(/^waitAPI;[^;]+;[^;]+;15;[^;]+;[^;]+$/);

  await seedAuthorSession(page, { username: 'demo', ...session });
  for (const size of [
    { width: 1366, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.goto(`/configurator/${lab.survey_id}?view=graph`);
    await expect(page.getByTestId(`rf__edge-trigger:trigger_source_${lab.id}`)).toContainText(
      'waitAPI · 15 s',
    );
    await page.getByTestId(`rf__node-${lab.unique_question_id}`).click();
    const panel = page.getByRole('complementary', { name: de.configurator.graph.nodePanel });
    await expect(panel.getByRole('list', { name: m.triggers.title })).toContainText('nach 15 s ohne Aufruf');
    await panel.getByRole('button', { name: m.triggers.add }).click();
    await page.getByRole('combobox', { name: m.triggers.type, exact: true }).click();
    await page.getByRole('option', { name: m.triggers.types.waitAPI }).click();
    await panel.getByLabel(m.triggers.timeoutSeconds).fill('30');
    await expect(page.getByRole('combobox', { name: m.triggers.timeoutBlock, exact: true })).toBeVisible();
    if (shots) await page.screenshot({ path: `${shots}/trigger-timeout-${size.width}.png` });
  }
});
