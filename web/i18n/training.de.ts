/** German strings of the training screen (issue 6). */
export const trainingDe = {
  blocks: 'Freitext-Blöcke',
  noBlocks: 'Dieser Dialog hat noch keinen Freitext-Block mit Zweigen. Legen Sie ihn unter „Bearbeiten“ an.',
  loadFailed: 'Die Trainingsdaten konnten nicht geladen werden.',
  branch: 'Zweig',
  noneLabel: 'keiner davon',
  jumpsTo: 'Springt zu: {{target}}',
  jumpNext: 'nächster Block',
  jumpEnd: 'Ende des Dialogs',
  /** Which services route this block's answers (RoutingBackendNote). */
  backend: {
    label: 'Zuordnung: {{backends}}.',
    model: 'lokales Modell',
    modelWithSynonyms: 'lokales Modell mit Wörterbuch und Synonymen',
    embeddings: 'Embeddings ({{model}})',
    llm: 'Sprachmodell bei Unsicherheit ({{model}})',
    local: 'Antworten verlassen den Server nicht.',
    sent: 'Antworten gehen dafür an den eingerichteten Dienst.',
  },
  examples: 'Beispiele',
  /** The classifier counts a branch's name besides its examples (server/training/classifier.ts). */
  labelsCount:
    'Auch der Name eines Zweigs zählt: Antworten, die ihn nennen, gehen eher dorthin. Namen, die sagen, worum es geht, helfen darum beim Zuordnen.',
  newExample: 'Neues Beispiel für „{{label}}“',
  newExampleHint: 'Eingabetaste fügt hinzu',
  add: 'Hinzufügen',
  edit: 'Beispiel bearbeiten',
  save: 'Speichern',
  cancel: 'Abbrechen',
  remove: 'Beispiel entfernen',
  moveTo: 'Verschieben nach',
  /** The counter chip: t('training.count', { count }) picks count_one / count_other. */
  count_one: '{{count}} Beispiel',
  count_other: '{{count}} Beispiele',
  hintMore: 'Mindestens 3 Beispiele angeben (noch {{missing}}).',
  hintOk: 'Gut ab 10 Beispielen (noch {{missing}}).',
  hintGood: 'Genug Beispiele.',
  hintNoneOptional:
    'Optional: Beispiele für Antworten, die zu keinem Zweig passen, etwa „weiß nicht“. Auch ohne sie gehen unsichere Antworten hierher.',
  duplicates: 'Gleiche oder fast gleiche Beispiele in mehreren Zweigen:',
  duplicate: '„{{text}}“ in {{branches}}',
  /** Many examples at once: pasted lines into a branch, a label,text CSV into the block. */
  pasteMany: 'Mehrere einfügen',
  pasteTitle: 'Mehrere Beispiele für „{{label}}“',
  importCsv: 'CSV importieren',
  importCsvTitle: 'Beispiele aus einer CSV-Datei',
  importLines: 'Ein Beispiel pro Zeile',
  importLinesHint: 'Leere Zeilen zählen nicht.',
  importCsvHint:
    'Eine CSV-Datei mit der Kopfzeile label,text (oder label;text): label ist der Name des Zweigs oder „keiner davon“, text das Beispiel.',
  importChooseFile: 'CSV-Datei wählen',
  importCheck: 'Prüfen',
  importAdd_one: '{{count}} Beispiel hinzufügen',
  importAdd_other: '{{count}} Beispiele hinzufügen',
  importSummary_one: '{{count}} Beispiel wird hinzugefügt, {{skipped}} übersprungen (schon vorhanden).',
  importSummary_other: '{{count}} Beispiele werden hinzugefügt, {{skipped}} übersprungen (schon vorhanden).',
  importDuplicate: 'Zeile {{line}}: „{{text}}“ gibt es in „{{branch}}“ schon: wird übersprungen.',
  importSimilar: 'Zeile {{line}}: „{{text}}“ ähnelt „{{like}}“ in „{{branch}}“: wird trotzdem hinzugefügt.',
  train: 'Trainieren',
  /** Beside the disabled button: why training cannot start (the server needs two branches with examples). */
  trainTooFew: 'Zum Trainieren braucht es Beispiele in mindestens zwei Zweigen („keiner davon“ zählt mit).',
  status: {
    needs_training: 'Training nötig',
    training: 'Training läuft',
    done: 'Trainiert',
    failed: 'Training fehlgeschlagen',
  },
  version: 'Modellversion {{version}}',
  accuracy: 'Genauigkeit',
  /** The accuracy in plain words (cross-validation: each example judged by a model without it). */
  rightOfAll:
    '{{right}} von {{all}} Beispielen richtig erkannt (jedes Beispiel wurde von einem Modell ohne dieses Beispiel eingeordnet)',
  /** Per branch what to do next: the branch its examples were most often taken for. */
  confusedWith: '„{{branch}}“ wird oft mit „{{other}}“ verwechselt:',
  /** The same when the examples were sent to 'keiner davon': the usual remedies. */
  confusedNone:
    '„{{branch}}“ geht oft zu „{{other}}“: mehr Beispiele angeben oder die Konfidenzschwelle senken.',
  showExamples_one: 'dieses Beispiel ansehen',
  showExamples_other: 'diese {{count}} Beispiele ansehen',
  hideExamples: 'Beispiele ausblenden',
  confusedExamples: 'Beispiele von „{{branch}}“, erkannt als „{{other}}“',
  nextSteps: 'Nächste Schritte',
  details: 'Details',
  precision: 'Präzision',
  recall: 'Trefferquote',
  confusion: 'Verwechslungsmatrix',
  confusionHint: 'Zeilen: erwarteter Zweig, Spalten: erkannter Zweig',
  expected: 'erwartet',
  predicted: 'erkannt',
  misrouted: 'Falsch zugeordnete Beispiele',
  noMisrouted: 'Keine Beispiele falsch zugeordnet.',
  /** Instead of the metrics when a branch had fewer than {{min}} examples: the figures say nothing. */
  tooFewToMeasure:
    'Zu wenige Beispiele, um die Genauigkeit zu messen: Dafür braucht jeder Zweig mit Beispielen mindestens {{min}} (zu wenige: {{branches}}). Das Modell ist trotzdem trainiert und wird im Chat verwendet.',
  threshold: 'Konfidenzschwelle',
  thresholdHint: 'Antworten unter dieser Sicherheit gehen zu „keiner davon“.',
  /** Under the slider while it moves: what this threshold does to the author's own examples. */
  thresholdEffect:
    'Mit dieser Schwelle: {{right}} von {{all}} Beispielen richtig, {{toNone}} zu „keiner davon“, {{misrouted}} falsch zugeordnet.',
  inbox: 'Posteingang',
  inboxHint: 'Unsichere und markierte Antworten: einem Zweig zuordnen oder verwerfen.',
  inboxEmpty: 'Keine Antworten im Posteingang.',
  flagged: 'markiert',
  unsure: 'unsicher ({{confidence}})',
  suggested: 'Vorschlag: {{branch}}',
  /** A flagged inbox entry: the branch the author chose when flagging it in the assessment chat. */
  flaggedChoice: 'Ihre Markierung: {{branch}}',
  /** The branch an inbox entry's answer took in the chat, how sure, what decided. */
  routedAs: 'Im Chat zugeordnet: {{branch}} ({{confidence}})',
  inboxOrder: 'Reihenfolge',
  orderNewest: 'Neueste zuerst',
  orderConfidence: 'Unsicherste zuerst',
  assignTo: 'Zuordnen zu {{branch}}',
  dismiss: 'Verwerfen',
  /** The assessment chat's chip under an answer flagged 'Falsch zugeordnet' with the expected branch. */
  flaggedAs: 'Zum Training markiert: {{branch}}',
  flagChange: 'Markierung ändern',
  errors: {
    add: 'Beispiel nicht hinzugefügt',
    update: 'Beispiel nicht geändert',
    delete: 'Beispiel nicht entfernt',
    train: 'Training nicht gestartet',
    threshold: 'Schwelle nicht gespeichert',
    assign: 'Antwort nicht zugeordnet',
    dismiss: 'Antwort nicht verworfen',
    import: 'Beispiele nicht importiert',
  },
};
