// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../contract/errors.ts';
import { clientConfig } from '../../chat-kit/test-data.ts';
import { useLiveAuthStore } from '../../state/live-auth.ts';
import { stubFetchRoutes } from '../../test-stubs.ts';
import { LiveChatScreen } from './LiveChatScreen.tsx';

/** What the public config's 'active' spares an inactive dialog. */

const configUrl = (id: string) => `/api/get_config?survey_id=${id}`;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
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
      const calls = stubFetchRoutes({
        [configUrl('S1')]: { status: 200, body: clientConfig('S1', 'Lina', { active: false }) },
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
