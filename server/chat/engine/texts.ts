import { LIKERT_NA_LABEL } from '../../../contract/blocks.ts';
import type { Address, NavBarFragments } from '../../../contract/chat.ts';
import type { Language } from '../../../contract/constants.ts';

/**
 * What the bot itself says (hints after a wrong answer, input placeholders) and the live top bar's
 * language fragments, in the dialog's language and, in German, its form of address (du_sie).
 */
export interface ChatTexts {
  chooseOption: string;
  chooseAtLeastOne: string;
  emptyAnswer: string;
  invalidEmail: string;
  notANumber: string;
  /** notANumber in a block of whole numbers: its example has no decimals the block would refuse. */
  notANumberWhole: string;
  notAnInteger: string;
  numberAtLeast: (min: string) => string;
  numberAtMost: (max: string) => string;
  numberBetween: (min: string, max: string) => string;
  invalidDate: string;
  dateFrom: (min: string) => string;
  dateUntil: (max: string) => string;
  dateBetween: (min: string, max: string) => string;
  qaEmpty: (next: string) => string;
  qaContinue: string;
  /** The skip button of an optional question without a label of its own. */
  skip: string;
  qaNoAnswer: string;
  placeholderText: string;
  placeholderNumber: string;
  placeholderEmail: string;
  placeholderDate: string;
  placeholderQuestion: string;
  /** The Likert 'no answer' option as shown; stored always as LIKERT_NA_LABEL, so Analyse counts it once. */
  likertNa: string;
  formatNumber: (n: number) => string;
  formatDate: (iso: string) => string;
}

const germanNumber = (n: number) => String(n).replace('.', ',');
const germanDate = (iso: string) => {
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y}`;
};

const SIE: ChatTexts = {
  chooseOption: 'Bitte wählen Sie eine der angebotenen Antworten aus.',
  chooseAtLeastOne: 'Bitte wählen Sie mindestens eine der angebotenen Antworten aus.',
  emptyAnswer: 'Bitte schreiben Sie eine Antwort.',
  invalidEmail:
    'Das sieht leider nicht nach einer gültigen E-Mail-Adresse aus. Bitte geben Sie sie in der Form name@beispiel.de ein.',
  notANumber: 'Bitte geben Sie eine Zahl ein, zum Beispiel 42 oder 3,5.',
  notANumberWhole: 'Bitte geben Sie eine Zahl ein, zum Beispiel 42.',
  notAnInteger: 'Bitte geben Sie eine ganze Zahl ohne Komma ein.',
  numberAtLeast: (min) => `Bitte geben Sie eine Zahl ab ${min} ein.`,
  numberAtMost: (max) => `Bitte geben Sie eine Zahl bis ${max} ein.`,
  numberBetween: (min, max) => `Bitte geben Sie eine Zahl zwischen ${min} und ${max} ein.`,
  invalidDate: 'Bitte geben Sie ein gültiges Datum in der Form TT.MM.JJJJ ein.',
  dateFrom: (min) => `Bitte wählen Sie ein Datum ab dem ${min}.`,
  dateUntil: (max) => `Bitte wählen Sie ein Datum bis zum ${max}.`,
  dateBetween: (min, max) => `Bitte wählen Sie ein Datum zwischen dem ${min} und dem ${max}.`,
  qaEmpty: (next) => `Bitte schreiben Sie Ihre Frage oder wählen Sie „${next}“.`,
  qaContinue: 'Weiter',
  skip: 'Überspringen',
  qaNoAnswer: 'Dazu habe ich leider keine Antwort.',
  placeholderText: 'Ihre Antwort …',
  placeholderNumber: 'Zahl eingeben …',
  placeholderEmail: 'name@beispiel.de',
  placeholderDate: 'TT.MM.JJJJ',
  placeholderQuestion: 'Ihre Frage …',
  likertNa: LIKERT_NA_LABEL,
  formatNumber: germanNumber,
  formatDate: germanDate,
};

const DU: ChatTexts = {
  ...SIE,
  chooseOption: 'Bitte wähle eine der angebotenen Antworten aus.',
  chooseAtLeastOne: 'Bitte wähle mindestens eine der angebotenen Antworten aus.',
  emptyAnswer: 'Bitte schreib eine Antwort.',
  invalidEmail:
    'Das sieht leider nicht nach einer gültigen E-Mail-Adresse aus. Bitte gib sie in der Form name@beispiel.de ein.',
  notANumber: 'Bitte gib eine Zahl ein, zum Beispiel 42 oder 3,5.',
  notANumberWhole: 'Bitte gib eine Zahl ein, zum Beispiel 42.',
  notAnInteger: 'Bitte gib eine ganze Zahl ohne Komma ein.',
  numberAtLeast: (min) => `Bitte gib eine Zahl ab ${min} ein.`,
  numberAtMost: (max) => `Bitte gib eine Zahl bis ${max} ein.`,
  numberBetween: (min, max) => `Bitte gib eine Zahl zwischen ${min} und ${max} ein.`,
  invalidDate: 'Bitte gib ein gültiges Datum in der Form TT.MM.JJJJ ein.',
  dateFrom: (min) => `Bitte wähle ein Datum ab dem ${min}.`,
  dateUntil: (max) => `Bitte wähle ein Datum bis zum ${max}.`,
  dateBetween: (min, max) => `Bitte wähle ein Datum zwischen dem ${min} und dem ${max}.`,
  qaEmpty: (next) => `Bitte schreib deine Frage oder wähle „${next}“.`,
  placeholderText: 'Deine Antwort …',
  placeholderQuestion: 'Deine Frage …',
};

const EN: ChatTexts = {
  chooseOption: 'Please choose one of the answers offered.',
  chooseAtLeastOne: 'Please choose at least one of the answers offered.',
  emptyAnswer: 'Please write an answer.',
  invalidEmail: 'That does not look like a valid e-mail address. Please enter it like name@example.com.',
  notANumber: 'Please enter a number, for example 42 or 3.5.',
  notANumberWhole: 'Please enter a number, for example 42.',
  notAnInteger: 'Please enter a whole number.',
  numberAtLeast: (min) => `Please enter a number of at least ${min}.`,
  numberAtMost: (max) => `Please enter a number of at most ${max}.`,
  numberBetween: (min, max) => `Please enter a number between ${min} and ${max}.`,
  invalidDate: 'Please enter a valid date as YYYY-MM-DD.',
  dateFrom: (min) => `Please choose a date on or after ${min}.`,
  dateUntil: (max) => `Please choose a date on or before ${max}.`,
  dateBetween: (min, max) => `Please choose a date between ${min} and ${max}.`,
  qaEmpty: (next) => `Please type your question or choose “${next}”.`,
  qaContinue: 'Continue',
  skip: 'Skip',
  qaNoAnswer: 'Sorry, I have no answer to that.',
  placeholderText: 'Your answer …',
  placeholderNumber: 'Enter a number …',
  placeholderEmail: 'name@example.com',
  placeholderDate: 'YYYY-MM-DD',
  placeholderQuestion: 'Your question …',
  likertNa: 'No answer',
  formatNumber: String,
  formatDate: (iso) => iso,
};

export function chatTexts(language: Language, address: Address): ChatTexts {
  if (language === 'en') return EN;
  return address === 'du' ? DU : SIE;
}

const FRAGMENTS_SIE: NavBarFragments = {
  restart: 'Neu starten',
  delete: 'Abbrechen',
  privacy: 'Datenschutz',
  restart_pop_up: {
    header: 'Dialog neu starten?',
    text: 'Möchten Sie den Dialog von vorn beginnen? Ihr bisheriger Verlauf wird auf diesem Gerät gelöscht.',
    btn_back: 'Zurück',
    btn_restart: 'Neu starten',
  },
  delete_pop_up: {
    header: 'Dialog abbrechen?',
    text: 'Möchten Sie den Dialog abbrechen? Alle Ihre Antworten in diesem Dialog werden gelöscht.',
    btn_back: 'Zurück',
    btn_delete: 'Abbrechen und löschen',
  },
};

const FRAGMENTS_DU: NavBarFragments = {
  ...FRAGMENTS_SIE,
  restart_pop_up: {
    ...FRAGMENTS_SIE.restart_pop_up,
    text: 'Möchtest du den Dialog von vorn beginnen? Dein bisheriger Verlauf wird auf diesem Gerät gelöscht.',
  },
  delete_pop_up: {
    ...FRAGMENTS_SIE.delete_pop_up,
    text: 'Möchtest du den Dialog abbrechen? Alle deine Antworten in diesem Dialog werden gelöscht.',
  },
};

const FRAGMENTS_EN: NavBarFragments = {
  restart: 'Restart',
  delete: 'Cancel',
  privacy: 'Privacy',
  restart_pop_up: {
    header: 'Restart the dialog?',
    text: 'Do you want to start the dialog over? Your chat history on this device will be cleared.',
    btn_back: 'Back',
    btn_restart: 'Restart',
  },
  delete_pop_up: {
    header: 'Cancel the dialog?',
    text: 'Do you want to cancel the dialog? All your answers in this dialog will be deleted.',
    btn_back: 'Back',
    btn_delete: 'Cancel and delete',
  },
};

export function navBarFragments(language: Language, address: Address): NavBarFragments {
  if (language === 'en') return FRAGMENTS_EN;
  return address === 'du' ? FRAGMENTS_DU : FRAGMENTS_SIE;
}
