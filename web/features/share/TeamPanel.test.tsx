// @vitest-environment jsdom
import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DialogPermissionsResponse, Member } from '../../../contract/sharing.ts';
import '../../i18n/index.ts';
import { de } from '../../i18n/de.ts';
import { useErrorStore } from '../../state/error.ts';
import { jsonResponse, renderWithQueries, requestBody, signInAnna } from '../../test-app.tsx';
import { TeamPanel } from './TeamPanel.tsx';

/**
 * 'Team & Berechtigungen' against a mocked server: a sharing call is sent once however often its button
 * is clicked, and while it is on its way every member action waits behind the spinner (SPEC §4).
 */

configure({ asyncUtilTimeout: 10_000 });

const s = de.share;

const member = (over: Partial<Member>): Member => ({
  name: 'anna@example.org',
  role: 'owner',
  role_label: 'Besitzer',
  invite_accepted: 1,
  is_owner: true,
  is_current_user: true,
  first_name: 'Anna',
  last_name: 'Muster',
  ...over,
});

const PENDING = member({
  name: 'bert@example.org',
  role: 'train',
  role_label: 'Trainieren',
  invite_accepted: 0,
  is_owner: false,
  is_current_user: false,
  first_name: '',
  last_name: '',
});

const PERMISSIONS: DialogPermissionsResponse = {
  roles_current_survey_id: [member({}), PENDING],
  sharing_permission: 1,
};

/** Sharing calls wait until the test lets them answer. */
let calls: { path: string; body: unknown }[] = [];
let release: (() => void)[] = [];

function reply(path: string): { status: number; body: unknown } {
  if (path === '/api/get_dialog_permissions') return { status: 200, body: PERMISSIONS };
  return { status: 200, body: { success: true, msg: 'ok' } };
}

const sharingCalls = () => calls.filter((c) => c.path !== '/api/get_dialog_permissions');

async function answerAll() {
  await act(async () => {
    for (const go of release.splice(0)) go();
  });
}

const renderPanel = () => renderWithQueries(<TeamPanel surveyId="s1" />);

async function fillInvite(email: string) {
  fireEvent.change(await screen.findByLabelText(s.email), { target: { value: email } });
  fireEvent.mouseDown(screen.getByRole('combobox', { name: s.role }));
  fireEvent.click(await screen.findByRole('option', { name: s.roles.analyse }));
  const button = screen.getByRole('button', { name: s.invite }) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false));
  return button;
}

describe('team panel', () => {
  beforeEach(() => {
    calls = [];
    release = [];
    localStorage.clear();
    useErrorStore.getState().hideError();
    signInAnna();
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = String(input);
      calls.push({ path, body: requestBody(init) });
      if (path !== '/api/get_dialog_permissions') await new Promise<void>((go) => release.push(go));
      const r = reply(path);
      return jsonResponse(r.body, r.status);
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('a double click on Einladen sends one invitation; the buttons wait behind the spinner', async () => {
    renderPanel();
    const button = await fillInvite('carla@example.org');
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.doubleClick(button);
    await waitFor(() => expect(sharingCalls()).toHaveLength(1));
    expect(sharingCalls()[0]).toEqual({
      path: '/api/invite_user',
      body: { survey_id: 's1', name: 'carla@example.org', new_role: 'analyse' },
    });
    // While the invitation is on its way: spinner, and no member action can start another call.
    await waitFor(() => expect(button.disabled).toBe(true));
    expect(within(button).getByRole('progressbar')).toBeTruthy();
    expect(screen.getByTestId('team-busy')).toBeTruthy();
    const row = screen.getByText(PENDING.name).closest('[data-testid="member-row"]') as HTMLElement;
    expect((within(row).getByRole('button', { name: s.resend }) as HTMLButtonElement).disabled).toBe(true);
    expect(
      (
        within(row).getByRole('button', {
          name: s.removeMember.replace('{{name}}', PENDING.name),
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);
    expect(
      within(row)
        .getByRole('combobox', { name: s.changeRole.replace('{{name}}', PENDING.name) })
        .getAttribute('aria-disabled'),
    ).toBe('true');
    fireEvent.submit(button.closest('form') as HTMLFormElement);

    await answerAll();
    await screen.findByText(s.invited.replace('{{name}}', 'carla@example.org'));
    expect(sharingCalls()).toHaveLength(1);
    expect(useErrorStore.getState().show).toBe(false);
    // The member list reloads after the action and the form is empty again.
    await waitFor(() => expect(screen.queryByTestId('team-busy')).toBeNull());
    expect((screen.getByLabelText(s.email) as HTMLInputElement).value).toBe('');
  });

  it('resend clicked twice sends once; the invite button waits meanwhile', async () => {
    renderPanel();
    const button = await fillInvite('dora@example.org');
    const row = screen.getByText(PENDING.name).closest('[data-testid="member-row"]') as HTMLElement;
    const resend = within(row).getByRole('button', { name: s.resend });
    fireEvent.click(resend);
    fireEvent.click(resend);
    await waitFor(() => expect(sharingCalls()).toHaveLength(1));
    expect(sharingCalls()[0]?.path).toBe('/api/resend_invite');
    await waitFor(() => expect(button.disabled).toBe(true));
    fireEvent.submit(button.closest('form') as HTMLFormElement);
    await answerAll();
    await screen.findByText(s.resent.replace('{{name}}', PENDING.name));
    expect(sharingCalls()).toHaveLength(1);
    // The form kept its values and may invite once the list has reloaded.
    await waitFor(() => expect(button.disabled).toBe(false));
  });
});
