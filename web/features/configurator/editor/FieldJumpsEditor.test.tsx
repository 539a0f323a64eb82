// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Block } from '../../../../contract/blocks.ts';
import { makeBlock, makeDialog } from '../../../../contract/test-data.ts';
import '../../../i18n/index.ts';
import { de } from '../../../i18n/de.ts';
import { ControllerContext } from '../context.ts';
import type { Controller } from '../controller.ts';
import { initialConfiguratorState, useConfiguratorStore } from '../store.ts';
import { FieldJumpsEditor } from './FieldJumpsEditor.tsx';

/** 'Sprünge nach versteckten Feldern': a rule is added with a checked value, retargeted and deleted. */

const f = de.configurator.fieldJumps;

function renderRules(block: Block, others: Block[], fields: string[]) {
  const dialog = makeDialog([block, ...others]);
  useConfiguratorStore.setState({ dialog, confirmed: dialog, surveyId: dialog.survey_id });
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ fields: fields.map((name) => ({ name, required: false })) }), {
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
  const updateBlock = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ControllerContext.Provider value={{ updateBlock } as unknown as Controller}>
        <FieldJumpsEditor block={block} />
      </ControllerContext.Provider>
    </QueryClientProvider>,
  );
  return updateBlock;
}

describe('FieldJumpsEditor', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useConfiguratorStore.setState(initialConfiguratorState());
  });

  it('adds a rule on a declared field; a value no link carries and a second rule for a value are refused', async () => {
    const block = makeBlock('a', 1, 'message', {
      field_jumps: [{ field: 'src', value: 'crm', target: 'b' }],
    });
    const update = renderRules(block, [makeBlock('b', 2), makeBlock('c', 3)], ['src', 'pid']);
    const row = await screen.findByRole('group', { name: f.new });
    const value = within(row).getByRole('textbox', { name: f.value });
    const target = within(row).getByRole('combobox', { name: f.target });
    const add = within(row).getByRole('button', { name: f.add });
    fireEvent.focus(target);
    fireEvent.change(target, { target: { value: 'c' } });
    fireEvent.change(value, { target: { value: '<b>' } });
    fireEvent.click(add);
    expect(within(row).getByText(/nur Buchstaben, Ziffern/)).toBeTruthy();
    fireEvent.change(value, { target: { value: 'crm' } });
    fireEvent.click(add);
    expect(within(row).getByText(f.duplicate)).toBeTruthy();
    expect(update).not.toHaveBeenCalled();
    fireEvent.change(value, { target: { value: 'panel' } });
    fireEvent.click(add);
    expect(update).toHaveBeenCalledWith(block, 'field_jumps', [
      { field: 'src', value: 'crm', target: 'b' },
      { field: 'src', value: 'panel', target: 'c' },
    ]);
  });

  it('retargets and deletes a rule; a rule on an undeclared field says it never applies', async () => {
    const block = makeBlock('a', 1, 'message', {
      field_jumps: [
        { field: 'src', value: 'crm', target: 'b' },
        { field: 'quelle', value: 'x', target: 'b' },
      ],
    });
    const update = renderRules(block, [makeBlock('b', 2), makeBlock('c', 3)], ['src']);
    expect(await screen.findByText(f.unknownField)).toBeTruthy();
    const crm = screen.getByRole('group', { name: 'Regel: src = crm' });
    const target = within(crm).getByRole('combobox', { name: f.target });
    fireEvent.focus(target);
    fireEvent.change(target, { target: { value: 'c' } });
    expect(update).toHaveBeenLastCalledWith(block, 'field_jumps', [
      { field: 'src', value: 'crm', target: 'c' },
      { field: 'quelle', value: 'x', target: 'b' },
    ]);
    const unknown = screen.getByRole('group', { name: 'Regel: quelle = x' });
    fireEvent.click(within(unknown).getByRole('button', { name: f.remove }));
    expect(update).toHaveBeenLastCalledWith(block, 'field_jumps', [
      { field: 'src', value: 'crm', target: 'b' },
    ]);
  });

  it('without declared fields it says where to declare them', async () => {
    renderRules(makeBlock('a', 1), [], []);
    expect(await screen.findByText(f.noFields)).toBeTruthy();
    expect(screen.queryByRole('group', { name: f.new })).toBeNull();
  });
});
