import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { QuotaCondition } from '../../contract/quotas.ts';
import { factsOf, meetsQuota } from './match.ts';

const answers = [
  { unique_question_id: 'gender', value: 'Frau' },
  { unique_question_id: 'age', value: '18–29' },
  { unique_question_id: 'fav', value: 'Tee' },
  { unique_question_id: 'fav', value: 'Kaffee' },
];
const facts = factsOf(answers, { src: 'panel', pid: '42' });
const block = (block_id: string, ...values: string[]): QuotaCondition => ({
  kind: 'block',
  block_id,
  values,
});
const hidden = (field: string, ...values: string[]): QuotaCondition => ({ kind: 'hidden', field, values });

describe('meetsQuota', () => {
  it('needs every condition (AND), each one answer among its values (OR)', () => {
    expect(meetsQuota([block('gender', 'Frau'), block('age', '18–29', '30–49')], facts)).toBe(true);
    expect(meetsQuota([block('gender', 'Frau'), block('age', '50+')], facts)).toBe(false);
    expect(meetsQuota([block('gender', 'Mann', 'divers')], facts)).toBe(false);
  });

  it('a multiple choice meets a condition by any chosen option', () => {
    expect(meetsQuota([block('fav', 'Kaffee')], facts)).toBe(true);
    expect(meetsQuota([block('fav', 'Saft')], facts)).toBe(false);
  });

  it('hidden fields compare the exact value from the link; a field not given meets nothing', () => {
    expect(meetsQuota([hidden('src', 'panel'), block('gender', 'Frau')], facts)).toBe(true);
    expect(meetsQuota([hidden('src', 'Panel')], facts)).toBe(false);
    expect(meetsQuota([hidden('wave', '1')], facts)).toBe(false);
    expect(meetsQuota([hidden('src', 'panel')], factsOf([], null))).toBe(false);
  });

  it('a block not answered yet meets no condition, and no conditions meet nothing', () => {
    expect(meetsQuota([block('region', 'Nord')], facts)).toBe(false);
    expect(meetsQuota([], facts)).toBe(false);
  });

  it('adding answers never takes a respondent out of a quota they are in (so a lead-out stays right)', () => {
    const value = fc.constantFrom('a', 'b', 'c');
    const row = fc.record({ unique_question_id: fc.constantFrom('x', 'y'), value });
    fc.assert(
      fc.property(fc.array(row), fc.array(row), fc.array(value, { minLength: 1 }), (before, more, values) => {
        const conditions = [block('x', ...values)];
        if (meetsQuota(conditions, factsOf(before, null))) {
          expect(meetsQuota(conditions, factsOf([...before, ...more], null))).toBe(true);
        }
      }),
    );
  });
});
