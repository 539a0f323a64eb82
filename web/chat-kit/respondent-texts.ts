import {
  ANSWER_MAX_LENGTH,
  DEFAULT_LANGUAGE,
  type Language,
  SUPPORTED_LANGUAGES,
} from '../../contract/constants.ts';
import type { DU_SIE } from '../../contract/dialogs.ts';
import { ERROR_TITLES, MESSAGES } from '../../contract/errors.ts';

/** The dialog's form of address (setting du_sie); German only, English has one form. */
export type Address = (typeof DU_SIE)[number];
export const DEFAULT_ADDRESS: Address = 'sie';

/**
 * What the respondent screens say themselves, in the dialog's language (get_survey_language). The top
 * bar's texts come from the server's language fragments; these complete them for the chat, the consent,
 * the exit and the privacy page. Respondent screens do not load i18next (it is the author UI's).
 */
export interface RespondentTexts {
  loading: string;
  chatLabel: string;
  restart: string;
  cancel: string;
  info: string;
  /** The narrow header's menu of the actions that do not fit beside the name. */
  moreActions: string;
  reload: string;
  close: string;
  errorTitle: string;
  ok: string;
  consentTitle: string;
  consentIntro: string;
  consentPrivacyBefore: string;
  consentPrivacyLink: string;
  consentPrivacyAfter: string;
  consentStorage: string;
  consentStart: string;
  withdraw: string;
  /** Asked before withdrawing consent, which deletes the respondent's answers in the dialog. */
  withdrawPopup: { title: string; text: string; cancelLabel: string; confirmLabel: string };
  answerLabel: string;
  /** The server refused a typed answer longer than ANSWER_MAX_LENGTH (it stays in the input). */
  answerTooLong: string;
  /** The server refused an answer for another reason (it stays in the input). */
  answerRejected: string;
  /** The answer did not reach the server (no connection); it stays in the input. */
  answerFailed: string;
  /** 409: the question was answered elsewhere (another tab); shown once the history is reloaded. */
  answerStale: string;
  /** SPEC §8's generic display of a failure without a case of its own, followed by the status. */
  genericError: string;
  send: string;
  /** The progress indicator's name (the dialog setting progress). */
  progress: string;
  confirmChoice: string;
  /** Screen readers' speaker label of the respondent's bubbles ('Sie', 'Du', 'You'). */
  speakerYou: string;
  /** Screen readers' speaker label of bot bubbles whose avatar has no name. */
  speakerBot: string;
  /** Names of audio and video messages (with the file's name where it says something). */
  audio: string;
  video: string;
  /** The typing indicator's label; name '': the writer is not known. */
  typing: (name: string) => string;
  sounds: string;
  soundOn: string;
  soundOff: string;
  busy: string;
  /** The error popup's title for an ended dialog (titles of web/state/error.ts isDialogEndedTitle). */
  dialogEndedTitle: string;
  dialogEnded: string;
  notFound: string;
  loadFailed: string;
  retry: string;
  finished: string;
  /** An end that redirects (issue 22): the button, the countdown, and the test chat's note. */
  redirect: { go: string; soon: (seconds: number) => string; testOnly: string };
  openLink: string;
  download: string;
  image: string;
  privacyTitle: string;
  privacyEmpty: string;
  privacyGeneral: string;
  exit: { deletedTitle: string; deleted: string; endedTitle: string; ended: string };
  /** Multi-dialog chats (games). */
  game: {
    waiting: string;
    finished: string;
    notFound: string;
    loadFailed: string;
    /** The consent before a game: it is the game that stores the answers, and the game that starts. */
    consentIntro: string;
    consentStart: string;
    restart: string;
    restartPopup: { title: string; text: string; cancelLabel: string; confirmLabel: string };
  };
}

export const germanCount = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');

export const DE: RespondentTexts = {
  loading: 'Wird geladen …',
  chatLabel: 'Chatverlauf',
  restart: 'Neu starten',
  cancel: 'Dialog abbrechen',
  info: 'Informationen',
  moreActions: 'Weitere Aktionen',
  reload: 'Neu laden',
  close: 'Schließen',
  errorTitle: 'Fehler',
  ok: 'OK',
  consentTitle: 'Bevor es losgeht',
  consentIntro: 'Damit der Dialog Ihre Antworten speichern kann, brauchen wir Ihre Zustimmung.',
  consentPrivacyBefore: 'Ich habe die ',
  consentPrivacyLink: 'Datenschutzerklärung',
  consentPrivacyAfter: ' gelesen und stimme ihr zu.',
  consentStorage:
    'Ich bin einverstanden, dass meine Antworten gespeichert werden und der Chatverlauf auf diesem Gerät bleibt, damit ich später weitermachen kann.',
  consentStart: 'Dialog starten',
  withdraw: 'Einwilligung widerrufen',
  withdrawPopup: {
    title: 'Einwilligung widerrufen?',
    text: 'Ihre Antworten in diesem Dialog werden gelöscht und der Dialog beginnt erst wieder, wenn Sie erneut zustimmen.',
    cancelLabel: 'Zurück',
    confirmLabel: 'Widerrufen und löschen',
  },
  answerLabel: 'Ihre Antwort',
  answerTooLong: `Ihre Antwort ist zu lang. Bitte kürzen Sie sie auf höchstens ${germanCount(ANSWER_MAX_LENGTH)} Zeichen.`,
  answerRejected:
    'Ihre Antwort konnte nicht angenommen werden. Bitte prüfen Sie sie und senden Sie sie erneut.',
  answerFailed: 'Ihre Antwort konnte nicht gesendet werden. Bitte versuchen Sie es erneut.',
  // The server's NOT_CURRENT_QUESTION_MSG (contract/chat.ts brings zod, which this bundle leaves out).
  answerStale:
    'Diese Frage wurde bereits beantwortet oder ist nicht mehr aktuell. Der Verlauf wird neu geladen.',
  genericError: MESSAGES.genericError,
  send: 'Senden',
  progress: 'Fortschritt',
  confirmChoice: 'Auswahl bestätigen',
  speakerYou: 'Sie',
  speakerBot: 'Chatbot',
  audio: 'Audionachricht',
  video: 'Video',
  typing: (name) => `${name || 'Jemand'} schreibt …`,
  sounds: 'Benachrichtigungstöne',
  soundOn: 'Benachrichtigungstöne einschalten',
  soundOff: 'Benachrichtigungstöne ausschalten',
  busy: MESSAGES.serverBusy,
  dialogEndedTitle: ERROR_TITLES.dialogInactive,
  dialogEnded: MESSAGES.dialogEnded,
  notFound: 'Diesen Dialog gibt es nicht.',
  loadFailed: 'Der Dialog konnte nicht geladen werden.',
  retry: 'Erneut versuchen',
  finished: 'Der Dialog ist beendet.',
  redirect: {
    go: 'Weiter',
    soon: (seconds) => `Weiter geht es in ${seconds === 1 ? 'einer Sekunde' : `${seconds} Sekunden`}.`,
    testOnly: 'Im Testchat wird nicht automatisch weitergeleitet.',
  },
  openLink: 'Link öffnen',
  download: 'Datei herunterladen',
  image: 'Bild',
  privacyTitle: 'Datenschutz',
  privacyEmpty: 'Für diesen Dialog wurde keine eigene Datenschutzerklärung hinterlegt.',
  privacyGeneral: 'Allgemeine Datenschutzerklärung',
  exit: {
    deletedTitle: 'Ihre Daten wurden gelöscht',
    deleted: 'Ihre Antworten in diesem Dialog wurden gelöscht. Sie können das Fenster jetzt schließen.',
    endedTitle: 'Der Dialog ist beendet',
    ended: 'Vielen Dank! Sie können das Fenster jetzt schließen.',
  },
  game: {
    waiting: 'Warte auf die nächste Nachricht …',
    finished: 'Das Spiel ist zu Ende. Danke fürs Mitspielen!',
    notFound: 'Dieses Spiel gibt es nicht.',
    loadFailed: 'Das Spiel konnte nicht geladen werden.',
    consentIntro: 'Damit das Spiel Ihre Antworten speichern kann, brauchen wir Ihre Zustimmung.',
    consentStart: 'Spiel starten',
    restart: 'Spiel neu starten',
    restartPopup: {
      title: 'Spiel neu starten?',
      text: 'Ihr bisheriger Spielverlauf wird gelöscht und das Spiel beginnt von vorn.',
      cancelLabel: 'Zurück',
      confirmLabel: 'Neu starten',
    },
  },
};

/**
 * The texts of every language and form of address, once respondent-texts-more.ts is loaded (it registers
 * them); until then the default's (German, 'Sie'). Most respondents read those, so the others are a chunk
 * of their own: the respondent entry's first paint does not carry them (issue 23's budget).
 */
export type TextTable = Record<Language, Record<Address, RespondentTexts>>;
let table: TextTable | null = null;

export function registerRespondentTexts(texts: TextTable): void {
  table = texts;
}

/** Whether the texts of this language and form of address are at hand (the default's always are). */
export function hasRespondentTexts(language: string, address: Address): boolean {
  const other = (isLanguage(language) && language !== DEFAULT_LANGUAGE) || address !== DEFAULT_ADDRESS;
  return !other || table !== null;
}

export function isLanguage(value: unknown): value is Language {
  return (SUPPORTED_LANGUAGES as readonly unknown[]).includes(value);
}

export function isAddress(value: unknown): value is Address {
  return value === 'du' || value === 'sie';
}

/** The respondent texts in the dialog's language and, in German, its form of address ('Sie' unless known). */
export function respondentTexts(
  language: string | null | undefined,
  address?: Address | null,
): RespondentTexts {
  return table?.[isLanguage(language) ? language : DEFAULT_LANGUAGE][address ?? DEFAULT_ADDRESS] ?? DE;
}

/** The dialog's form of address from get_survey_language's du_sie; anything else (not loaded yet) is 'Sie'. */
export const addressOf = (value: unknown): Address => (value === 'du' ? 'du' : 'sie');

/** The exit page deleted-dialog variable: 'deleted_' plus the dialog's language (SPEC §4). */
export const deletedExitVar = (language: string) =>
  `deleted_${isLanguage(language) ? language : DEFAULT_LANGUAGE}`;

/**
 * What /exit/{var} shows: 'deleted_de' / 'deleted_en' the deleted-data text in that language; any other
 * var ends the dialog politely, in the language of its _de / _en suffix (German without one). address:
 * the form of address of the dialog just left (remembered before leaving, exit-address.ts), else 'Sie'.
 */
export function exitContent(
  exitVar: string,
  address?: Address | null,
): { language: Language; title: string; text: string } {
  const match = /^(.*)_([a-z]{2})$/.exec(exitVar);
  const language = match && isLanguage(match[2]) ? match[2] : DEFAULT_LANGUAGE;
  const texts = respondentTexts(language, address).exit;
  return match?.[1] === 'deleted' && isLanguage(match[2])
    ? { language, title: texts.deletedTitle, text: texts.deleted }
    : { language, title: texts.endedTitle, text: texts.ended };
}
