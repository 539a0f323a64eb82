/**
 * Common German chat abbreviations and colloquial short forms, spelled out so they meet the words
 * authors write in their examples ('vllt' is 'vielleicht', 'k.a.' is 'keine ahnung'). General usage of
 * chats and e-mail, not words of any data set. Keys and words are normalised (normalizeKey): 'z.B.'
 * arrives as the tokens 'z' 'b'.
 */

const GERMAN = new Map<string, string>(
  Object.entries({
    bzw: 'beziehungsweise',
    'z b': 'zum beispiel',
    zb: 'zum beispiel',
    bspw: 'beispielsweise',
    'k a': 'keine ahnung',
    ka: 'keine ahnung',
    kp: 'keine ahnung',
    vllt: 'vielleicht',
    vlt: 'vielleicht',
    evtl: 'eventuell',
    ggf: 'gegebenenfalls',
    usw: 'und so weiter',
    etc: 'und so weiter',
    'd h': 'das heisst',
    dh: 'das heisst',
    'u a': 'unter anderem',
    ua: 'unter anderem',
    mfg: 'mit freundlichen grussen',
    lg: 'liebe grusse',
    mmn: 'meiner meinung nach',
    nix: 'nichts',
    nich: 'nicht',
    hab: 'habe',
    gibts: 'gibt es',
    gehts: 'geht es',
    wg: 'wegen',
    wgn: 'wegen',
    bissl: 'bisschen',
    bissel: 'bisschen',
  }),
);

/** The tokens with German abbreviations spelled out (two one-letter tokens such as 'z' 'b' as one). */
export function expandAbbreviations(words: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const pair = i + 1 < words.length ? `${words[i]} ${words[i + 1]}` : '';
    const long = GERMAN.get(pair);
    if (long && words[i]!.length === 1) {
      out.push(...long.split(' '));
      i++;
      continue;
    }
    const one = GERMAN.get(words[i]!);
    out.push(...(one ? one.split(' ') : [words[i]!]));
  }
  return out;
}
