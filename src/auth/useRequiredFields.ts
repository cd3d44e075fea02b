// Form state for the public pages: every field is required and says so in Spanish.
import { useState, type ChangeEvent } from 'react';

export const REQUIRED_TEXT = 'Campo requerido';

export function useRequiredFields<K extends string>(names: readonly K[]) {
  const [values, setValues] = useState(() => Object.fromEntries(names.map((name) => [name, ''])) as Record<K, string>);
  const [missing, setMissing] = useState<ReadonlySet<K>>(new Set());

  const field = (name: K) => ({
    name,
    value: values[name],
    required: true,
    fullWidth: true,
    margin: 'normal' as const,
    error: missing.has(name),
    helperText: missing.has(name) ? REQUIRED_TEXT : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.target.value;
      setValues((previous) => ({ ...previous, [name]: value }));
    },
  });

  /** Marks the empty fields; true when none is. */
  const validate = (): boolean => {
    const empty = new Set(names.filter((name) => !values[name].trim()));
    setMissing(empty);
    return empty.size === 0;
  };

  return { values, field, validate };
}
