import type { BlockSpec } from './chat-fixtures.ts';

/** Examples of a free-text block with the branches Preis and Service (and none), for training tests. */
export const PRICE_SERVICE_EXAMPLES: Record<string, string[]> = {
  Preis: [
    'Der Preis ist zu hoch',
    'Es ist viel zu teuer',
    'Die Kosten sind zu hoch',
    'zu teuer für mich',
    'Das Abo kostet zu viel Geld',
    'Die Preise sind unverschämt',
  ],
  Service: [
    'Der Kundenservice ist unfreundlich',
    'Niemand geht ans Telefon',
    'Die Hotline ist schlecht erreichbar',
    'Der Support antwortet nie',
    'Der Service war langsam',
    'Die Mitarbeiter waren unhöflich',
  ],
  none: ['Ich weiß nicht', 'keine Ahnung', 'Das Wetter ist schön', 'nichts', 'Hallo', 'egal'],
};

/**
 * A dialog whose free-text block 'q' routes to 'Zum Preis.', 'Zum Service.' or, for none of them,
 * 'Sonstiges.' (the examples above train it).
 */
export const PRICE_SERVICE_DIALOG: BlockSpec[] = [
  {
    id: 'q',
    type: 'open_text',
    context: 'Was stört Sie am meisten?',
    options: ['Preis', 'Service'],
    jump_to_ids: ['p', 's'],
    jump_to_question: 'n',
  },
  { id: 'p', type: 'message', context: 'Zum Preis.', jump_to_question: 'END' },
  { id: 's', type: 'message', context: 'Zum Service.', jump_to_question: 'END' },
  { id: 'n', type: 'message', context: 'Sonstiges.', jump_to_question: 'END' },
];
