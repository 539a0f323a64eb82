/** Small example sets of the classifier's tests: three German branches and 'keiner davon', three English. */
import type { Example } from '../training/classifier.ts';

export const branches = (sets: Record<string, string[]>): Example[] =>
  Object.entries(sets).flatMap(([label, texts]) => texts.map((text) => ({ label, text })));

export const german = branches({
  Preis: [
    'Das ist mir zu teuer',
    'Der Preis ist viel zu hoch',
    'Die Kosten sind zu hoch',
    'Zu teuer für das, was man bekommt',
    'Die Gebühren steigen jedes Jahr',
    'Ich zahle zu viel im Monat',
  ],
  Service: [
    'Der Kundenservice hat nie geantwortet',
    'Niemand an der Hotline konnte mir helfen',
    'Die Mitarbeiter waren unfreundlich',
    'Ich habe wochenlang auf eine Antwort gewartet',
    'Der Support ist schlecht erreichbar',
    'Beschwerden werden ignoriert',
  ],
  Umzug: [
    'Ich ziehe ins Ausland',
    'Wir sind umgezogen und dort gibt es das nicht',
    'Umzug nach München',
    'Ich wohne jetzt in Österreich',
    'Nach dem Umzug brauche ich den Vertrag nicht mehr',
    'Ich ziehe zu meiner Freundin nach Köln',
  ],
  'keiner davon': [
    'Keine Ahnung',
    'Weiß nicht',
    'Sage ich nicht',
    'Egal',
    'Kein Kommentar',
    'Möchte ich nicht beantworten',
  ],
});

export const english = branches({
  price: [
    'It is too expensive',
    'The price is far too high',
    'Costs went up again',
    'I pay too much every month',
    'Cheaper offers exist elsewhere',
  ],
  service: [
    'Customer service never answered',
    'Nobody on the hotline could help me',
    'The staff were rude',
    'Support is hard to reach',
    'I waited weeks for a reply',
  ],
  moving: [
    'I am moving abroad',
    'We moved to another city',
    'Relocating to Canada next month',
    'I live in another country now',
    'After the move I do not need it',
  ],
});
