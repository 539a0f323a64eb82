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
