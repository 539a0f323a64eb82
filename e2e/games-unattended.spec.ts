import { expect, type Page, test } from '@playwright/test';
import { chatLog, giveConsent } from './chat-support.ts';

/**
 * Both seeded public games play to their end with nobody but the player: the waitAPI step (the lab, the
 * lawyer) goes on by its timeout (server/seed/games.ts), no inbound call and no operator.
 */

const END = 'Das Spiel ist zu Ende. Danke fürs Mitspielen!';
const WAITING = 'Warte auf die nächste Nachricht …';

/** Clicks the answers in turn; after the answer at index `waitsAfter` the game waits for its external system. */
async function play(page: Page, path: string, answers: string[], waitsAfter: number) {
  const slow = { timeout: 30_000 };
  await page.goto(path);
  await giveConsent(page);
  for (const [i, answer] of answers.entries()) {
    await page.getByRole('button', { name: answer, exact: true }).click(slow);
    if (i === waitsAfter) {
      // The game waits for its external system, which never calls: the timeout lets it go on.
      await expect(page.getByText(WAITING)).toBeVisible(slow);
      await expect(page.getByText(WAITING)).toHaveCount(0, slow);
    }
  }
  await expect(page.getByText(END)).toBeVisible(slow);
}

test('/flow plays to its end unattended', async ({ page }) => {
  test.setTimeout(120_000);
  await play(
    page,
    '/flow',
    [
      'Ich schreibe Mia',
      'Ja, wann?',
      'Mach ich, danke Mia!',
      'DJ Kai',
      'Deine Fingerabdrücke sind am Tresor.',
      'Ich sag’s ihr.',
      'DJ Kai',
    ],
    3,
  );
  await expect(chatLog(page).getByText(/Das Labor hat geantwortet/)).toBeVisible();
  await expect(chatLog(page).getByText(/Fall gelöst!/)).toBeVisible();
});

test('/aufderflucht plays to its end unattended', async ({ page }) => {
  test.setTimeout(120_000);
  await play(
    page,
    '/aufderflucht',
    [
      'Ja, sofort',
      'In deine Gartenlaube',
      'Ja, ich bin in der Laube.',
      'Ja, bitte',
      'Ja, ich komme mit.',
      'Ja!',
    ],
    3,
  );
  await expect(chatLog(page).getByText(/Dr. Weiss hat die Aufnahmen geprüft/)).toBeVisible();
  await expect(chatLog(page).getByText(/Du bist frei/)).toBeVisible();
});
