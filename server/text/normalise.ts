/**
 * The normalised form every text comparison of the chat and the training uses (label matching, option
 * labels typed by hand, the Q&A search, the classifier's tokens and duplicate examples), so case, umlauts
 * (ä = ae = a) and punctuation never matter.
 */

/**
 * Lower case, no diacritics, ß = ss, ae/oe/ue = a/o/u, only letters and digits (of any script: Cyrillic,
 * Arabic or Japanese answers are text too) separated by one space.
 */
export function normalizeKey(text: string): string {
  return text
    .toLowerCase()
    .replaceAll('ß', 'ss')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ae/g, 'a')
    .replace(/oe/g, 'o')
    .replace(/ue/g, 'u')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

// Function words that say nothing about what an answer is about.
const STOP_WORDS = new Set(
  (
    'der die das den dem des ein eine einer eines einem einen und oder aber auch ich du er sie es wir ihr ' +
    'mich mir dich dir ihn ihm uns euch ist sind war bin bist sein hat habe hast haben wird werden kann ' +
    'können mit von zu zum zur im in an am auf für aus bei nach über um wie was wer wo wann warum welche ' +
    'welcher welches nicht kein keine sehr viel viele vielen so noch nur mal schon denn dann da hier ja nein mein meine ' +
    'meinen meiner meines meinem dein deine deinen deiner deines deinem sein seine seinen seiner seines seinem ihre ihren ihrer ihres ihrem sich man the a an and or of to in on at for is are was be do does ' +
    'i you we it my your what how when why which who can will would should ' +
    // Verbs that carry no topic: 'Gibt es Parkplätze?' asks about parking, not about 'geben'.
    'gibt gibts geben gab geht gehen macht machen kommt kommen soll sollen muss müssen darf dürfen ' +
    'möchte möchten will wollen würde würden könnte könnten bitte etwas there get have has need want'
  )
    .split(' ')
    .map(normalizeKey),
);

/** Whether a normalised word is a function word (one that says nothing of what an answer is about). */
export const isFunctionWord = (word: string): boolean => STOP_WORDS.has(word);

/** The words of a text that say what it is about: normalised, without function words, each once. */
export function contentWords(text: string): string[] {
  const words = normalizeKey(text).split(' ');
  return [...new Set(words.filter((w) => w.length > 1 && !isFunctionWord(w)))];
}
