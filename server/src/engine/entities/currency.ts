// Amounts with their currency: 'S/ 150', '150 soles', '20 dólares', 'USD 35,90', '€ 20', 'veinte
// euros' → '150.00 PEN', '20.00 USD', '35.90 USD', '20.00 EUR'. Built on the numbers already found.
import type { NumberSpan } from './numbers';
import type { Found } from './text';

// '$' alone is read as dollars (US): in Peru, where the console is used, that is what it means.
const BEFORE: ReadonlyArray<readonly [RegExp, string]> = [
  [/(?<![\p{L}\p{N}])(?:s\/\.?|pen|soles)\s*$/u, 'PEN'],
  [/(?:(?<![\p{L}\p{N}])(?:us\$|u\$s|usd|dolares)|(?<![\p{L}\p{N}$])\$)\s*$/u, 'USD'],
  [/(?:(?<![\p{L}\p{N}])(?:eur|euros)|€)\s*$/u, 'EUR'],
];
const AFTER: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\s*(?:(?:nuevos\s+)?soles|sol|pen)(?![\p{L}\p{N}])/u, 'PEN'],
  [/^\s*(?:(?:dolares|dolar)(?:\s+(?:americanos|estadounidenses))?|usd|us\$|\$)(?![\p{L}\p{N}])/u, 'USD'],
  [/^\s*(?:euros?|eur|€)(?![\p{L}\p{N}])/u, 'EUR'],
];

export function findAmounts(text: string, numbers: readonly NumberSpan[]): Found[] {
  const found: Found[] = [];
  for (const n of numbers) {
    if (n.value < 0) continue;
    const head = text.slice(0, n.start);
    const tail = text.slice(n.end);
    const before = BEFORE.find(([re]) => re.test(head));
    const after = AFTER.find(([re]) => re.test(tail));
    if (!before && !after) continue;
    const [re, code] = after ?? before!;
    const start = after ? n.start : n.start - re.exec(head)![0].length;
    const end = after ? n.end + re.exec(tail)![0].length : n.end;
    found.push({ id: 'currency', value: `${n.value.toFixed(2)} ${code}`, start, end });
  }
  return found;
}
