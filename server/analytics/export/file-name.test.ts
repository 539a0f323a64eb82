import { describe, expect, it } from 'vitest';
import { contentDisposition, exportFileName } from './file-name.ts';

describe('file names', () => {
  it('keep safe Unicode such as the en dash; the header gives an ASCII fallback and the RFC 5987 name', () => {
    expect(exportFileName('Auf der Flucht – Demo-Krimi', 'xlsx')).toBe('Auf der Flucht – Demo-Krimi.xlsx');
    expect(exportFileName('Umfrage: Süd/Nord?', 'csv')).toBe('Umfrage_ Süd_Nord.csv');
    expect(exportFileName('  ...  ', 'xlsx')).toBe('Export.xlsx');
    expect(contentDisposition("Café d'Or (2) – Ümlaut.xlsx")).toBe(
      `attachment; filename="Cafe d'Or (2) - Umlaut.xlsx"; ` +
        `filename*=UTF-8''Caf%C3%A9%20d%27Or%20%282%29%20%E2%80%93%20%C3%9Cmlaut.xlsx`,
    );
  });
});
