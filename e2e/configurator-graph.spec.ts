import { expect, type Locator, type Page, test } from '@playwright/test';
import type { Dialog } from '../contract/dialogs.ts';
import { de } from '../web/i18n/de.ts';
import { createBlock, createDialog, type Session, serverDialog, signedIn } from './configurator-helpers.ts';

/** The configurator's graph (issue 3): edges drawn and removed, nodes moved, blocks added, visibility. */

const g = de.configurator.graph;

async function expectServer(page: Page, session: Session, surveyId: string, check: (d: Dialog) => void) {
  await expect(async () => check(await serverDialog(page, session, surveyId))).toPass({ timeout: 7000 });
}

async function drag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up();
}

test('drawing an edge saves the jump; removing it clears it; nodes keep where they are dragged', async ({
  page,
}) => {
  const session = await signedIn(page);
  const surveyId = await createDialog(page, session, 'Graph');
  const choice = await createBlock(page, session, surveyId, 'single_choice');
  const middle = await createBlock(page, session, surveyId, 'message');
  const last = await createBlock(page, session, surveyId, 'message');
  await page.goto(`/configurator/${surveyId}?view=graph`);

  const node = (id: string) => page.getByTestId(`rf__node-${id}`);
  await expect(node(`start_node_${surveyId}`)).toBeVisible();
  await expect(node(choice)).toContainText('#1');
  // The order: start -> 1 -> 2 -> 3 -> end.
  for (const id of ['order:start', `order:${choice}`, `order:${middle}`, `order:${last}`]) {
    await expect(page.getByTestId(`rf__edge-${id}`)).toHaveCount(1);
  }

  // Option 1 of the choice leads to the last block.
  await drag(
    page,
    node(choice).locator('.react-flow__handle[data-handleid="option-0"]'),
    node(last).locator('.react-flow__handle.target'),
  );
  await expectServer(page, session, surveyId, (d) =>
    expect(d.all_questions[0]!.jump_to_ids).toEqual([last, null]),
  );
  const conditional = page.getByTestId(`rf__edge-option:${choice}:0`);
  await expect(conditional).toHaveCount(1);

  // Conditional jumps can be hidden; the choice is kept per dialog across a reload, and reset.
  await page.getByRole('checkbox', { name: g.showConditionalJumps }).uncheck();
  await expect(conditional).toHaveCount(0);
  await page.reload();
  await expect(node(choice)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: g.showConditionalJumps })).not.toBeChecked();
  await expect(conditional).toHaveCount(0);
  await page.getByRole('button', { name: g.reset }).click();
  await expect(conditional).toHaveCount(1);

  // The middle block jumps back to the choice (a loop), drawn from its bottom handle.
  await drag(
    page,
    node(middle).locator('.react-flow__handle[data-handleid="next"]'),
    node(choice).locator('.react-flow__handle.target'),
  );
  await expectServer(page, session, surveyId, (d) =>
    expect(d.all_questions[1]!.jump_to_question).toBe(choice),
  );
  const loop = page.getByTestId(`rf__edge-jump:${middle}`);
  await expect(loop).toHaveCount(1);

  // Selecting the edge offers to remove it: the jump is cleared, the order edge is back.
  await loop.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: g.removeEdge }).click();
  await expectServer(page, session, surveyId, (d) => expect(d.all_questions[1]!.jump_to_question).toBeNull());
  await expect(page.getByTestId(`rf__edge-order:${middle}`)).toHaveCount(1);

  // Dragging a node saves its position.
  const before = (await serverDialog(page, session, surveyId)).all_questions[2]!.position;
  const box = (await node(last).boundingBox())!;
  await page.mouse.move(box.x + 40, box.y + 15);
  await page.mouse.down();
  await page.mouse.move(box.x + 160, box.y + 35, { steps: 8 });
  await page.mouse.up();
  await expectServer(page, session, surveyId, (d) => {
    const p = d.all_questions[2]!.position;
    expect(p.x).toBeGreaterThan(before.x + 50);
  });

  // The start marker too; once saved it stays where it was dropped.
  const start = node(`start_node_${surveyId}`);
  const startBox = (await start.boundingBox())!;
  await page.mouse.move(startBox.x + startBox.width / 2, startBox.y + startBox.height / 2);
  await page.mouse.down();
  await page.mouse.move(startBox.x + startBox.width / 2 - 120, startBox.y + startBox.height / 2, {
    steps: 8,
  });
  await page.mouse.up();
  await expectServer(page, session, surveyId, (d) => {
    expect(d.structure[0]!.position.x).toBeLessThan(-50);
  });
  await expect(async () => {
    expect((await start.boundingBox())!.x).toBeLessThan(startBox.x - 50);
  }).toPass({ timeout: 3000 });

  // Undo puts the drawn jump back the way it was (here: the option's jump is removed).
  await page.getByRole('button', { name: de.configurator.toolbar.undo, exact: true }).first().click();
  await expectServer(page, session, surveyId, (d) =>
    expect(d.all_questions[1]!.jump_to_question).toBe(choice),
  );
});

test('a new block is created from a node, right after it', async ({ page }) => {
  const session = await signedIn(page);
  const surveyId = await createDialog(page, session, 'Graph neu');
  const first = await createBlock(page, session, surveyId, 'message');
  await createBlock(page, session, surveyId, 'end');
  await page.goto(`/configurator/${surveyId}?view=graph`);
  const node = page.getByTestId(`rf__node-${first}`);
  await node.getByRole('button', { name: g.addAfter }).click();
  await page.getByRole('menuitem', { name: de.configurator.types.likert, exact: true }).click();
  await expectServer(page, session, surveyId, (d) => {
    expect(d.all_questions.map((b) => b.type)).toEqual(['message', 'likert', 'end']);
  });
  const created = (await serverDialog(page, session, surveyId)).all_questions[1]!;
  await expect(page.getByTestId(`rf__node-${created.unique_question_id}`)).toContainText('#2');
  // The new node is selected: its editor opens beside the graph.
  await expect(page.getByRole('complementary', { name: g.nodePanel })).toContainText('#2');
  await expect(page.getByTestId('block-editor')).toBeVisible();
});
