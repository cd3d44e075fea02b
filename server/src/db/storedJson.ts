// Reading the JSON columns of skills, actions and requirements against their wire schemas, and
// naming what a save changed. Stored JSON may come from an import or an older shape, so a value
// that does not fit is left out rather than failing the whole answer.
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';

/** JSON text as an object (anything else, or unreadable text, as {}). */
export function parseObject(text: string | null | undefined): Record<string, unknown> {
  try {
    const value: unknown = text ? JSON.parse(text) : {};
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** JSON text as a list (anything else as []). */
export function parseList(text: string | null | undefined): unknown[] {
  try {
    const value: unknown = text ? JSON.parse(text) : [];
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

/** The entries of `stored` (of `keys`) that fit their wire schema in `props`; the caller's default takes the place of the others. */
export function fitting(props: Readonly<Record<string, TSchema>>, stored: Record<string, unknown>, keys: readonly string[] = Object.keys(props)): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (stored[key] !== undefined && props[key] && Value.Check(props[key], stored[key])) out[key] = stored[key];
  return out;
}

/** JSON with object keys sorted, so equal values compare equal whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/** The keys whose value differs from `before` to `after`, in the order of `keys`: names only, never a value. */
export function changedNames(before: Record<string, unknown>, after: Record<string, unknown>, keys: readonly string[]): string[] {
  return keys.filter((k) => canonical(before[k]) !== canonical(after[k]));
}
