// The package ships plain CommonJS without types.
declare module 'snowball-stemmers' {
  export interface SnowballStemmer {
    stem(word: string): string;
  }
  export function newStemmer(language: string): SnowballStemmer;
  export function algorithms(): string[];
}
