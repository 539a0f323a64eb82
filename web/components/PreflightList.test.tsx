// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../i18n/index.ts';
import { issue, type PreflightIssue } from '../../contract/preflight.ts';
import { makeBlock } from '../../contract/test-data.ts';
import { PreflightList } from './PreflightList.tsx';

/** The pre-flight list: the end redirects' addresses shown as info, without turning the verdict. */

const end = makeBlock('done', 2, 'end', { is_end: 1 });
const redirects: PreflightIssue[] = [
  issue(
    'end_redirect',
    'Block 2 „Vielen Dank!“: Weiterleitung am Ende: https://panel.example/c?id={{pid}}',
    end,
  ),
  issue('end_redirect', 'Weiterleitung am Ende des Dialogs: https://panel.example/s?id={{pid}}'),
];

const renderList = (issues: PreflightIssue[]) =>
  render(
    <MemoryRouter>
      <PreflightList surveyId="s1" issues={issues} />
    </MemoryRouter>,
  );

describe('PreflightList', () => {
  afterEach(cleanup);

  it('lists each redirect address as info, linked to its place, and still finds no problems', () => {
    renderList(redirects);
    expect(screen.getByText(/^Keine Probleme gefunden/)).toBeTruthy();
    const items = screen.getByTestId('preflight-list').querySelectorAll('li');
    expect([...items].map((li) => li.dataset.severity)).toEqual(['info', 'info']);
    expect(screen.getAllByTitle('Zur Kenntnis')).toHaveLength(2);
    const block = screen.getByRole('link', { name: /Weiterleitung am Ende: https:\/\/panel\.example\/c/ });
    expect(block.getAttribute('href')).toBe('/configurator/s1?block=done');
    const ending = screen.getByRole('link', { name: /Weiterleitung am Ende des Dialogs/ });
    expect(ending.getAttribute('href')).toBe('/configurator/s1?panel=settings');
  });

  it('links the missing privacy declaration to its field in the settings', () => {
    renderList([issue('no_privacy', 'Keine Datenschutzerklärung')]);
    expect(screen.getByRole('link', { name: 'Keine Datenschutzerklärung' }).getAttribute('href')).toBe(
      '/configurator/s1?panel=settings&field=privacy_declaration_text',
    );
  });

  it('keeps the warnings verdict when warnings come with the addresses', () => {
    renderList([issue('unreachable', 'Block 3 wird über keinen Pfad erreicht.', end), ...redirects]);
    expect(screen.getByText(/^Bitte prüfen Sie diese Hinweise/)).toBeTruthy();
  });
});
