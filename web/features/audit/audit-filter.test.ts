import { describe, expect, it } from 'vitest';
import { auditQuery, csvFileName, EMPTY_FORM } from './audit-filter.ts';

describe('audit filters', () => {
  it('sends only the fields that are set; dates cover whole local days', () => {
    expect(auditQuery(EMPTY_FORM)).toEqual({});
    const q = auditQuery({ action: 'export', user: '  anna ', from: '2026-05-01', to: '2026-05-02' }, 'S1');
    expect(q).toEqual({
      action: 'export',
      actor: 'anna',
      from: new Date(2026, 4, 1).getTime(),
      to: new Date(2026, 4, 3).getTime() - 1,
      survey_id: 'S1',
    });
  });

  it('ignores a date that is not one', () => {
    expect(auditQuery({ ...EMPTY_FORM, from: '2026-5-1', to: 'gestern' })).toEqual({});
  });

  it('names the CSV after the day and the dialog', () => {
    expect(csvFileName(new Date(2026, 0, 9))).toBe('Protokoll_2026-01-09.csv');
    expect(csvFileName(new Date(2026, 0, 9), 'abc')).toBe('Protokoll_abc_2026-01-09.csv');
  });
});
