// The shared rules (common/schemas/skillRules.ts) as a react-hook-form resolver, and a
// server 400's field marked on the form: both sides show the same Spanish text at the same input.
import type { FieldErrors, FieldValues, Resolver, UseFormSetError, Path } from 'react-hook-form';
import type { Problem } from '../../../../common/schemas/skillRules';
import { HttpError } from '../../../api/HttpError';

/** Problems as react-hook-form's nested errors object ('buttons.0.title' → errors.buttons[0].title). */
export function problemsToErrors(problems: readonly Problem[]): Record<string, unknown> {
  const errors: Record<string, unknown> = {};
  for (const problem of problems) {
    const parts = problem.field.split('.');
    let node = errors as Record<string, unknown>;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        // The first problem of a field wins; a list's own problem sits beside its items' ones (root).
        const existing = node[part] as Record<string, unknown> | undefined;
        if (!existing) node[part] = { type: 'rule', message: problem.message };
        else if (!existing.message && !existing.root) existing.root = { type: 'rule', message: problem.message };
      } else {
        node[part] ??= {};
        node = node[part] as Record<string, unknown>;
      }
    });
  }
  return errors;
}

/**
 * A resolver running `validate` on the form's values; `prepare`, when given, turns them first into
 * what is checked and saved (a text typed but not yet added counts as added).
 */
export function rulesResolver<V extends FieldValues>(validate: (values: V) => readonly Problem[], prepare?: (values: V) => V): Resolver<V> {
  return async (values) => {
    const prepared = prepare ? prepare(values) : values;
    const problems = validate(prepared);
    return problems.length ? { values: {}, errors: problemsToErrors(problems) as FieldErrors<V> } : { values: prepared, errors: {} };
  };
}

/** The message of a rule at `path` in react-hook-form's errors (a list's own message is at `root`). */
export function errorAt(errors: unknown, path: string): string | undefined {
  const node = path.split('.').reduce<unknown>((n, part) => (n && typeof n === 'object' ? (n as Record<string, unknown>)[part] : undefined), errors) as
    | { message?: string; root?: { message?: string } }
    | undefined;
  return node?.message ?? node?.root?.message;
}

/** After a refused save: the server's field, when it names one, shows the message at its input. */
export function markServerError<V extends FieldValues>(error: unknown, setError: UseFormSetError<V>): void {
  if (error instanceof HttpError && error.status === 400 && error.field) {
    setError(error.field as Path<V>, { type: 'server', message: error.message }, { shouldFocus: true });
  }
}
