// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../i18n/index.ts';
import { NONE_BRANCH } from '../../../contract/training.ts';
import { InboxPanel } from './InboxPanel.tsx';
import type { InboxItem } from './inbox-order.ts';

/**
 * The inbox as the author reads it (issue 19, section 3): every entry says where the chat routed the
 * answer and how sure it was, and the list can be put least sure first.
 */

afterEach(cleanup);

const entry = (id: number, text: string, routed: InboxItem['routed']): InboxItem => ({
  id,
  unique_question_id: 'q',
  text,
  branch: 'Preis',
  confidence: routed?.confidence ?? null,
  flagged: false,
  created_at: 10 - id,
  routed,
});

// Newest first, as the server sends them.
const ITEMS = [
  entry(1, 'viel zu teuer', { branch: 'Preis', confidence: 0.62, source: 'model' }),
  entry(2, 'weiß nicht', { branch: NONE_BRANCH, confidence: 0.12, source: 'model' }),
  entry(3, 'die Kohle stimmt nicht', { branch: 'Preis', confidence: 0.81, source: 'llm' }),
];

const texts = () =>
  within(screen.getByRole('region', { name: 'Posteingang' }))
    .getAllByRole('listitem')
    .map((li) => li.getAttribute('aria-label'));

describe('the inbox', () => {
  it('shows the routed branch and confidence of every entry, and orders them least sure first on request', () => {
    render(
      <InboxPanel
        items={ITEMS}
        branches={[
          { branch: 'Preis', label: 'Preis' },
          { branch: 'Qualität', label: 'Qualität' },
        ]}
        busy={false}
        labelOf={(b) => (b === NONE_BRANCH ? 'keiner davon' : b)}
        onAssign={() => {}}
        onDismiss={() => {}}
      />,
    );
    const routed = (text: string) =>
      within(screen.getByRole('listitem', { name: text })).getByTestId('inbox-routed').textContent;
    expect(routed('viel zu teuer')).toMatch(/^Im Chat zugeordnet: Preis \(62\s?%\)$/);
    expect(routed('weiß nicht')).toMatch(/^Im Chat zugeordnet: keiner davon \(12\s?%\)$/);
    expect(routed('die Kohle stimmt nicht')).toMatch(/^Im Chat zugeordnet: Preis \(81\s?%\)$/);

    expect(texts()).toEqual(['viel zu teuer', 'weiß nicht', 'die Kohle stimmt nicht']);
    const order = screen.getByRole('group', { name: 'Reihenfolge' });
    fireEvent.click(within(order).getByRole('button', { name: 'Unsicherste zuerst' }));
    expect(texts()).toEqual(['weiß nicht', 'viel zu teuer', 'die Kohle stimmt nicht']);
    fireEvent.click(within(order).getByRole('button', { name: 'Neueste zuerst' }));
    expect(texts()).toEqual(['viel zu teuer', 'weiß nicht', 'die Kohle stimmt nicht']);
  });
});
