import { describe, expect, it } from 'vitest';
import { NOT_CURRENT_QUESTION_MSG } from '../../contract/chat.ts';
import { MESSAGES } from '../../contract/errors.ts';
import { addressOf, deletedExitVar, exitContent, respondentTexts } from './respondent-texts.ts';
// Texts other than German with 'Sie' (a chunk of their own in the app).
import './respondent-texts-more.ts';

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

  it("address the respondent in the dialog's form of address (du_sie), 'Sie' unless known", () => {
    const du = respondentTexts('de', 'du');
    const sie = respondentTexts('de', 'sie');
    expect(respondentTexts('de')).toBe(sie);
    expect(du.consentIntro).toBe(
      'Damit der Dialog deine Antworten speichern kann, brauchen wir deine Zustimmung.',
    );
    expect(sie.consentIntro).toBe(
      'Damit der Dialog Ihre Antworten speichern kann, brauchen wir Ihre Zustimmung.',
    );
    expect(du.answerLabel).toBe('Deine Antwort');
    expect(sie.answerLabel).toBe('Ihre Antwort');
    expect(du.game.restartPopup.text).toMatch(/^Dein /);
    // No 'Sie' form is left in the du texts that speak to the respondent.
    const sieForms = /\b(Sie|Ihre?[nmrs]?)\b/;
    for (const text of [
      du.consentIntro,
      du.answerLabel,
      du.answerTooLong,
      du.answerRejected,
      du.answerFailed,
      du.exit.deletedTitle,
      du.exit.deleted,
      du.exit.ended,
      du.game.restartPopup.text,
    ]) {
      expect(text, text).not.toMatch(sieForms);
    }
    // English has one form.
    expect(respondentTexts('en', 'du')).toBe(respondentTexts('en', 'sie'));
  });

  it("say that an answer did not get through, and show the server's 409 and generic texts (SPEC §8)", () => {
    expect(respondentTexts('de').answerFailed).toBe(
      'Ihre Antwort konnte nicht gesendet werden. Bitte versuchen Sie es erneut.',
    );
    expect(respondentTexts('en').answerFailed).toBe('Your answer could not be sent. Please try again.');
    expect(respondentTexts('de').answerStale).toBe(NOT_CURRENT_QUESTION_MSG);
    expect(respondentTexts('de', 'du').answerStale).toBe(NOT_CURRENT_QUESTION_MSG);
    expect(respondentTexts('de').genericError).toBe(MESSAGES.genericError);
  });

  it("say plainly why an answer was refused, with the contract's limit", () => {
    expect(respondentTexts('de', 'sie').answerTooLong).toBe(
      'Ihre Antwort ist zu lang. Bitte kürzen Sie sie auf höchstens 5.000 Zeichen.',
    );
    expect(respondentTexts('de', 'du').answerTooLong).toBe(
      'Deine Antwort ist zu lang. Bitte kürze sie auf höchstens 5.000 Zeichen.',
    );
    expect(respondentTexts('en').answerTooLong).toBe(
      'Your answer is too long. Please shorten it to at most 5,000 characters.',
    );
    for (const texts of [respondentTexts('de', 'sie'), respondentTexts('de', 'du'), respondentTexts('en')]) {
      expect(texts.answerTooLong).not.toMatch(/answer:/);
      expect(texts.answerRejected).not.toMatch(/answer:/);
    }
  });

  it("take the form of address from get_survey_language's du_sie, else 'Sie'", () => {
    expect(addressOf('du')).toBe('du');
    expect(addressOf('sie')).toBe('sie');
    expect(addressOf(undefined)).toBe('sie');
    expect(addressOf('Du')).toBe('sie');
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

  it("speak in the form of address of the dialog left, 'Sie' when unknown", () => {
    expect(exitContent('deleted_de', 'du')).toEqual({
      language: 'de',
      title: 'Deine Daten wurden gelöscht',
      text: 'Deine Antworten in diesem Dialog wurden gelöscht. Du kannst das Fenster jetzt schließen.',
    });
    expect(exitContent('deleted_de', 'sie').text).toBe(
      'Ihre Antworten in diesem Dialog wurden gelöscht. Sie können das Fenster jetzt schließen.',
    );
    expect(exitContent('deleted_de', null).title).toBe('Ihre Daten wurden gelöscht');
    expect(exitContent('finished_de', 'du').text).toBe('Vielen Dank! Du kannst das Fenster jetzt schließen.');
    expect(exitContent('deleted_en', 'du').title).toBe('Your data has been deleted');
  });
});
