// A value once it has rested: a day typed digit by digit passes through other whole days, and
// only the one the user stops at is worth asking the server about.
import { useEffect, useState } from 'react';

/** `value` once no field of it has changed for `ms` (compared field by field, so a new object of the same values is settled). */
export function useSettled<T extends object>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const same = (Object.keys(value) as Array<keyof T>).every((key) => value[key] === settled[key]);
  useEffect(() => {
    if (same) return;
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [same, value, ms]);
  return same ? value : settled;
}

/** How long the dashboard's and 'Ver uso''s filters rest before they are asked about. */
export const SETTLE_MS = 400;
