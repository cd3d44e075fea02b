// The one error type routes throw: a status and a Spanish message for the client.
export class ApiError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    /** A machine-readable tag the console can act on (INTEGRITY, SESSION, ...). */
    public readonly code?: string,
    /** The field a 400 is about, as a path ('tokens.2.nm', 'buttons.0.title'), so a form can mark it. */
    public readonly field?: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
/** A broken rule (schemas/skillRules.ts Problem): 400 with the Spanish text and the field's path. */
export const invalidField = (problem: { field: string; message: string; label?: string }) =>
  new ApiError(400, problem.label ? `${problem.label}: ${problem.message}` : problem.message, undefined, problem.field);
export const unauthorized = (message: string, code?: string) => new ApiError(401, message, code);
export const forbidden = (message = 'No tiene permiso para realizar esta acción') => new ApiError(403, message);
export const notFound = (message = 'Registro no encontrado') => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);
