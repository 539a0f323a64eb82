// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientConfig } from '../../../contract/chat.ts';
import { useLiveAuthStore } from '../../state/live-auth.ts';
import { LiveChatScreen } from './LiveChatScreen.tsx';
import { PrivacyScreen } from './PrivacyScreen.tsx';

/**
 * The respondent pages of an English dialog are English around the chat too: <html lang>, the tab
 * title, and the widget's Escape that the embedding page hears.
 */

function config(extra: Partial<ClientConfig> = {}): ClientConfig {
  return {
    config: {
      accent_color: '#1E88E5',
      logo_src: '',
      avatar_src: '',
      avatar_name: 'Mia',
      video_messages: false,
      audio_messages: false,
      background_image: '',
    },
    survey_id: 'S1',
    survey_id_int: 1,
    survey_name: 'Customer survey',
    messenger_ui: 'standard',
    avatar_name: 'Mia',
    background_link: '',
    speed: 1,
    feedback_allowed: false,
    training_mode: false,
    active: true,
    ...extra,
  };
}

const popup = { header: 'h', text: 't', btn_back: 'b' };
function server(language: 'de' | 'en', extra: Partial<ClientConfig> = {}) {
  const routes: Record<string, unknown> = {
    '/api/get_config?survey_id=S1': config(extra),
    '/api/get_survey_language': {
      nav_bar_information: {
        navar_language_fragments: {
          restart: 'Restart',
          delete: 'Cancel',
          privacy: 'Privacy',
          restart_pop_up: { ...popup, btn_restart: 'Restart' },
          delete_pop_up: { ...popup, btn_delete: 'Delete' },
        },
        language,
        du_sie: 'sie',
      },
    },
    '/api/get_privacy_declaration': {
      survey_id: 'S1',
      survey_name: 'Customer survey',
      privacy_declaration_text: 'We store your answers.',
      language,
    },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const body = routes[String(input)];
      return new Response(JSON.stringify(body ?? { title: 'x', msg: 'unexpected' }), {
        status: body ? 200 : 500,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

beforeEach(() => {
  localStorage.clear();
  useLiveAuthStore.getState().clearSession();
  document.documentElement.lang = 'de';
  document.title = 'Dialogwerk – Dialoge';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the chat of an English dialog', () => {
  it.each(['/dialog/S1', '/widget/S1'])(
    'sets <html lang="en"> on %s once the language is known',
    async (path) => {
      window.history.replaceState(null, '', path);
      server('en');
      render(<LiveChatScreen surveyId="S1" widget={path.startsWith('/widget')} />);
      expect(await screen.findByRole('button', { name: 'Start the dialog' })).toBeTruthy();
      await waitFor(() => expect(document.documentElement.lang).toBe('en'));
    },
  );

  it('an ended English dialog says so in English, on an English page', async () => {
    window.history.replaceState(null, '', '/dialog/S1');
    server('en', { active: false });
    render(<LiveChatScreen surveyId="S1" />);
    expect(await screen.findByText(/^The dialog has already ended/)).toBeTruthy();
    // The page's language and title are set by an effect once the dialog's config is in.
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
    expect(document.title).toBe('Customer survey');
  });

  it('a German dialog keeps lang="de"', async () => {
    window.history.replaceState(null, '', '/dialog/S1');
    server('de');
    render(<LiveChatScreen surveyId="S1" />);
    expect(await screen.findByRole('button', { name: 'Dialog starten' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('de');
  });
});

describe("the widget's Escape", () => {
  function embedded() {
    const postMessage = vi.fn();
    vi.spyOn(window, 'parent', 'get').mockReturnValue({ postMessage } as unknown as Window);
    return postMessage;
  }

  it('tells the embedding page to close the chat', async () => {
    window.history.replaceState(null, '', '/widget/S1');
    const postMessage = embedded();
    server('en');
    render(<LiveChatScreen surveyId="S1" widget />);
    const start = await screen.findByRole('button', { name: 'Start the dialog' });
    fireEvent.keyDown(start, { key: 'Enter' });
    expect(postMessage).not.toHaveBeenCalled();
    fireEvent.keyDown(start, { key: 'Escape' });
    expect(postMessage).toHaveBeenCalledWith({ type: 'dialogwerk:close', surveyId: 'S1' }, '*');
  });

  it('not when something in the chat used it (an open popup, a handled key), nor outside the widget', async () => {
    window.history.replaceState(null, '', '/widget/S1');
    const postMessage = embedded();
    server('en');
    const { unmount } = render(<LiveChatScreen surveyId="S1" widget />);
    const start = await screen.findByRole('button', { name: 'Start the dialog' });
    const used = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    used.preventDefault();
    start.dispatchEvent(used);
    const open = document.createElement('dialog');
    open.setAttribute('open', '');
    document.body.append(open);
    fireEvent.keyDown(open, { key: 'Escape' });
    open.remove();
    expect(postMessage).not.toHaveBeenCalled();
    unmount();

    render(<LiveChatScreen surveyId="S1" />);
    fireEvent.keyDown(await screen.findByRole('button', { name: 'Start the dialog' }), { key: 'Escape' });
    expect(postMessage).not.toHaveBeenCalled();
  });
});

describe("the privacy page's language", () => {
  it('English: lang and tab title in English', async () => {
    window.history.replaceState(null, '', '/privacy/S1');
    server('en');
    render(<PrivacyScreen surveyId="S1" />);
    expect(await screen.findByRole('heading', { name: 'Privacy: Customer survey' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Privacy – Dialogwerk'));
    expect(document.documentElement.lang).toBe('en');
    expect(document.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe(
      'Privacy – Dialogwerk',
    );
  });

  it("German: the route table's title", async () => {
    window.history.replaceState(null, '', '/privacy/S1');
    server('de');
    render(<PrivacyScreen surveyId="S1" />);
    expect(await screen.findByRole('heading', { name: 'Datenschutz: Customer survey' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Datenschutz – Dialogwerk'));
    expect(document.documentElement.lang).toBe('de');
  });
});
