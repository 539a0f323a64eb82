import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../contract/errors.ts';
import { deletedExitVar, exitContent, respondentTexts } from './respondent-texts.ts';

describe('respondent texts', () => {
  it("follow the dialog's language, German by default", () => {
    expect(respondentTexts('en').send).toBe('Send');
    expect(respondentTexts('de').send).toBe('Senden');
    expect(respondentTexts('fr').send).toBe('Senden');
    expect(respondentTexts(undefined).send).toBe('Senden');
  });

  it('use the SPEC texts for the busy notice and an ended dialog', () => {
    expect(respondentTexts('de').busy).toBe(MESSAGES.serverBusy);
    expect(respondentTexts('de').dialogEnded).toBe(MESSAGES.dialogEnded);
  });

  it("name the deleted exit page 'deleted_' plus the language", () => {
    expect(deletedExitVar('de')).toBe('deleted_de');
    expect(deletedExitVar('en')).toBe('deleted_en');
    expect(deletedExitVar('')).toBe('deleted_de');
  });
});

describe('/exit/{var}', () => {
  it('deleted_de and deleted_en say the data was deleted, in that language', () => {
    expect(exitContent('deleted_de')).toMatchObject({ language: 'de', title: 'Ihre Daten wurden gelöscht' });
    expect(exitContent('deleted_en')).toMatchObject({ language: 'en', title: 'Your data has been deleted' });
  });

  it('other vars end the dialog politely in the language of their suffix, German without one', () => {
    expect(exitContent('finished_en')).toMatchObject({ language: 'en', title: 'The dialog has ended' });
    expect(exitContent('finished_de')).toMatchObject({ language: 'de', title: 'Der Dialog ist beendet' });
    expect(exitContent('irgendwas')).toMatchObject({ language: 'de', title: 'Der Dialog ist beendet' });
    expect(exitContent('deleted_fr')).toMatchObject({ language: 'de', title: 'Der Dialog ist beendet' });
    expect(exitContent('')).toMatchObject({ language: 'de' });
  });
});
