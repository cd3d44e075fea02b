// TypeBox schemas shared by several areas: error and message answers, credentials. Schemas import
// nothing but typebox, so the console may import them too (its types are Static<> of these).
import { Type, type Static, type TLiteral, type TUnion } from 'typebox';

export const ErrorBody = Type.Object({ message: Type.String(), code: Type.Optional(Type.String()), field: Type.Optional(Type.String()) });
export const MessageBody = Type.Object({ message: Type.String() });
export type ServerMessage = Static<typeof MessageBody>;

/** The usual refusals of a signed route, for the OpenAPI document. */
export const signedErrors = {
  400: ErrorBody,
  401: ErrorBody,
  429: ErrorBody,
};

/** Passwords are capped so a huge body cannot make scrypt hash megabytes. */
export const Password = Type.String({ maxLength: 128 });
export const Login = Type.String({ maxLength: 200 });

/** A query naming one record. */
export const IdQuery = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
/** The answer of a delete. */
export const IdAnswer = Type.Object({ id: Type.String() });

/**
 * Per-field messages. A property annotated with `x-message` answers that message (400) when it
 * is missing, null or blank, instead of the generic 'El campo X es obligatorio'. The central
 * error handler (plugins/errors.ts) reads the annotation from the route's schema; AJV knows the
 * keyword as an annotation (AJV_OPTIONS there), and the OpenAPI document shows it as an extension.
 */
export const MESSAGE_KEYWORD = 'x-message';

/** A required text that must have something besides spaces; `message` is the form's own text for the field. */
export const RequiredText = (maxLength: number, message: string) => Type.String({ maxLength, pattern: '\\S', [MESSAGE_KEYWORD]: message });

/** A required number; `message` answers when it is missing or null. */
export const RequiredNumber = (message: string) => Type.Number({ [MESSAGE_KEYWORD]: message });

/** A request body: every property declared, anything else refused ('El campo X no está permitido'). */
export const closed = { additionalProperties: false } as const;

/** One of `values`. The declared type keeps each literal: inferred from the map, Static<> would be never. */
export type Literals<T extends readonly (string | number)[]> = TUnion<{ -readonly [K in keyof T]: TLiteral<T[K]> }>;
export const literals = <const T extends readonly (string | number)[]>(values: T): Literals<T> => Type.Union(values.map((v) => Type.Literal(v))) as never;
