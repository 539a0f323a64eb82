import { MESSAGES } from '../../contract/errors.ts';
import { dashboardDe } from './dashboard.de.ts';
import { emailFlowsDe, invitationsDe, shareDe } from './team.de.ts';

/** Screens whose heading and page title are the same words. */
const SHARED_TITLES = {
  'E-Mail_Validation': 'E-Mail bestätigen',
  'E-Mail_Reset_Password': 'Passwort zurücksetzen',
  Account: 'Einstellungen',
  Admin: 'Administration',
  Protokoll: 'Protokoll',
  Share: 'Teilen',
  Analyse: 'Analyse',
  AnalyseMultiChat: 'Analyse',
  DialogManagers: 'Dialog-Manager',
  DialogManager: 'Dialog-Manager',
};

/**
 * German author UI strings (default language) of the app's frame, the login and the dashboard: the
 * entry carries these. SPEC §8 texts come from contract/errors.ts.
 */
export const deCore = {
  common: {
    close: 'Schließen',
    cancel: 'Abbrechen',
    retry: 'Erneut versuchen',
    loading: 'Wird geladen…',
    productName: 'Dialogwerk',
  },
  nav: {
    dashboard: 'Dashboard',
    toDashboard: 'Zum Dashboard',
    newDialog: 'Neuer Dialog',
    tatortGame: 'Tatort-Game',
    loadingName: 'loading...',
    breadcrumbs: 'Navigationspfad',
  },
  tabs: {
    label: 'Module',
    configurator: 'Bearbeiten',
    training: 'Trainieren',
    assess: 'Testen',
    share: 'Teilen',
    analyse: 'Analyse',
  },
  topBar: {
    restart: 'Neu starten',
    updateAnalysis: 'Analyse aktualisieren',
    live: 'Live',
    inactive: 'Inaktiv',
    team: 'Team',
    offline: {
      title: 'Dialog offline nehmen?',
      text: 'Solange der Dialog inaktiv ist, kann ihn niemand über den Link oder das Widget beginnen oder fortsetzen: Wer mitten im Chat ist, erfährt bei der nächsten Antwort, dass der Dialog beendet ist. Die gespeicherten Antworten bleiben erhalten; Sie können den Dialog jederzeit wieder live schalten.',
      confirm: 'Offline nehmen',
    },
  },
  preflight: {
    title: 'Vor dem Live-Schalten prüfen',
    errors: 'Diese Fehler verhindern das Live-Schalten. Beheben Sie sie über die Links:',
    warnings: 'Bitte prüfen Sie diese Hinweise. Sie können den Dialog trotzdem live schalten.',
    none: 'Keine Probleme gefunden: Der Dialog kann live geschaltet werden.',
    goLive: 'Trotzdem live schalten',
    goLiveNow: 'Live schalten',
    close: 'Schließen',
    check: 'Prüfen',
    error: 'Fehler',
    warning: 'Hinweis',
    info: 'Zur Kenntnis',
    loading: 'Prüfung läuft …',
    liveBanner: 'Live: Änderungen wirken sofort für neue Antworten',
  },
  userMenu: {
    open: 'Benutzermenü',
    /** The button's name starts with the initials it shows (WCAG 2.5.3: say what you see). */
    openWith: '{{initials}}, Benutzermenü',
    account: 'Einstellungen',
    help: 'Hilfe Center',
    privacy: 'Datenschutz',
    imprint: 'Impressum',
    terms: 'AGBs',
    admin: 'Admin',
    logout: 'Logout',
    login: 'Login',
    darkMode: 'Dunkles Design',
  },
  live: {
    restart: 'Neu starten',
    delete: 'Dialog abbrechen',
    info: 'Informationen',
    privacy: 'Datenschutz',
  },
  multichat: {
    loading: 'Spiel wird geladen…',
    notFound: 'Dieses Spiel gibt es nicht, es hat keine Dialoge oder Sie haben keinen Zugriff.',
    loadFailed: 'Das Spiel konnte nicht geladen werden.',
  },
  assess: {
    loading: 'Dialog wird geladen…',
    notFound: 'Diesen Dialog gibt es nicht oder Sie haben keinen Zugriff.',
    loadFailed: 'Der Dialog konnte nicht geladen werden.',
    flag: 'Falsch zugeordnet',
    flagTitle: 'Diese Antwort wurde falsch zugeordnet – welcher Zweig wäre richtig?',
    flagNoBranch: 'Ohne Angabe markieren',
    flagged: 'Zum Training markiert',
    /** Under a routed free-text answer, for the author: the branch it took, how sure, what decided. */
    routed: 'Zweig: {{branch}} · {{confidence}} % sicher · {{source}}',
    routedTitle: 'So wurde diese Antwort zugeordnet (nur für Sie sichtbar, nicht für Teilnehmende)',
    /** The language model's short reason, under its decision (Testen and the inbox). */
    reason: 'Begründung des Sprachmodells: {{reason}}',
    source: {
      model: 'trainiertes Modell',
      labels: 'Zweignamen',
      embeddings: 'Embeddings',
      llm: 'Sprachmodell',
    },
  },
  banner: {
    reload: 'Neu laden',
    close: 'Schließen',
  },
  errorDialog: {
    title: 'Fehler',
    ok: 'OK',
  },
  login: {
    title: 'Anmelden',
    refreshTitle: 'Erneut anmelden',
    refreshHint: 'Bitte melden Sie sich erneut an, um fortzufahren.',
    username: 'Benutzername',
    password: 'Passwort',
    submit: 'Anmelden',
  },
  magicLink: {
    title: 'Einladung',
    checking: 'Link wird geprüft…',
    intro: 'Legen Sie Ihr Konto an, um fortzufahren.',
    invitedBy: '{{name}} lädt Sie zum Dialog „{{dialog}}“ ein.',
    invitedRole: 'Ihre Rolle: {{role}}',
    email: 'E-Mail',
    username: 'Benutzername',
    firstName: 'Vorname',
    lastName: 'Nachname',
    password: 'Passwort (mindestens 10 Zeichen)',
    submit: 'Konto anlegen',
    accountExists: 'Für diese E-Mail-Adresse gibt es bereits ein Konto.',
    toLogin: 'Zur Anmeldung',
  },
  moduleAccess: {
    role: 'Ihre Rolle in diesem Dialog erlaubt diesen Bereich nicht. Wenden Sie sich an die Person, die den Dialog mit Ihnen teilt.',
    off: 'Dieser Bereich ist für diesen Dialog ausgeschaltet.',
  },
  guard: {
    verifying: 'Anmeldung wird geprüft…',
    unavailable: 'Der Server ist gerade nicht erreichbar.',
  },
  infoPage: {
    back: 'Zurück',
    error: 'Die Seite konnte nicht geladen werden. Bitte versuchen Sie es später erneut.',
  },
  screens: {
    Root: 'Dashboard',
    Dashboard: 'Dashboard',
    configurator: 'Bearbeiten',
    Intrance: 'Trainieren',
    Intrance_ai: 'Trainieren',
    Assess: 'Testen',
    Assess_live: 'Dialog',
    Dialog: 'Dialog',
    Dialog_exit: 'Dialog beendet',
    Multichat: 'Multi-Chat',
    Multichat_live: 'Multi-Chat',
    Multichat_flow: 'Flow',
    Multichat_aufderflucht: 'Auf der Flucht',
    Privacy: 'Datenschutz',
    ...SHARED_TITLES,
    Widget_Only: 'Widget',
  },
  /** Validation texts of the contract's schemas (contract/*.ts); web/i18n/validation.ts maps them. */
  validation: {
    empty: 'darf nicht leer sein',
    notText: 'muss ein Text sein',
    atMost: 'höchstens {{max}} Zeichen',
    atLeast: 'mindestens {{min}} Zeichen',
  },
  /**
   * Page titles ('… – Dialogwerk') by route name. The German ones are exactly those of contract/routes.ts,
   * which the server puts into the first page (i18n.test.ts checks); the app shows them in the UI language.
   */
  pageTitles: {
    Root: 'Dashboard',
    Dashboard: 'Dashboard',
    Login: 'Anmelden',
    Login_Refresh: 'Erneut anmelden',
    configurator: 'Bearbeiten',
    Intrance: 'Trainieren',
    Intrance_ai: 'Trainieren',
    Assess: 'Testen',
    Multichat: 'Multi-Chat',
    Impressum: 'Impressum',
    Impressum_tatort: 'Impressum Tatort-Game',
    BI: 'Barrierefreiheit',
    Datenschutz: 'Datenschutz',
    AGB: 'AGB',
    Magic_link: 'Einladung',
    ...SHARED_TITLES,
  },
  messages: MESSAGES,
  dashboard: dashboardDe,
  share: shareDe,
  invitations: invitationsDe,
  emailFlows: emailFlowsDe,
  // The dashboard's button to the dialog managers; their screen's texts are in managers.de.ts.
  managers: { open: 'Dialog-Manager' },
};
