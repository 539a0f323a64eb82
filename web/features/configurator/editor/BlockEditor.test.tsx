// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Block, BlockType } from '../../../../contract/blocks.ts';
import { matchRoute } from '../../../../contract/routes.ts';
import '../../../i18n/index.ts';
import { makeBlock, makeDialog } from '../../../../contract/test-data.ts';
import { ControllerContext } from '../context.ts';
import type { Controller } from '../controller.ts';
import { initialConfiguratorState, useConfiguratorStore } from '../store.ts';
import { BlockEditor } from './BlockEditor.tsx';

/** The 'Variable' field only where an answer is stored under it; the warning of a loop without input. */

const SAVES_ANSWER = 'Unter diesem Namen wird die Antwort gespeichert';
const NO_ANSWER = 'Dieser Blocktyp speichert keine Antwort unter einer Variable';

function renderEditor(block: Block, others: Block[] = []) {
  const dialog = makeDialog([block, ...others]);
  useConfiguratorStore.setState({ dialog, confirmed: dialog, surveyId: dialog.survey_id });
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ media_files: [] }), {
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
  const router = createMemoryRouter(
    [
      {
        path: '/configurator/:survey_id',
        handle: matchRoute('/configurator/s1'),
        element: (
          <QueryClientProvider client={new QueryClient()}>
            <ControllerContext.Provider value={{ updateBlock: vi.fn() } as unknown as Controller}>
              <BlockEditor block={block} />
            </ControllerContext.Provider>
          </QueryClientProvider>
        ),
      },
    ],
    { initialEntries: ['/configurator/s1'] },
  );
  render(<RouterProvider router={router} />);
}

const variableField = () => screen.queryByRole('textbox', { name: 'Variable' });

describe('BlockEditor variable field', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useConfiguratorStore.setState(initialConfiguratorState());
  });

  it.each<BlockType>(['message', 'link', 'media', 'end'])(
    'a %s block takes no answer: no Variable field',
    (type) => {
      renderEditor(makeBlock('x', 1, type));
      expect(screen.getByTestId('block-editor')).toBeTruthy();
      expect(variableField()).toBeNull();
      expect(document.body.textContent).not.toContain(SAVES_ANSWER);
    },
  );

  it.each<BlockType>(['open_text', 'single_choice', 'number', 'gpt'])(
    'a %s block stores its answer under the variable',
    (type) => {
      renderEditor(makeBlock('x', 1, type));
      expect(variableField()).not.toBeNull();
      expect(document.body.textContent).toContain(SAVES_ANSWER);
    },
  );

  it('a Q&A block keeps its questions under no variable and asks no follow-up: neither field, unless set', () => {
    renderEditor(makeBlock('x', 1, 'qa'));
    expect(variableField()).toBeNull();
    expect(screen.queryByText('Nachfrage')).toBeNull();
    cleanup();
    renderEditor(makeBlock('x', 1, 'qa', { variable: 'frage', nachfrage: 'Noch etwas?' }));
    expect((variableField() as HTMLInputElement).value).toBe('frage');
    expect(document.body.textContent).toContain(NO_ANSWER);
    expect(document.body.textContent).toContain(
      'Dieser Blocktyp stellt keine Nachfrage. Leeren Sie das Feld.',
    );
  });

  it('a variable set on a block without an answer stays visible, to be cleared, and says that nothing is stored', () => {
    renderEditor(makeBlock('x', 1, 'message', { variable: 'name' }));
    expect((variableField() as HTMLInputElement).value).toBe('name');
    expect(document.body.textContent).toContain(NO_ANSWER);
    expect(document.body.textContent).not.toContain(SAVES_ANSWER);
  });
});

describe('BlockEditor loop warning', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useConfiguratorStore.setState(initialConfiguratorState());
  });

  const LOOP = 'Schleife ohne Frage: Der Dialog kommt zu diesem Block zurück';

  it('warns at a message block that jumps back to itself through blocks that ask nothing', () => {
    renderEditor(makeBlock('b', 2, 'message', { jump_to_question: 'a' }), [makeBlock('a', 1, 'message')]);
    expect(screen.getByTestId('loop-warning').textContent).toContain(LOOP);
  });

  it('does not warn when a question lies on the way back, or for a question asked again', () => {
    renderEditor(makeBlock('b', 2, 'message', { jump_to_question: 'a' }), [makeBlock('a', 1, 'open_text')]);
    expect(screen.queryByTestId('loop-warning')).toBeNull();
    cleanup();
    renderEditor(makeBlock('q', 1, 'single_choice', { jump_to_question: 'q' }));
    expect(screen.queryByTestId('loop-warning')).toBeNull();
  });
});

describe('BlockEditor end block', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("offers no 'Danach weiter mit' and says that its text replaces the Abschluss", () => {
    renderEditor(makeBlock('e', 1, 'end', { is_end: 1 }));
    expect(screen.queryByLabelText('Danach weiter mit')).toBeNull();
    expect(screen.getByTestId('end-block-note').textContent).toContain(
      'Der Abschluss aus den Einstellungen wird dann nicht gesendet',
    );
    cleanup();
    renderEditor(makeBlock('m', 1, 'message'));
    expect(screen.getAllByLabelText('Danach weiter mit').length).toBeGreaterThan(0);
    expect(screen.queryByTestId('end-block-note')).toBeNull();
  });
});

describe('BlockEditor options', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("names a free-text block's options 'Zweig', as Trainieren and Analyse do; a choice block's 'Option'", () => {
    const branches = {
      options: ['Preis', 'Qualität'],
      jump_to_ids: [null, null],
      jump_to_reactions: ['', ''],
    };
    renderEditor(makeBlock('f', 1, 'open_text', branches));
    expect(screen.getByRole('group', { name: 'Zweig 2' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Zweig 1' }) as HTMLInputElement).value).toBe('Preis');
    expect(screen.getAllByRole('button', { name: 'Zweig entfernen' })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Zweig nach unten' })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Zweig hinzufügen' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Option hinzufügen' })).toBeNull();
    cleanup();
    renderEditor(makeBlock('c', 1, 'single_choice'));
    expect(screen.getByRole('textbox', { name: 'Option 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Option hinzufügen' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Zweig hinzufügen' })).toBeNull();
  });
});
