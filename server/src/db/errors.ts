// Outcomes of a write that the database decides: constraint violations of either dialect (so a
// race the checks did not catch becomes a clear answer, not a 500) and a stale version.
export type ConstraintKind = 'unique' | 'foreignKey';

export function constraintViolation(error: unknown): ConstraintKind | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505') return 'unique';
  if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503') return 'foreignKey';
  return undefined;
}

/** The answer to a save whose `version` is no longer the stored one (optimistic locking). */
export const STALE_VERSION = 'Otro usuario modificó este registro; recargue para ver los cambios';
