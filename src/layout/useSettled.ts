// A value once it has rested: a day typed digit by digit passes through other whole days, and
// only the one the user stops at is worth asking the server about.
import { useEffect, useState } from 'react';

/** `value` (plain data) once it has not changed for `ms`; until then, the last one that rested. */
export function useSettled<T>(value: T, ms: number): T {
  // Compared by content: a new object with the same fields is the same value, and other renders
  // of the screen do not start the wait again.
  const key = JSON.stringify(value);
  const [settled, setSettled] = useState(key);
  useEffect(() => {
    if (key === settled) return;
    const timer = setTimeout(() => setSettled(key), ms);
    return () => clearTimeout(timer);
  }, [key, settled, ms]);
  return key === settled ? value : (JSON.parse(settled) as T);
}

/** How long the dashboard's and 'Ver uso''s filters rest before they are asked about. */
export const SETTLE_MS = 400;
