// The one error type routes throw: a status and a Spanish message for the client.
export class ApiError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    /** A machine-readable tag the console can act on (INTEGRITY, SESSION, ...). */
    public readonly code?: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const unauthorized = (message: string, code?: string) => new ApiError(401, message, code);
export const forbidden = (message = 'No tiene permiso para realizar esta acción') => new ApiError(403, message);
export const notFound = (message = 'Registro no encontrado') => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);
