// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../i18n/index.ts';
import { RoutingBackendNote } from './RoutingBackendNote.tsx';

/** The training screen names what routes the block's answers and whether they leave the server. */

afterEach(cleanup);

const note = (embeddings: string | null, llm: string | null, synonyms?: boolean) => {
  render(<RoutingBackendNote routing={{ embeddings, llm, synonyms }} />);
  return screen.getByTestId('routing-backend').textContent;
};

describe('RoutingBackendNote', () => {
  it('says the local model alone keeps answers on the server', () => {
    expect(note(null, null)).toBe('Zuordnung: lokales Modell. Antworten verlassen den Server nicht.');
  });

  it('says a German model knows words and synonyms, still without leaving the server', () => {
    expect(note(null, null, true)).toBe(
      'Zuordnung: lokales Modell mit Wörterbuch und Synonymen. Antworten verlassen den Server nicht.',
    );
  });

  it('names the embeddings and the language model when they route', () => {
    expect(note('bge-m3', 'llama3.1')).toBe(
      'Zuordnung: lokales Modell + Embeddings (bge-m3) + Sprachmodell bei Unsicherheit (llama3.1). ' +
        'Antworten gehen dafür an den eingerichteten Dienst.',
    );
    cleanup();
    expect(note(null, 'llama3.1')).toContain('lokales Modell + Sprachmodell bei Unsicherheit (llama3.1).');
  });
});
