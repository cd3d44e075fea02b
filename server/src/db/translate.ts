// Registered on every SQLite connection by db/index.ts, so the SQL of containsText (paging.ts)
// runs the same on both databases.
const translations = new Map<string, { table: Map<string, string>; any: RegExp }>();

/** PostgreSQL's translate(text, from, to) for SQLite, which lacks it: each character of `from` becomes the one at its place in `to`, or goes when `to` is shorter. */
export function translate(text: string | null, from: string, to: string): string | null {
  if (text === null) return null;
  const key = `${from}\u0000${to}`;
  let translation = translations.get(key);
  if (!translation) {
    const target = [...to];
    const source = [...from];
    // The first place of a repeated character wins.
    const table = new Map(source.reverse().map((char, i) => [char, target[source.length - 1 - i] ?? '']));
    const any = new RegExp(`[${[...table.keys()].map((char) => `\\u{${char.codePointAt(0)!.toString(16)}}`).join('')}]`, 'u');
    translations.set(key, (translation = { table, any }));
  }
  if (!translation.any.test(text)) return text;
  let out = '';
  for (const char of text) out += translation.table.get(char) ?? char;
  return out;
}
