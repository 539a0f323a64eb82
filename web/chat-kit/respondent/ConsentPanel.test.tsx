// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { respondentTexts } from '../respondent-texts.ts';
import { ConsentPanel } from './ConsentPanel.tsx';
// Texts other than German with 'Sie' (a chunk of their own in the app).
import '../respondent-texts-more.ts';

const texts = respondentTexts('de');

beforeEach(() => {
  // The privacy declaration never answers: only the panel's own parts matter here.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => {})),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ConsentPanel focus', () => {
  it('takes focus on its heading after consent was withdrawn', () => {
    render(<ConsentPanel surveyId="S1" texts={texts} onAccept={() => {}} focusOnMount />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: texts.consentTitle }));
  });

  it('leaves focus alone on page load', () => {
    render(<ConsentPanel surveyId="S1" texts={texts} onAccept={() => {}} />);
    expect(document.activeElement).toBe(document.body);
  });
});

describe('ConsentPanel before a game', () => {
  it("names the game, describes it, and starts the game in the game's form of address", () => {
    const du = respondentTexts('de', 'du');
    render(
      <ConsentPanel
        surveyId="S1"
        texts={du}
        onAccept={() => {}}
        game={{ title: 'Flow – Das Krimi-Spiel im Messenger', description: 'Ermittle im Chat.' }}
      />,
    );
    expect(screen.getByText('Flow – Das Krimi-Spiel im Messenger')).toBeTruthy();
    expect(screen.getByText('Ermittle im Chat.')).toBeTruthy();
    expect(
      screen.getByText('Damit das Spiel deine Antworten speichern kann, brauchen wir deine Zustimmung.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Spiel starten' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Dialog starten' })).toBeNull();
  });

  it('keeps the dialog wording without a game', () => {
    render(<ConsentPanel surveyId="S1" texts={texts} onAccept={() => {}} />);
    expect(screen.getByRole('button', { name: 'Dialog starten' })).toBeTruthy();
    expect(screen.getByText(texts.consentIntro)).toBeTruthy();
  });
});
