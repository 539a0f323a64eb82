// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnswerCount } from '../../../../contract/block-updates.ts';
import '../../../i18n/index.ts';
import { makeBlock, makeDialog } from '../../../../contract/test-data.ts';
import { renderOnRoute } from '../../../test-app.tsx';
import { stubResizeObserver } from '../../../test-stubs.ts';
import { ControllerContext } from '../context.ts';
import type { Controller } from '../controller.ts';
import GraphView from '../graph/GraphView.tsx';
import { BlockList } from '../list/BlockList.tsx';
import { initialConfiguratorState, useConfiguratorStore } from '../store.ts';

/** Deleting a block asks first and says how many chats stored answers to it (list and graph). */

const blocks = [makeBlock('a', 1, 'message'), makeBlock('b', 2, 'open_text'), makeBlock('c', 3, 'number')];

function fakeController(counts: (id: string) => Promise<Pick<AnswerCount, 'live' | 'test'>>) {
  const answerCount = vi.fn(async (id: string) => ({ unique_question_id: id, ...(await counts(id)) }));
  const deleteBlock = vi.fn(async () => null);
  const controller = {
    answerCount,
    deleteBlock,
    moveNodes: vi.fn(async () => null),
    connect: vi.fn(async () => null),
    showNotice: vi.fn(),
  } as unknown as Controller;
  return { controller, answerCount, deleteBlock };
}

function renderWith(controller: Controller, children: ReactNode) {
  return renderOnRoute(
    <ControllerContext.Provider value={controller}>{children}</ControllerContext.Provider>,
  );
}

function clickDeleteInRow(order: number) {
  const row = screen.getByRole('listitem', { name: new RegExp(`^#${order} `) });
  fireEvent.click(within(row).getByRole('button', { name: 'Löschen' }));
}

const confirmation = () => screen.getByRole('dialog', { name: 'Block löschen' });
const confirmButton = () => within(confirmation()).getByRole('button', { name: 'Löschen' });

describe('the delete confirmation', () => {
  beforeEach(() => {
    stubResizeObserver();
    const dialog = makeDialog(blocks);
    useConfiguratorStore.setState({ dialog, confirmed: dialog });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useConfiguratorStore.setState(initialConfiguratorState());
  });

  it('says how many live and test chats stored answers, that they leave Analyse and the export, and deletes on confirm', async () => {
    let answer!: (c: { live: number; test: number }) => void;
    const { controller, answerCount, deleteBlock } = fakeController(
      () => new Promise((resolve) => (answer = resolve)),
    );
    renderWith(controller, <BlockList revealId={null} />);
    clickDeleteInRow(2);

    // Nothing is deleted before the author decides; while counting, the delete waits for the count.
    expect(deleteBlock).not.toHaveBeenCalled();
    expect(answerCount).toHaveBeenCalledWith('b');
    expect(confirmation().textContent).toContain('Block #2 (Freitext) wird gelöscht.');
    expect(confirmation().textContent).toContain('Gespeicherte Antworten werden gezählt…');
    expect(confirmButton()).toHaveProperty('disabled', true);

    await act(async () => answer({ live: 12, test: 1 }));
    const text = confirmation().textContent ?? '';
    expect(text).toContain('Gespeichert sind Antworten aus 12 Live-Chats und 1 Testchat.');
    expect(text).toContain('Nach dem Löschen erscheinen sie nicht mehr in Analyse und im Export.');
    expect(text).toContain(
      'Sie bleiben in der Datenbank und erscheinen wieder, wenn das Löschen rückgängig gemacht wird.',
    );
    expect(text).toContain(
      '„Rückgängig“ nimmt das Löschen zurück, solange die Seite nicht neu geladen wird.',
    );

    fireEvent.click(confirmButton());
    expect(deleteBlock.mock.calls).toEqual([[blocks[1]]]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('cancel keeps the block', async () => {
    const { controller, deleteBlock } = fakeController(async () => ({ live: 0, test: 2 }));
    renderWith(controller, <BlockList revealId={null} />);
    clickDeleteInRow(3);
    await waitFor(() =>
      expect(confirmation().textContent).toContain('Gespeichert sind Antworten aus 2 Testchats.'),
    );
    fireEvent.click(within(confirmation()).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deleteBlock).not.toHaveBeenCalled();
  });

  it('a block without stored answers says so; the next block asks anew', async () => {
    const { controller, answerCount, deleteBlock } = fakeController(async (id) =>
      id === 'a' ? { live: 0, test: 0 } : { live: 1, test: 0 },
    );
    renderWith(controller, <BlockList revealId={null} />);
    clickDeleteInRow(1);
    await waitFor(() =>
      expect(confirmation().textContent).toContain('Zu diesem Block sind keine Antworten gespeichert.'),
    );
    expect(confirmation().textContent).toContain('Block #1 (Nachricht) wird gelöscht.');
    fireEvent.click(confirmButton());
    expect(deleteBlock.mock.calls).toEqual([[blocks[0]]]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    clickDeleteInRow(2);
    await waitFor(() =>
      expect(confirmation().textContent).toContain('Gespeichert sind Antworten aus 1 Live-Chat.'),
    );
    expect(answerCount.mock.calls).toEqual([['a'], ['b']]);
  });

  it('a failed count still lets the author delete, warning about answers that may exist', async () => {
    const { controller, deleteBlock } = fakeController(async () => {
      throw new Error('offline');
    });
    renderWith(controller, <BlockList revealId={null} />);
    clickDeleteInRow(2);
    await waitFor(() =>
      expect(confirmation().textContent).toContain(
        'Die gespeicherten Antworten konnten nicht gezählt werden.',
      ),
    );
    expect(confirmButton()).toHaveProperty('disabled', false);
    fireEvent.click(confirmButton());
    expect(deleteBlock).toHaveBeenCalledTimes(1);
  });

  it('in the graph, the Delete key on a selected block asks first and removes nothing by itself', async () => {
    const { controller, deleteBlock } = fakeController(async () => ({ live: 3, test: 0 }));
    renderWith(
      controller,
      <div style={{ width: 800, height: 600 }}>
        <GraphView selectedId="b" onSelect={() => {}} />
      </div>,
    );
    const node = await screen.findByTestId('rf__node-b');
    await act(async () => {
      fireEvent.keyDown(document.body, { key: 'Delete', code: 'Delete' });
    });
    await waitFor(() =>
      expect(confirmation().textContent).toContain('Gespeichert sind Antworten aus 3 Live-Chats.'),
    );
    // xyflow deleted neither the node nor its edges (no jumps were removed on the server).
    expect(node.isConnected).toBe(true);
    expect(controller.connect).not.toHaveBeenCalled();
    expect(deleteBlock).not.toHaveBeenCalled();

    fireEvent.click(confirmButton());
    expect(deleteBlock.mock.calls).toEqual([[blocks[1]]]);
  });
});
