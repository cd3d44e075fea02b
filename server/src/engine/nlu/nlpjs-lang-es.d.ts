// The part of @nlpjs/lang-es (plain CommonJS, no types of its own) that the NLU uses.
declare module '@nlpjs/lang-es' {
  /** Snowball's Spanish stemmer plus NLP.js's dictionary of irregular forms ('estoy' → 'estar'). */
  export class StemmerEs {
    stemWord(word: string): string;
  }
  export class NormalizerEs {
    /** NFD, combining marks removed, lowercase. */
    normalize(text: string): string;
  }
}
