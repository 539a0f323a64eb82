import { describe, expect, it } from 'vitest';
import { expandAbbreviations } from './abbreviations.ts';
import { tokens } from './stems.ts';

describe('expandAbbreviations', () => {
  it('spells out chat abbreviations, also when written with dots', () => {
    expect(expandAbbreviations(tokens('k.A.'))).toEqual(['keine', 'ahnung']);
    expect(expandAbbreviations(tokens('ka'))).toEqual(['keine', 'ahnung']);
    expect(expandAbbreviations(tokens('vllt mehr Termine, z.B. abends'))).toEqual([
      'vielleicht',
      'mehr',
      'termine',
      'zum',
      'beispiel',
      'abends',
    ]);
    expect(expandAbbreviations(tokens('bzw. evtl. usw.'))).toEqual([
      'beziehungsweise',
      'eventuell',
      'und',
      'so',
      'weiter',
    ]);
  });

  it('leaves other words alone, also names of object properties', () => {
    expect(expandAbbreviations(tokens('Die Hotline constructor toString'))).toEqual([
      'die',
      'hotline',
      'constructor',
      'tostring',
    ]);
    expect(expandAbbreviations(tokens('Plan A b'))).toEqual(['plan', 'a', 'b']);
  });
});
