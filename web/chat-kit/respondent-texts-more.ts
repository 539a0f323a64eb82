import { ANSWER_MAX_LENGTH } from '../../contract/constants.ts';
import { DE, germanCount, type RespondentTexts, registerRespondentTexts } from './respondent-texts.ts';

/**
 * The respondent texts beside the default (German, 'Sie'): German with 'du' and English. Importing this
 * module registers them (respondent-texts.ts loadRespondentTexts).
 */
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

registerRespondentTexts({
  de: { sie: DE, du: DE_DU },
  en: { sie: EN, du: EN },
});
