import { describe, expect, it } from 'vitest';
import type { Member } from '../../../contract/sharing.ts';
import { de } from '../../i18n/de.ts';
import { en } from '../../i18n/en.ts';
import {
  inviteFormSchema,
  memberRowRules,
  panelLink,
  publicDialogLink,
  validationKey,
} from './share-rules.ts';

const errorsOf = (input: unknown) => {
  const result = inviteFormSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('invite form (SPEC §5)', () => {
  it('an empty e-mail: "Bitte gültige E-Mail angeben"', () => {
    expect(errorsOf({ email: '', role: 'full' }).email).toBe('Bitte gültige E-Mail angeben');
    expect(errorsOf({ email: '   ', role: 'full' }).email).toBe('Bitte gültige E-Mail angeben');
  });
  it('a malformed e-mail (not text@text.text): "Bitte gültige Email angeben"', () => {
    for (const email of ['anna', 'anna@', 'anna@example', '@example.org', 'anna@example.', 'a b@c.de']) {
      expect(errorsOf({ email, role: 'full' }).email, email).toBe('Bitte gültige Email angeben');
    }
  });
  it('no role: "Bitte eine Berechtigung auswählen"', () => {
    expect(errorsOf({ email: 'anna@example.org', role: '' }).role).toBe('Bitte eine Berechtigung auswählen');
    expect(errorsOf({ email: 'anna@example.org' }).role).toBe('Bitte eine Berechtigung auswählen');
  });
  it('a valid form is trimmed before sending', () => {
    const parsed = inviteFormSchema.parse({ email: '  anna@example.org ', role: 'analyse' });
    expect(parsed).toEqual({ email: 'anna@example.org', role: 'analyse' });
  });
  it('the owner role cannot be given', () => {
    expect(errorsOf({ email: 'anna@example.org', role: 'owner' }).role).toBeDefined();
  });
  it('maps the SPEC texts to their i18n keys, German letter for letter', () => {
    expect(validationKey('Bitte gültige E-Mail angeben')).toBe('emailRequired');
    expect(validationKey('Bitte gültige Email angeben')).toBe('emailInvalid');
    expect(validationKey('Bitte eine Berechtigung auswählen')).toBe('roleRequired');
    expect(validationKey('höchstens 254 Zeichen')).toBeNull();
    expect(validationKey(undefined)).toBeNull();
    expect(de.share.validation.emailRequired).toBe('Bitte gültige E-Mail angeben');
    expect(en.share.validation.emailRequired).not.toBe(de.share.validation.emailRequired);
  });
  it('German role labels (SPEC §6)', () => {
    expect(de.share.roles).toEqual({
      owner: 'Besitzer',
      full: 'Voller Zugriff',
      edit_train: 'Bearbeiten + Trainieren',
      train: 'Trainieren',
      analyse: 'Analysieren',
    });
  });
});

const member = (over: Partial<Member>): Member => ({
  name: 'anna@example.org',
  role: 'train',
  role_label: 'Trainieren',
  invite_accepted: 1,
  is_owner: false,
  is_current_user: false,
  first_name: 'Anna',
  last_name: 'A',
  ...over,
});

describe('member row rules (SPEC §4, §6)', () => {
  it('the owner is locked for everybody', () => {
    const rules = memberRowRules(member({ role: 'owner', is_owner: true }), 1);
    expect(rules).toMatchObject({ locked: true, canChangeRole: false, canRemove: false, canResend: false });
  });
  it("the current user's entry ('Du') is locked, even with sharing permission", () => {
    const rules = memberRowRules(member({ role: 'full', is_current_user: true }), 1);
    expect(rules).toMatchObject({ locked: true, canChangeRole: false, canRemove: false });
  });
  it('other members can be changed and removed only with sharing permission', () => {
    expect(memberRowRules(member({}), 1)).toMatchObject({
      locked: false,
      canChangeRole: true,
      canRemove: true,
    });
    expect(memberRowRules(member({}), 0)).toMatchObject({
      locked: false,
      canChangeRole: false,
      canRemove: false,
    });
  });
  it('pending members show the pending state; resend needs sharing permission', () => {
    expect(memberRowRules(member({ invite_accepted: 0 }), 1)).toMatchObject({
      pending: true,
      canResend: true,
    });
    expect(memberRowRules(member({ invite_accepted: 0 }), 0)).toMatchObject({
      pending: true,
      canResend: false,
    });
    expect(memberRowRules(member({}), 1)).toMatchObject({ pending: false, canResend: false });
  });
});

describe('links', () => {
  it('the public link is origin + /dialog/{survey_id}', () => {
    expect(publicDialogLink('https://dialoge.example.org/', 'abc')).toBe(
      'https://dialoge.example.org/dialog/abc',
    );
  });
});

describe('panel link (issue 22)', () => {
  it('adds a placeholder per hidden field, and nothing without fields', () => {
    const link = 'https://dw.example/dialog/abc';
    expect(panelLink(link, ['pid', 'src'])).toBe('https://dw.example/dialog/abc?pid={{pid}}&src={{src}}');
    expect(panelLink(link, [])).toBe(link);
  });
});
