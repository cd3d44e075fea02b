// The Spanish synonyms the QnA search reads: sinonimos-es.txt beside this file (made from
// LibreOffice's thesaurus by scripts/sinonimos-es.mjs; see SOURCE.md). Each line is a word and
// its synonyms that sort after it; synonymy counts both ways.
import fs from 'node:fs';

let table: Map<string, string[]> | undefined;

/** Every normalised word of the table with its synonyms, read once on first use. */
export function synonymTable(): ReadonlyMap<string, readonly string[]> {
  if (!table) table = parse(fs.readFileSync(new URL('./sinonimos-es.txt', import.meta.url), 'utf8'));
  return table;
}

/** The table of a text in the file's format. */
export function parse(text: string): Map<string, string[]> {
  const result = new Map<string, string[]>();
  const add = (a: string, b: string) => {
    const list = result.get(a);
    if (list) list.push(b);
    else result.set(a, [b]);
  };
  for (const line of text.split('\n')) {
    const words = line.split(' ');
    for (let i = 1; i < words.length; i++) {
      if (!words[0] || !words[i]) continue;
      add(words[0], words[i]);
      add(words[i], words[0]);
    }
  }
  return result;
}
