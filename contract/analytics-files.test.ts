import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asciiFileName, FILE_NAME_MAX, safeFileName } from './analytics-files.ts';

describe('safeFileName', () => {
  it('keeps letters, digits, dashes and harmless punctuation as they read', () => {
    expect(safeFileName('Auf der Flucht – Demo-Krimi', 'X')).toBe('Auf der Flucht – Demo-Krimi');
    expect(safeFileName("Café d'Or (2) & Co. — 100 %", 'X')).toBe("Café d'Or (2) & Co. — 100 %");
    expect(safeFileName('Straße 🚀 Süd', 'X')).toBe('Straße 🚀 Süd');
  });

  it('replaces what file systems refuse, drops invisible format characters, trims the edges', () => {
    expect(safeFileName('a/b\\c:d*e?f"g<h>i|j', 'X')).toBe('a_b_c_d_e_f_g_h_i_j');
    expect(safeFileName('Zeile\r\neins\ttab\u0007', 'X')).toBe('Zeile eins tab');
    // A right-to-left override would show 'Bericht‮xslx.exe' as 'Berichtexe.xlsx'.
    expect(safeFileName('Bericht\u202excod.exe', 'X')).toBe('Berichtxcod.exe');
    expect(safeFileName('  ..versteckt.. ', 'X')).toBe('versteckt');
    expect(safeFileName('../a/b:c*?', 'X')).toBe('a_b_c');
    expect(safeFileName('///', 'Dialog')).toBe('Dialog');
    expect(safeFileName('', 'Dialog')).toBe('Dialog');
    expect(safeFileName('CON', 'X')).toBe('CON_');
    expect(safeFileName('lpt1.txt', 'X')).toBe('lpt1.txt_');
  });

  it('is short, safe and stable for any name', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (name) => {
        const safe = safeFileName(name, 'X');
        expect(Array.from(safe).length).toBeLessThanOrEqual(FILE_NAME_MAX + 1);
        expect(safe).not.toMatch(/[<>:"/\\|?*\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]/u);
        expect(safe).not.toMatch(/^[\s.]|[\s.]$/u);
        expect(safeFileName(safe, 'X')).toBe(safe);
      }),
    );
  });
});

describe('asciiFileName', () => {
  it('drops accents, writes dashes as -, replaces the rest outside printable ASCII', () => {
    expect(asciiFileName('Auf der Flucht – Demo-Krimi.xlsx')).toBe('Auf der Flucht - Demo-Krimi.xlsx');
    expect(asciiFileName('Übersicht Straße ’24 🚀.csv')).toBe("Ubersicht Stra_e '24 __.csv");
    expect(asciiFileName('100 % "echt"')).toBe('100 _ _echt_');
  });
});
