// A route validator that takes a JSON body exactly as sent. Fastify's default (AJV with
// coerceTypes) turns a null into '' or 0 where a schema allows either, which would change an
// imported document; query strings are still converted (they arrive as text).
import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';

interface Issue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** The issue that names the problem best, in the shape AJV reports (plugins/errors.ts reads it). */
function bestIssue(errors: Issue[]): Issue | undefined {
  const specific = errors.find((e) => e.keyword !== 'anyOf' && e.keyword !== 'boolean') ?? errors[0];
  if (specific?.keyword === 'additionalProperties') {
    const names = specific.params.additionalProperties as string[] | undefined;
    return { ...specific, params: { additionalProperty: names?.[0] } };
  }
  return specific;
}

export const exactValidator: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const compiled = Compile(schema);
  return (data: unknown) => {
    const value = httpPart === 'body' ? data : Value.Convert(schema, data);
    if (compiled.Check(value)) return { value };
    const issue = bestIssue([...compiled.Errors(value)] as Issue[]);
    return { error: Object.assign(new Error('La solicitud no es válida'), { validation: issue ? [issue] : [] }) };
  };
};
