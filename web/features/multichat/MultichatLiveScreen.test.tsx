// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../contract/errors.ts';
import type { GameMeta } from '../../../contract/managers.ts';
import { stubFetchRoutes } from '../../test-stubs.ts';
import { MultichatLiveScreen } from './MultichatLiveScreen.tsx';

/** The public game page before any dialog is loaded: what game_meta alone decides. */

// A busy CI machine may take longer than the default 1 s wait.
const slow = { timeout: 10_000 };

function game(extra: Partial<GameMeta>): GameMeta {
  return {
    dialog_manager_id: 7,
    game_title: 'Krimi',
    description: '',
    favicon: '',
    meta_image: '',
    meta_text: '',
    active: true,
    survey_ids: [],
    media_base_url: null,
    ...extra,
  };
}

const server = (meta: GameMeta) => stubFetchRoutes({ '/api/game_meta/7': { status: 200, body: meta } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the public game page', () => {
  it('says that a game that is not active has ended, and asks for nothing else', async () => {
    const calls = server(game({ active: false }));
    render(<MultichatLiveScreen game={7} />);
    expect(await screen.findByText(MESSAGES.dialogEnded, {}, slow)).toBeTruthy();
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByText('Bevor es losgeht')).toBeNull();
    expect(calls).toEqual(['/api/game_meta/7']);
    // The page head still takes the game's title (set by an effect after the render).
    await waitFor(() => expect(document.title).toBe('Krimi'), slow);
  });

  it('says that an active game without dialogs does not exist', async () => {
    server(game({}));
    render(<MultichatLiveScreen game={7} />);
    expect(await screen.findByText('Dieses Spiel gibt es nicht.', {}, slow)).toBeTruthy();
  });
});
