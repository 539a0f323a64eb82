import { describe, expect, it } from 'vitest';
import { makeBlock } from '../../../../contract/test-data.ts';
import {
  blockFieldError,
  dialogVariables,
  jumpChoices,
  nextOptionLabel,
  parseDecimal,
  settingsFieldError,
} from './field-rules.ts';

describe('field validation with the contract schemas', () => {
  it('accepts valid values and names the rule in German otherwise', () => {
    const block = makeBlock('a', 1, 'single_choice');
    expect(blockFieldError(block, 'context', 'Hallo')).toBeNull();
    expect(blockFieldError(block, 'variable', 'mit leerzeichen')).toBe('nur Buchstaben, Ziffern und _');
    expect(blockFieldError(block, 'options', [])).toBe('mindestens eine Option');
    expect(blockFieldError(block, 'options', ['Ja', 'Ja'])).toBe('Optionen müssen verschieden sein');
    expect(blockFieldError(makeBlock('f', 1, 'open_text'), 'options', ['Preis', 'Preis'])).toBe(
      'Zweige müssen verschieden sein',
    );
    expect(blockFieldError(block, 'link', 'ftp://x')).toMatch(/http\(s\)-Adresse/);
  });

  it('checks rules across fields at the field that is changed', () => {
    const number = makeBlock('n', 1, 'number', { min: 5 });
    expect(blockFieldError(number, 'max', 3)).toBe('darf nicht kleiner als min sein');
    const likert = makeBlock('l', 1, 'likert');
    expect(blockFieldError(likert, 'options', ['nur eine'])).toBe('eine Likert-Skala hat 2 bis 11 Stufen');
    const date = makeBlock('d', 1, 'date', { min_date: '2024-05-01' });
    expect(blockFieldError(date, 'max_date', '2024-04-01')).toBe('darf nicht vor min_date liegen');
    expect(blockFieldError(makeBlock('g', 1, 'gpt'), 'max_turns', 0)).toMatch(/1/);
  });

  it('validates settings values', () => {
    expect(settingsFieldError('accent_color', '#12ABef')).toBeNull();
    expect(settingsFieldError('accent_color', 'rot')).toBe('muss eine Farbe #RRGGBB sein');
    expect(settingsFieldError('survey_name', '  ')).toBe('darf nicht leer sein');
    expect(settingsFieldError('speed', 5)).toBe('höchstens 2');
  });

  it('collects variables once, in order', () => {
    const blocks = [
      makeBlock('a', 1, 'open_text', { variable: 'name' }),
      makeBlock('b', 2),
      makeBlock('c', 3, 'number', { variable: 'alter' }),
      makeBlock('d', 4, 'open_text', { variable: 'name' }),
    ];
    expect(dialogVariables(blocks)).toEqual(['name', 'alter']);
  });

  it('offers every block and the end as jump targets', () => {
    const blocks = [makeBlock('a', 1), makeBlock('b', 2), makeBlock('c', 3)];
    const choices = jumpChoices('sv1', blocks, (b) => `#${b.order}`);
    expect(choices.map((c) => c.value)).toEqual(['a', 'b', 'c', 'end_node_sv1']);
    expect(choices[2]!.label).toBe('#3');
  });

  it('reads decimals with comma or point', () => {
    expect(parseDecimal('1,5')).toBe(1.5);
    expect(parseDecimal(' 2.25 ')).toBe(2.25);
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('abc')).toBeUndefined();
  });

  it('names a new option with the first free number', () => {
    expect(nextOptionLabel(['Option 1', 'Option 2'], (n) => `Option ${n}`)).toBe('Option 3');
    expect(nextOptionLabel(['Ja', 'Option 3'], (n) => `Option ${n}`)).toBe('Option 4');
  });
});
