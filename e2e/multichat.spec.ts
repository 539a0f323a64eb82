import { join } from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { TRIGGER_SECRET_HEADER } from '../contract/multichat.ts';
import { chatLog, giveConsent } from './chat-support.ts';
import { dataDir, seedAuthorSession } from './support.ts';

/**
 * The seeded demo game at /flow (manager MULTICHAT_FLOW_ID = 3) played to its end as the public plays
 * it: a moveTo hands the chat to another character, a waitFor holds a question until the other
 * character's is answered, a waitAPI step waits until the test (as the external lab) calls the inbound
 * trigger call; reloads in the middle and while waiting resume the game.
 */

const WAITING = 'Warte auf die nächste Nachricht …';

/** The player's rows in the server's database: the participant and their game sessions. */
function gameRows(player: string) {
  const db = new Database(join(dataDir(), 'app.db'), { readonly: true });
  try {
    const count = (query: string) => (db.prepare(query).get(player) as { n: number }).n;
    return {
      participants: count('select count(*) as n from participants where username_live = ?'),
      games: count(
        'select count(*) as n from manager_sessions m join participants p on p.id = m.participant_id where p.username_live = ?',
      ),
    };
  } finally {
    db.close();
  }
}

async function demoLogin(request: APIRequestContext) {
  const login = await request.post('/api/login', {
    data: { username: 'demo', password: process.env.E2E_DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  return (await login.json()) as { token: string; refresh_token: string };
}

test('a player solves the /flow demo game', async ({ page, request }) => {
  test.setTimeout(150_000);
  const slow = { timeout: 20_000 };

  // The lab's secret: the demo author (seeded with DEMO_PASSWORD) resets the waitAPI trigger's secret.
  const headers = { authorization: `Bearer ${(await demoLogin(request)).token}` };
  const triggers = await request.get('/api/get_dialogmanager_trigger/3', { headers });
  const lab = (await triggers.json()).trigger_objects.find((t: { trigger: string }) =>
    t.trigger.startsWith('waitAPI;'),
  );
  const reset = await request.post('/api/reset_trigger_secret', { headers, data: { id: lab.id } });
  expect(reset.status()).toBe(200);
  const { api_secret: secret } = await reset.json();

  await page.goto('/flow');
  await expect(page).toHaveTitle('Flow – Das Krimi-Spiel im Messenger');
  await expect(page.getByTestId('live-top-bar')).toHaveCount(0);
  // The consent says which game starts, in the game's 'du'.
  await expect(page.getByText('Flow – Das Krimi-Spiel im Messenger', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Ermittle im Chat: Befrage Zeugen, sammle Hinweise und löse den Fall.'),
  ).toBeVisible();
  await expect(page.getByText(/Damit das Spiel deine Antworten speichern kann/)).toBeVisible();
  await giveConsent(page);
  const log = chatLog(page);
  await expect(log.getByText(/Ich bin Kommissarin Berg/)).toBeVisible(slow);

  // moveTo: after Berg's question the chat goes on with Mia.
  await page.getByRole('button', { name: 'Ich schreibe Mia' }).click(slow);
  await expect(log.getByText(/Hi, ich bin Mia/)).toBeVisible(slow);
  await page.getByRole('button', { name: 'Ja, wann?' }).click(slow);
  await expect(page.getByRole('button', { name: 'Mach ich, danke Mia!' })).toBeVisible(slow);

  // A reload in the middle (Kai not met yet) resumes where the game was, as the same player.
  const player = await page.evaluate(() => localStorage.getItem('username_live'));
  await page.reload();
  await expect(log.getByText(/Kurz nach Mitternacht, gerade lief/)).toBeVisible(slow);
  expect(await page.evaluate(() => localStorage.getItem('username_live'))).toBe(player);
  await page.getByRole('button', { name: 'Mach ich, danke Mia!' }).click(slow);

  // waitFor: Berg's question waited for Mia's answer and comes now.
  await expect(log.getByText('Da bist du ja wieder. Wen hat Mia am Büro gesehen?')).toBeVisible(slow);
  await page.getByRole('button', { name: 'DJ Kai' }).click(slow);

  // waitAPI: the game waits for the lab, also after a reload.
  await expect(log.getByText(/ins Labor geschickt/)).toBeVisible(slow);
  await expect(page.getByText(WAITING)).toBeVisible(slow);
  await page.reload();
  await expect(page.getByText(WAITING)).toBeVisible(slow);
  await expect(page.getByRole('button', { name: 'DJ Kai' })).toHaveCount(0);

  // The lab answers through the inbound call; the chat goes on without a reload.
  const released = await request.post(`/api/trigger_api/${lab.id}`, {
    headers: { [TRIGGER_SECRET_HEADER]: secret },
    data: { username_live: player },
  });
  expect(released.status(), await released.text()).toBe(200);
  await expect(log.getByText(/Das Labor hat geantwortet/)).toBeVisible(slow);
  await expect(page.getByText(WAITING)).toHaveCount(0);

  // moveTo Kai, then back to Berg (waitFor Kai's last answer) for the verdict.
  await expect(log.getByText(/Ich hab gleich mein nächstes Set/)).toBeVisible(slow);
  await page.getByRole('button', { name: 'Deine Fingerabdrücke sind am Tresor.' }).click(slow);
  await page.getByRole('button', { name: 'Ich sag’s ihr.' }).click(slow);
  await expect(log.getByText('Du hast mit allen gesprochen. Wer hat die Kasse genommen?')).toBeVisible(slow);
  await page.getByRole('button', { name: 'DJ Kai' }).click(slow);

  // The game is finished: the closing texts, no input, the restart still offered.
  await expect(log.getByText(/Fall gelöst!/)).toBeVisible(slow);
  await expect(page.getByText('Das Spiel ist zu Ende. Danke fürs Mitspielen!')).toBeVisible(slow);
  await expect(page.getByRole('button', { name: 'DJ Kai' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Spiel neu starten' })).toBeVisible();
});

test('a player who withdraws consent leaves nothing of the game on the server', async ({ page }) => {
  const slow = { timeout: 20_000 };
  await page.goto('/flow');
  await giveConsent(page);
  const log = chatLog(page);
  await page.getByRole('button', { name: 'Ich schreibe Mia' }).click(slow);
  await expect(log.getByText(/Hi, ich bin Mia/)).toBeVisible(slow);
  const player = await page.evaluate(() => localStorage.getItem('username_live'));
  expect(gameRows(player!)).toEqual({ participants: 1, games: 1 });

  await page.getByRole('button', { name: 'Einwilligung widerrufen' }).click();
  await page
    .getByRole('dialog', { name: 'Einwilligung widerrufen?' })
    .getByRole('button', { name: 'Widerrufen und löschen' })
    .click();
  await expect(page.getByRole('heading', { name: 'Bevor es losgeht' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token_live'))).toBeNull();
  expect(gameRows(player!)).toEqual({ participants: 0, games: 0 });
});

test('an unknown game says so', async ({ page }) => {
  await page.goto('/multi_live/2000000000');
  await expect(page.getByText('Dieses Spiel gibt es nicht.')).toBeVisible();
});

test('the author tests the /aufderflucht game at /multi/4 and restarts it', async ({ page, request }) => {
  test.setTimeout(90_000);
  const slow = { timeout: 20_000 };
  const session = await demoLogin(request);
  await seedAuthorSession(page, { username: 'demo', ...session });
  await page.goto('/multi/4');
  const log = chatLog(page);
  await expect(log.getByText(/Hör zu, keine Zeit für Erklärungen/)).toBeVisible(slow);
  await page.getByRole('button', { name: 'Ja, sofort' }).click(slow);
  // moveTo: Jana takes over.
  await expect(log.getByText(/Ich hab’s in den Nachrichten gesehen/)).toBeVisible(slow);

  await page.getByRole('button', { name: 'Spiel neu starten' }).click();
  await page.getByRole('button', { name: 'Neu starten', exact: true }).click();
  await expect(log.getByText(/Hör zu, keine Zeit für Erklärungen/)).toBeVisible(slow);
  await expect(page.getByRole('button', { name: 'Ja, sofort' })).toBeVisible(slow);
  await expect(log.getByText(/Ich hab’s in den Nachrichten gesehen/)).toHaveCount(0);
});
