// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/index.ts';
import type { Block } from '../../../../contract/blocks.ts';
import { matchRoute } from '../../../../contract/routes.ts';
import { makeBlock } from '../../../../contract/test-data.ts';
import { de } from '../../../i18n/de.ts';
import { LlmNotice } from './LlmNotice.tsx';

const llm = de.configurator.editor.llm;

function renderNotice(
  block: Extract<Block, { type: 'gpt' | 'qa' }>,
  status: { configured: boolean; model: string | null },
) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify(status), { headers: { 'content-type': 'application/json' } }),
    ),
  );
  const router = createMemoryRouter(
    [
      {
        path: '/configurator/:survey_id',
        handle: matchRoute('/configurator/s1'),
        element: (
          <QueryClientProvider client={new QueryClient()}>
            <LlmNotice block={block} />
          </QueryClientProvider>
        ),
      },
    ],
    { initialEntries: ['/configurator/s1'] },
  );
  render(<RouterProvider router={router} />);
}

const gpt = (nachfrage: string) => makeBlock('g', 1, 'gpt', { nachfrage }) as Extract<Block, { type: 'gpt' }>;

describe('LlmNotice', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a gpt block without a language model asks its fixed follow-up', async () => {
    renderNotice(gpt('Warum?'), { configured: false, model: null });
    expect((await screen.findByTestId('llm-notice')).textContent).toContain(llm.gptOff);
  });

  it('warns when a gpt block has no follow-up to fall back on', async () => {
    renderNotice(gpt(''), { configured: true, model: 'llama3' });
    const notice = await screen.findByTestId('llm-notice');
    expect(notice.textContent).toContain(llm.gptNoFollowUp);
    expect(notice.className).toMatch(/Warning/);
  });
});
