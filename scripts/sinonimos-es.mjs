// Turns LibreOffice's Spanish thesaurus (Debian's mythes-es) into the synonym table the QnA search
// reads: server/src/engine/kb/sinonimos-es.txt, every word normalised as the engine normalises text.
// Only one-word headwords and synonyms are kept (the search compares single stems) and senses are
// merged. The search takes synonymy both ways, so each pair of words is written once: a line is a
// word followed by its synonyms that sort after it. That keeps the table near half the size.
// Run: node scripts/sinonimos-es.mjs [path/to/th_es_ES_v2.dat]   (apt-get install mythes-es)
import fs from 'node:fs';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const source = process.argv[2] ?? '/usr/share/mythes/th_es_ES_v2.dat';
const target = path.join(root, 'server', 'src', 'engine', 'kb', 'sinonimos-es.txt');
const { normalize } = await tsImport('../server/src/engine/nlu/normalize.ts', import.meta.url);

const raw = fs.readFileSync(source);
// The file's first line names its encoding.
const encoding = raw.subarray(0, raw.indexOf(10)).toString('latin1').trim().toLowerCase();
const lines = new TextDecoder(encoding === 'utf-8' ? 'utf-8' : 'latin1').decode(raw).split('\n');

/** A thesaurus term as one normalised word, or undefined (several words, or none). */
function oneWord(term) {
  const word = normalize(term.replace(/\([^)]*\)/g, ' '));
  return word && !word.includes(' ') && !/\d/.test(word) ? word : undefined;
}

const groups = new Map();
for (let i = 1; i < lines.length; i++) {
  const [head, count] = lines[i].split('|');
  const senses = Number(count);
  if (!head || !Number.isInteger(senses)) continue;
  const headword = oneWord(head);
  for (let s = 1; s <= senses; s++) {
    if (!headword) continue;
    const synonyms = lines[i + s].split('|').slice(1).map(oneWord);
    const group = groups.get(headword) ?? new Set();
    for (const word of synonyms) if (word && word !== headword) group.add(word);
    groups.set(headword, group);
  }
  i += senses;
}

const byCode = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
const after = new Map();
for (const [head, group] of groups) {
  for (const word of group) {
    const [first, second] = [head, word].sort(byCode);
    if (!after.has(first)) after.set(first, new Set());
    after.get(first).add(second);
  }
}
const out = [...after.entries()]
  .sort(([a], [b]) => byCode(a, b))
  .map(([word, later]) => [word, ...[...later].sort(byCode)].join(' '))
  .join('\n');
fs.writeFileSync(target, `${out}\n`);
console.log(`${after.size} lines → ${path.relative(root, target)} (${(Buffer.byteLength(out) / 1e6).toFixed(2)} MB)`);
