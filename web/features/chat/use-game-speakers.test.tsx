// @vitest-environment jsdom
import { cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientConfig } from '../../../contract/chat.ts';
import { MESSAGES } from '../../../contract/errors.ts';
import { liveApi } from '../../api/live-client.ts';
import { useLiveAuthStore } from '../../state/live-auth.ts';
import { LiveChatScreen } from './LiveChatScreen.tsx';
import { loadGameConfigs, useGameSpeakers } from './use-game-speakers.ts';

/** The looks of a game's dialogs, and what the public config's 'active' spares an inactive dialog. */

function config(surveyId: string, name: string, extra: Partial<ClientConfig> = {}): ClientConfig {
  return {
    config: {
      accent_color: '#5ABAB2',
      logo_src: '',
      avatar_src: `/media/${surveyId}.png`,
      avatar_name: name,
      video_messages: false,
      audio_messages: false,
      background_image: '',
    },
    survey_id: surveyId,
    survey_id_int: 1,
    survey_name: name,
    messenger_ui: 'standard',
    avatar_name: name,
    background_link: '',
    speed: 1,
    feedback_allowed: false,
    training_mode: false,
    active: true,
    ...extra,
  };
}

type Reply = { status: number; body: unknown };
function server(routes: Record<string, Reply>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const path = String(input);
      calls.push(path);
      const reply = routes[path] ?? { status: 500, body: { title: 'x', msg: `unexpected ${path}` } };
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}
const configUrl = (id: string) => `/api/get_config?survey_id=${id}`;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a game's dialogs", () => {
  it('loads every other dialog once, all at once; a failed one is null and does not fail the others', async () => {
    const calls = server({
      [configUrl('B')]: { status: 200, body: config('B', 'Mia') },
      [configUrl('C')]: { status: 500, body: { title: 'x', msg: 'kaputt' } },
    });
    const configs = await loadGameConfigs(liveApi, ['A', 'B', 'C', 'B'], 'A');
    expect(calls.sort()).toEqual([configUrl('B'), configUrl('C')]);
    expect(configs.B?.avatar_name).toBe('Mia');
    expect(configs.C).toBeNull();
  });

  it('gives each dialog its speaker (the start one from the look already loaded) and tells an inactive one', async () => {
    server({
      [configUrl('B')]: { status: 200, body: config('B', 'Mia', { active: false }) },
      [configUrl('C')]: { status: 404, body: { title: 'not_found', msg: 'weg' } },
    });
    const surveyIds = ['A', 'B', 'C'];
    const game = { surveyIds, startId: 'A', title: 'Flow', mediaBase: 'https://media.example.org' };
    const start = config('A', 'Kommissarin Berg');
    const { result } = renderHook(() => useGameSpeakers(liveApi, game, start));
    expect(result.current.group.speakers.A?.name).toBe('Kommissarin Berg');
    expect(result.current.settled).toBe(false);
    await waitFor(() => expect(result.current.group.speakers.B?.name).toBe('Mia'));
    expect(result.current.settled).toBe(true);
    expect(result.current.group).toMatchObject({ title: 'Flow', startId: 'A' });
    // Game mode: the avatar comes from the media host.
    expect(result.current.group.speakers.B?.avatarSrc).toBe('https://media.example.org/media/B.png');
    expect(result.current.group.speakers.C).toBeUndefined();
    expect(result.current.inactive).toBe(true);
  });
});

describe('an inactive dialog (public config active: false)', () => {
  beforeEach(() => {
    localStorage.clear();
    useLiveAuthStore.getState().clearSession();
  });

  it.each([false, true])(
    'says once that it has ended, registers nobody (consent given before: %s)',
    async (consented) => {
      if (consented) useLiveAuthStore.getState().setStorageAccepted(true);
      const calls = server({
        [configUrl('S1')]: { status: 200, body: config('S1', 'Lina', { active: false }) },
        '/api/get_survey_language': {
          status: 200,
          body: {
            nav_bar_information: {
              navar_language_fragments: {
                restart: 'r',
                delete: 'd',
                privacy: 'p',
                restart_pop_up: { header: 'h', text: 't', btn_back: 'b', btn_restart: 'r' },
                delete_pop_up: { header: 'h', text: 't', btn_back: 'b', btn_delete: 'd' },
              },
              language: 'de',
              du_sie: 'sie',
            },
          },
        },
      });
      render(<LiveChatScreen surveyId="S1" />);
      expect(await screen.findByText(MESSAGES.dialogEnded)).toBeTruthy();
      expect(screen.getAllByText(MESSAGES.dialogEnded)).toHaveLength(1);
      expect(screen.queryByRole('checkbox')).toBeNull();
      expect(calls.some((c) => c.includes('register_live') || c.includes('/api/chat/'))).toBe(false);
    },
  );
});
