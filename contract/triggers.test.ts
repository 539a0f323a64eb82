import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTriggerRequest, formatTrigger, parseTrigger, TRIGGER_TYPES } from './triggers.ts';
import './zod-setup.ts';

describe('trigger grammar', () => {
  it('parses the three parts of each type', () => {
    for (const type of TRIGGER_TYPES) {
      expect(parseTrigger(`${type};Ab3_-x;q-1_Z`)).toEqual({
        ok: true,
        trigger: { type, survey_id: 'Ab3_-x', question_id: 'q-1_Z' },
      });
    }
  });

  it.each([
    ['', 'Typ;Dialog-ID;Frage-ID'],
    ['moveTo', 'Typ;Dialog-ID;Frage-ID'],
    ['moveTo;abc', 'Typ;Dialog-ID;Frage-ID'],
    ['moveTo;abc;q;extra', 'Typ;Dialog-ID;Frage-ID'],
    ['jumpTo;abc;q', 'unbekannter Typ „jumpTo“'],
    ['moveto;abc;q', 'unbekannter Typ „moveto“'],
    [' moveTo;abc;q', 'unbekannter Typ'],
    ['moveTo;;q', 'Dialog-ID (2. Teil)'],
    ['moveTo;a b;q', 'Dialog-ID (2. Teil)'],
    [`moveTo;${'a'.repeat(65)};q`, 'Dialog-ID (2. Teil)'],
    ['waitFor;abc;', 'Frage-ID (3. Teil)'],
    ['waitFor;abc;q ', 'Frage-ID (3. Teil)'],
    [`waitAPI;abc;${'q'.repeat(101)}`, 'Frage-ID (3. Teil)'],
  ])('refuses %j with a message that says why', (value, message) => {
    const parsed = parseTrigger(value);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toContain(message);
  });

  it('formats what it parses, and parses what it formats', () => {
    const id = fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/);
    fc.assert(
      fc.property(fc.constantFrom(...TRIGGER_TYPES), id, id, (type, survey_id, question_id) => {
        const text = formatTrigger({ type, survey_id, question_id });
        expect(text).toBe(`${type};${survey_id};${question_id}`);
        expect(parseTrigger(text)).toEqual({ ok: true, trigger: { type, survey_id, question_id } });
      }),
    );
  });

  it('never throws on any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (value) => {
        const parsed = parseTrigger(value);
        if (parsed.ok) expect(formatTrigger(parsed.trigger)).toBe(value);
      }),
    );
  });

  it('create_trigger names the field of a malformed trigger', () => {
    const base = { dialog_manager_id: 3, survey_id: 'abc', unique_question_id: 'q1' };
    const bad = createTriggerRequest.safeParse({ ...base, trigger: 'teleport;abc;q' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({
      path: ['trigger'],
      message: expect.stringContaining('teleport'),
    });
    const good = createTriggerRequest.parse({ ...base, dialog_manager_id: '3', trigger: 'moveTo;x;y' });
    expect(good).toMatchObject({ dialog_manager_id: 3, init_survey: false });
    expect(createTriggerRequest.parse({ ...base, trigger: 'moveTo;x;y', init_survey: 1 }).init_survey).toBe(
      true,
    );
    expect(
      createTriggerRequest.safeParse({ ...base, trigger: 'moveTo;x;y', init_survey: 'ja' }).success,
    ).toBe(false);
    expect(
      createTriggerRequest.safeParse({ ...base, dialog_manager_id: 0, trigger: 'moveTo;x;y' }).success,
    ).toBe(false);
  });
});

describe('the timeout of a waitAPI trigger', () => {
  it('parses and formats seconds and the path to take', () => {
    const text = 'waitAPI;abc;q1;30;def;q2';
    const parsed = parseTrigger(text);
    expect(parsed).toEqual({
      ok: true,
      trigger: {
        type: 'waitAPI',
        survey_id: 'abc',
        question_id: 'q1',
        timeout: { seconds: 30, survey_id: 'def', question_id: 'q2' },
      },
    });
    if (parsed.ok) expect(formatTrigger(parsed.trigger)).toBe(text);
  });

  it.each([
    ['moveTo;abc;q1;30;def;q2', 'nur ein waitAPI-Trigger'],
    ['waitAPI;abc;q1;0;def;q2', 'Wartezeit (4. Teil)'],
    ['waitAPI;abc;q1;030;def;q2', 'Wartezeit (4. Teil)'],
    ['waitAPI;abc;q1;30;;q2', '5. Teil'],
    ['waitAPI;abc;q1;30;def;', '6. Teil'],
  ])('refuses %j', (value, message) => {
    const parsed = parseTrigger(value);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toContain(message);
  });
});
