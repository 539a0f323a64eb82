import type { Translation } from './de.ts';

/** A dialog's quotas in its settings and their fill in Analyse (issue 22). */
export const quotasEn: Translation['quotas'] = {
  title: 'Quotas',
  intro:
    'Limits how many finished chats of a group count, e.g. “Women 18–29: 150”. A respondent whose answers put them in a full quota is led to the chosen end at once.',
  none: 'No quotas yet.',
  name: 'Name',
  limit: 'Limit',
  fill: '{{count}} / {{limit}}',
  full: 'full',
  conditions: 'Conditions (all must hold)',
  source: 'Question or hidden field',
  field: 'Field “{{name}}”',
  values: 'Values (comma-separated)',
  addCondition: 'Add condition',
  removeCondition: 'Remove condition',
  end: 'End when full',
  dialogEnding: "The dialog's ending",
  endLabel: 'End: {{end}}',
  unknownBlock: 'deleted question',
  add: 'Add quota',
  save: 'Save quota',
  cancel: 'Cancel',
  edit: 'Edit',
  remove: 'Remove',
  noSources: 'Quotas need a single or multiple choice question or a hidden field in the dialog.',
  failed: 'Quota: action failed',
  analyseIntro: 'Finished live chats per quota',
};
