// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_END_POSITION } from '../../../../contract/graph-geometry.ts';
import { makeBlock, makeDialog, SURVEY_ID } from '../../../../contract/test-data.ts';
import i18next from '../../../i18n/index.ts';
import { renderOnRoute } from '../../../test-app.tsx';
import { stubResizeObserver } from '../../../test-stubs.ts';
import { ControllerContext } from '../context.ts';
import type { Controller } from '../controller.ts';
import { initialConfiguratorState, useConfiguratorStore } from '../store.ts';
import GraphView from './GraphView.tsx';
import { MARKER_Z_INDEX } from './graph-model.ts';
import { autoLayout } from './layout.ts';

/** The graph's 'Automatisch anordnen': the layout saved as positions, and taken back; its view controls. */

const END = `end_node_${SURVEY_ID}`;

function renderGraph(moveNodes: Controller['moveNodes']) {
  const controller = { moveNodes, showNotice: vi.fn() } as unknown as Controller;
  return renderOnRoute(
    <ControllerContext.Provider value={controller}>
      <div style={{ width: 800, height: 600 }}>
        <GraphView selectedId={null} onSelect={() => {}} />
      </div>
    </ControllerContext.Provider>,
  );
}

describe('GraphView auto layout', () => {
  beforeEach(() => {
    stubResizeObserver();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useConfiguratorStore.setState(initialConfiguratorState());
  });

  it('saves the layout of every node not in place, and takes it back', async () => {
    // Old fixed steps: the Likert node is drawn over the number node; the end marker was dragged.
    const dialog = makeDialog([makeBlock('a', 1, 'likert'), makeBlock('b', 2, 'number')]);
    dialog.structure[1] = { ...dialog.structure[1]!, position: { x: 400, y: 50 } };
    useConfiguratorStore.setState({ dialog, confirmed: dialog });
    const moveNodes = vi.fn(async () => null);
    renderGraph(moveNodes);

    // The end marker is drawn above the blocks and edges.
    const endNode = await screen.findByTestId(`rf__node-${END}`);
    expect(endNode.style.zIndex).toBe(String(MARKER_Z_INDEX));

    const layout = autoLayout(dialog);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Automatisch anordnen' }));
    });
    // One call for the whole layout.
    expect(moveNodes.mock.calls).toEqual([
      [
        [
          { id: END, position: DEFAULT_END_POSITION },
          { id: 'a', position: layout.get('a') },
          { id: 'b', position: layout.get('b') },
        ],
      ],
    ]);

    moveNodes.mockClear();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Anordnung rückgängig' }));
    });
    expect(moveNodes.mock.calls).toEqual([
      [
        [
          { id: END, position: { x: 400, y: 50 } },
          { id: 'a', position: { x: 0, y: 150 } },
          { id: 'b', position: { x: 0, y: 300 } },
        ],
      ],
    ]);
    expect(screen.queryByRole('button', { name: 'Anordnung rückgängig' })).toBeNull();
  });

  it('names the view controls in the UI language', async () => {
    const dialog = makeDialog([makeBlock('a', 1, 'likert')]);
    useConfiguratorStore.setState({ dialog, confirmed: dialog });
    renderGraph(vi.fn(async () => null));

    const controls = await screen.findByTestId('rf__controls');
    expect(controls.getAttribute('aria-label')).toBe('Ansicht steuern');
    const named = (names: string[]) =>
      names.map((name) => screen.getByRole('button', { name }).getAttribute('title'));
    const german = ['Vergrößern', 'Verkleinern', 'Ansicht einpassen', 'Bearbeiten sperren/entsperren'];
    // The tooltip (title) says the same as the name.
    expect(named(german)).toEqual(german);

    try {
      await act(async () => {
        await i18next.changeLanguage('en');
      });
      const english = ['Zoom in', 'Zoom out', 'Fit view', 'Lock/unlock editing'];
      expect(named(english)).toEqual(english);
    } finally {
      await act(async () => {
        await i18next.changeLanguage('de');
      });
    }
  });
});
