import { describe, expect, it } from 'vitest';
import { makeBlock } from '../../../../contract/test-data.ts';
import { addressFindings, convertible } from './address-findings.ts';

describe('addressFindings', () => {
  it('lists welcome, block fields in order and ending that still use the other form', () => {
    const dialog = {
      welcome: 'Hallo! Schön, dass du da bist.',
      ending: 'Danke für deine Zeit.',
      all_questions: [
        makeBlock('b1', 1, 'open_text', { context: 'Wie heißt du?', acknowledgement: 'Danke dir!' }),
        makeBlock('b2', 2, 'message', { context: 'Sie haben es fast geschafft.' }),
        makeBlock('b3', 3, 'email', { context: 'Gib uns deine E-Mail-Adresse.' }),
      ],
    };
    const found = addressFindings(dialog, 'sie');
    expect(found.map((f) => [f.field, f.hits.map((h) => h.found)])).toEqual([
      ['welcome', ['du']],
      ['context', ['du']],
      ['acknowledgement', ['dir']],
      ['context', ['Gib', 'deine']],
      ['ending', ['deine']],
    ]);
    expect(found[1]?.block?.unique_question_id).toBe('b1');
    // Only what converts surely: 'dass du da bist' and 'heißt du' stay for the author.
    expect(convertible(found).map((f) => f.after)).toEqual([
      'Geben Sie uns Ihre E-Mail-Adresse.',
      'Danke für Ihre Zeit.',
    ]);
  });
});
