import { VERSION_MODE_LABELS } from '../../contract/labels.ts';

/** German strings of a dialog's versions (issue 21): mode, publish, history, diff, restore. */
export const versionsDe = {
  mode: {
    title: 'Arbeitsweise',
    intro:
      'Wie Änderungen die Teilnehmenden erreichen. Laufende Chats bleiben immer auf der Version, mit der sie begonnen haben.',
    current: 'Arbeitsweise: {{mode}} (in den Einstellungen)',
    labels: VERSION_MODE_LABELS,
    help: {
      direct:
        'Jede gespeicherte Änderung gilt für Chats, die danach beginnen. Laufende Chats bleiben auf ihrer Version.',
      publish:
        'Sie bearbeiten einen Entwurf. Neue Chats erhalten die zuletzt veröffentlichte Version, bis Sie „Veröffentlichen“ klicken.',
    },
    failed: 'Die Arbeitsweise konnte nicht geändert werden',
  },
  status: {
    live: 'Live: Version {{number}}',
    noneYet: 'Noch keine Version',
    draftDiffers: 'Entwurf geändert',
    draftSame: 'Entwurf = live',
    label: 'Versionsstand',
  },
  banner: {
    publish: 'Live: Ihre Änderungen sind ein Entwurf und erreichen Teilnehmende erst nach „Veröffentlichen“.',
    running_one: 'Ein laufender Chat bleibt auf seiner Version.',
    running_other: '{{count}} laufende Chats bleiben auf ihrer Version.',
  },
  publish: {
    button: 'Veröffentlichen',
    title: 'Entwurf veröffentlichen',
    text: 'Neue Chats erhalten ab jetzt diesen Stand. Laufende Chats bleiben auf ihrer Version.',
    note: 'Notiz (optional)',
    noteHelp: 'z. B. was sich geändert hat',
    noteTooLong: 'höchstens {{max}} Zeichen',
    submit: 'Veröffentlichen',
    done: 'Version {{number}} ist veröffentlicht.',
    failed: 'Veröffentlichen ist fehlgeschlagen',
    nothing: 'Der Entwurf entspricht der veröffentlichten Version.',
  },
  panel: {
    title: 'Versionen',
    empty:
      'Noch keine Versionen: Eine Version entsteht, sobald jemand den Dialog beginnt oder Sie veröffentlichen.',
    loadFailed: 'Die Versionen konnten nicht geladen werden.',
    version: 'Version {{number}}',
    liveMarker: 'Live',
    published: 'veröffentlicht',
    chats_one: '1 Chat',
    chats_other: '{{count}} Chats',
    testChats_one: '1 Testchat',
    testChats_other: '{{count}} Testchats',
    unknownAuthor: 'unbekannt',
    compare: 'Vergleichen',
    compareWith: 'Version {{number}} vergleichen',
    restore: 'Wiederherstellen',
    restoreOne: 'Version {{number}} wiederherstellen',
  },
  restore: {
    title: 'Version {{number}} wiederherstellen?',
    textPublish:
      'Der Entwurf wird durch Version {{number}} ersetzt. Teilnehmende erhalten ihn erst nach „Veröffentlichen“. Im Verlauf können Sie das rückgängig machen.',
    textDirect:
      'Der Dialog wird auf Version {{number}} zurückgesetzt; neue Chats erhalten ab jetzt diesen Stand. Im Verlauf können Sie das rückgängig machen.',
    confirm: 'Wiederherstellen',
    done: 'Version {{number}} wurde wiederhergestellt.',
  },
  diff: {
    title: 'Versionen vergleichen',
    from: 'Von',
    to: 'Nach',
    draft: 'Entwurf (aktueller Stand)',
    same: 'Keine Unterschiede.',
    loading: 'Unterschiede werden ermittelt…',
    failed: 'Der Vergleich konnte nicht geladen werden.',
    pickTwo: 'Wählen Sie zwei verschiedene Stände.',
    added: 'Hinzugefügte Blöcke',
    removed: 'Entfernte Blöcke',
    moved: 'Verschobene Blöcke',
    changed: 'Geänderte Blöcke',
    settings: 'Einstellungen',
    blockAt: 'Nr. {{position}}',
    movedFromTo: 'von Nr. {{from}} nach Nr. {{to}}',
    before: 'vorher',
    after: 'nachher',
    yes: 'ja',
    no: 'nein',
    empty: '(leer)',
    fields: {
      routing_model: 'Zuordnungsmodell',
      gpt_exit_conditions: 'Abbruchbedingungen',
      jump_to_ids: 'Sprünge',
      jump_to_reactions: 'Reaktionen',
      qa_pairs: 'Fragen & Antworten',
    },
  },
  history: {
    detail: 'Version {{number}}',
  },
  test: {
    label: 'Testen mit',
    draft: 'Entwurf',
    published: 'Veröffentlichte Version',
    help: 'Wechseln beginnt einen neuen Testchat.',
  },
  analyse: {
    filter: 'Version',
    all: 'Alle Versionen',
    one: 'Version {{number}}',
    wordings: 'Wortlaut geändert',
    wordingsTitle: 'Dieser Block hatte mehrere Wortlaute',
    wordingVersions_one: 'Version {{list}}',
    wordingVersions_other: 'Versionen {{list}}',
  },
};
