// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/index.ts';
import { makeBlock, makeDialog, SURVEY_ID } from '../../../../contract/test-data.ts';
import type { TriggerTargets } from '../../../../contract/triggers.ts';
import { de } from '../../../i18n/de.ts';
import { useAuthStore } from '../../../state/auth.ts';
import { jsonResponse, renderOnRoute, requestBody } from '../../../test-app.tsx';
import { ControllerContext } from '../context.ts';
import type { Controller } from '../controller.ts';
import { initialConfiguratorState, useConfiguratorStore } from '../store.ts';
import { BlockTriggers } from './TriggerPanel.tsx';

/**
 * The graph's 'Trigger hinzufügen' for an author who may edit this dialog only: the target blocks of
 * the other connected dialog come from get_trigger_targets (POST /api/dialog would answer 404 there).
 */

configure({ asyncUtilTimeout: 10_000 });

const m = de.managers.triggers;

const TARGETS: TriggerTargets = {
  dialog_manager_id: 7,
  dialogs: [
    { survey_id: SURVEY_ID, survey_name: 'Eigener', order: 1, blocks: [] },
    {
      survey_id: 'other',
      survey_name: 'Zeugenbefragung',
      order: 2,
      blocks: [
        {
          unique_question_id: 'b2',
          order: 2,
          type: 'message',
          short_name: '',
          preview: 'Wo waren Sie?',
          truncated: true,
        },
        {
          unique_question_id: 'b1',
          order: 1,
          type: 'single_choice',
          short_name: 'Alibi',
          preview: 'x',
          truncated: false,
        },
      ],
    },
  ],
};

let requests: { url: string; method: string; body: unknown }[] = [];

function reply(url: string, method: string): { status: number; body: unknown } {
  if (url === `/api/find_dialogmanager_status/${SURVEY_ID}`) {
    return { status: 200, body: { msg: 'success', connected_status: { dialog_manager_id: 7 } } };
  }
  if (url === '/api/get_dialogmanager_trigger/7') return { status: 200, body: { trigger_objects: [] } };
  if (url === `/api/get_trigger_targets/${SURVEY_ID}`) return { status: 200, body: TARGETS };
  if (url === '/api/create_trigger' && method === 'POST') {
    return {
      status: 201,
      body: {
        id: 1,
        dialog_manager_id: 7,
        survey_id: SURVEY_ID,
        unique_question_id: 'q1',
        trigger: 'moveTo;other;b1',
        init_survey: false,
      },
    };
  }
  return { status: 404, body: { title: 'not_found', msg: 'Dialog nicht gefunden.' } };
}

function renderPanel() {
  const controller = { showNotice: vi.fn() } as unknown as Controller;
  renderOnRoute(
    <ControllerContext.Provider value={controller}>
      <BlockTriggers blockId="q1" />
    </ControllerContext.Provider>,
  );
  return controller;
}

async function pick(label: string, option: string | RegExp) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const listbox = await screen.findByRole('listbox');
  fireEvent.click(await within(listbox).findByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

describe('graph trigger form', () => {
  beforeEach(() => {
    requests = [];
    useAuthStore.getState().setSession({
      username: 'eva',
      firstName: 'Eva',
      lastName: 'Editor',
      token: 'T1',
      refresh_token: 'R1',
      user_id: 2,
    });
    const dialog = makeDialog([makeBlock('q1', 1)]);
    dialog.connected_surveys = [
      { survey_id: SURVEY_ID, survey_name: 'Eigener', order: 1 },
      { survey_id: 'other', survey_name: 'Zeugenbefragung', order: 2 },
    ];
    useConfiguratorStore.setState({ dialog, confirmed: dialog });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? 'GET';
      requests.push({ url, method, body: requestBody(init) });
      const r = reply(url, method);
      return jsonResponse(r.body, r.status);
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useConfiguratorStore.setState(initialConfiguratorState());
  });

  it('offers the blocks of another connected dialog from get_trigger_targets and creates the trigger', async () => {
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: m.add }));
    await pick(m.targetDialog, 'Zeugenbefragung');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: m.targetBlock }));
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['#1 · Alibi', '#2 · Wo waren Sie? …']);
    fireEvent.click(within(listbox).getByRole('option', { name: '#1 · Alibi' }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: m.create }));
    await waitFor(() => expect(requests.some((r) => r.url === '/api/create_trigger')).toBe(true));
    expect(requests.find((r) => r.url === '/api/create_trigger')?.body).toEqual({
      dialog_manager_id: 7,
      survey_id: SURVEY_ID,
      unique_question_id: 'q1',
      trigger: 'moveTo;other;b1',
      init_survey: false,
    });
    expect(requests.some((r) => r.url === '/api/dialog')).toBe(false);
    expect(screen.queryByText(/konnten nicht geladen werden/)).toBeNull();
  });
});
