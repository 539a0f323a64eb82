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

const germanCount = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');

const DE: RespondentTexts = {
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

/** German with 'du' (SPEC §3 du_sie): the texts above that address the respondent. */
const DE_DU: RespondentTexts = {
  ...DE,
  consentIntro: 'Damit der Dialog deine Antworten speichern kann, brauchen wir deine Zustimmung.',
  answerLabel: 'Deine Antwort',
  speakerYou: 'Du',
  withdrawPopup: {
    ...DE.withdrawPopup,
    text: 'Deine Antworten in diesem Dialog werden gelöscht und der Dialog beginnt erst wieder, wenn du erneut zustimmst.',
  },
  answerTooLong: `Deine Antwort ist zu lang. Bitte kürze sie auf höchstens ${germanCount(ANSWER_MAX_LENGTH)} Zeichen.`,
  answerRejected: 'Deine Antwort konnte nicht angenommen werden. Bitte prüfe sie und sende sie erneut.',
  answerFailed: 'Deine Antwort konnte nicht gesendet werden. Bitte versuche es erneut.',
  exit: {
    deletedTitle: 'Deine Daten wurden gelöscht',
    deleted: 'Deine Antworten in diesem Dialog wurden gelöscht. Du kannst das Fenster jetzt schließen.',
    endedTitle: DE.exit.endedTitle,
    ended: 'Vielen Dank! Du kannst das Fenster jetzt schließen.',
  },
  game: {
    ...DE.game,
    consentIntro: 'Damit das Spiel deine Antworten speichern kann, brauchen wir deine Zustimmung.',
    restartPopup: {
      ...DE.game.restartPopup,
      text: 'Dein bisheriger Spielverlauf wird gelöscht und das Spiel beginnt von vorn.',
    },
  },
};

const EN: RespondentTexts = {
  loading: 'Loading …',
  chatLabel: 'Chat history',
  restart: 'Restart',
  cancel: 'Cancel the dialog',
  info: 'Information',
  moreActions: 'More actions',
  reload: 'Reload',
  close: 'Close',
  errorTitle: 'Error',
  ok: 'OK',
  consentTitle: 'Before we start',
  consentIntro: 'We need your consent so that the dialog can store your answers.',
  consentPrivacyBefore: 'I have read the ',
  consentPrivacyLink: 'privacy policy',
  consentPrivacyAfter: ' and agree to it.',
  consentStorage:
    'I agree that my answers are stored and that the chat history stays on this device so I can continue later.',
  consentStart: 'Start the dialog',
  withdraw: 'Withdraw consent',
  withdrawPopup: {
    title: 'Withdraw consent?',
    text: 'Your answers in this dialog are deleted, and the dialog starts again only when you agree again.',
    cancelLabel: 'Back',
    confirmLabel: 'Withdraw and delete',
  },
  answerLabel: 'Your answer',
  answerTooLong: `Your answer is too long. Please shorten it to at most ${ANSWER_MAX_LENGTH.toLocaleString('en')} characters.`,
  answerRejected: 'Your answer could not be accepted. Please check it and send it again.',
  answerFailed: 'Your answer could not be sent. Please try again.',
  answerStale:
    'This question has already been answered or is no longer current. The history is being reloaded.',
  genericError: 'An error has occurred.',
  send: 'Send',
  progress: 'Progress',
  confirmChoice: 'Confirm selection',
  speakerYou: 'You',
  speakerBot: 'Chatbot',
  audio: 'Audio message',
  video: 'Video',
  typing: (name) => `${name || 'Someone'} is typing …`,
  sounds: 'Notification sounds',
  soundOn: 'Turn notification sounds on',
  soundOff: 'Turn notification sounds off',
  busy: 'Our messenger is exceptionally busy right now. It may take a moment until we have provided more resources. You can wait or try again later.',
  dialogEndedTitle: 'The dialog is no longer active.',
  dialogEnded: 'The dialog has already ended, so it is currently not possible to take part.',
  notFound: 'This dialog does not exist.',
  loadFailed: 'The dialog could not be loaded.',
  retry: 'Try again',
  finished: 'The dialog has ended.',
  redirect: {
    go: 'Continue',
    soon: (seconds) => `Continuing in ${seconds === 1 ? 'one second' : `${seconds} seconds`}.`,
    testOnly: 'The test chat does not redirect by itself.',
  },
  openLink: 'Open link',
  download: 'Download file',
  image: 'Image',
  privacyTitle: 'Privacy',
  privacyEmpty: 'No privacy policy of its own has been provided for this dialog.',
  privacyGeneral: 'General privacy policy',
  exit: {
    deletedTitle: 'Your data has been deleted',
    deleted: 'Your answers in this dialog have been deleted. You can close this window now.',
    endedTitle: 'The dialog has ended',
    ended: 'Thank you! You can close this window now.',
  },
  game: {
    waiting: 'Waiting for the next message …',
    finished: 'The game is over. Thanks for playing!',
    notFound: 'This game does not exist.',
    loadFailed: 'The game could not be loaded.',
    consentIntro: 'We need your consent so that the game can store your answers.',
    consentStart: 'Start the game',
    restart: 'Restart the game',
    restartPopup: {
      title: 'Restart the game?',
      text: 'Your progress so far is deleted and the game starts from the beginning.',
      cancelLabel: 'Back',
      confirmLabel: 'Restart',
    },
  },
};

const TEXTS: Record<Language, Record<Address, RespondentTexts>> = {
  de: { sie: DE, du: DE_DU },
  en: { sie: EN, du: EN },
};

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
  return TEXTS[isLanguage(language) ? language : DEFAULT_LANGUAGE][address ?? DEFAULT_ADDRESS];
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
