// @vitest-environment jsdom
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveApi } from '../../api/live-client.ts';
import { clientConfig } from '../../chat-kit/test-data.ts';
import { stubFetchRoutes } from '../../test-stubs.ts';
import { loadGameConfigs, useGameSpeakers } from './use-game-speakers.ts';

/** The looks of a game's dialogs. */

const configUrl = (id: string) => `/api/get_config?survey_id=${id}`;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a game's dialogs", () => {
  it('loads every other dialog once, all at once; a failed one is null and does not fail the others', async () => {
    const calls = stubFetchRoutes({
      [configUrl('B')]: { status: 200, body: clientConfig('B', 'Mia') },
      [configUrl('C')]: { status: 500, body: { title: 'x', msg: 'kaputt' } },
    });
    const configs = await loadGameConfigs(liveApi, ['A', 'B', 'C', 'B'], 'A');
    expect(calls.sort()).toEqual([configUrl('B'), configUrl('C')]);
    expect(configs.B?.avatar_name).toBe('Mia');
    expect(configs.C).toBeNull();
  });

  it('gives each dialog its speaker (the start one from the look already loaded) and tells an inactive one', async () => {
    stubFetchRoutes({
      [configUrl('B')]: { status: 200, body: clientConfig('B', 'Mia', { active: false }) },
      [configUrl('C')]: { status: 404, body: { title: 'not_found', msg: 'weg' } },
    });
    const surveyIds = ['A', 'B', 'C'];
    const game = { surveyIds, startId: 'A', title: 'Flow', mediaBase: 'https://media.example.org' };
    const start = clientConfig('A', 'Kommissarin Berg');
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
