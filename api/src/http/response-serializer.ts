/**
 * Answers are written by a serialiser compiled once per route from the route's own zod response schema
 * (shared-contracts/schemas/responses.ts): the schema becomes JSON Schema (zod's toJSONSchema, as the
 * OpenAPI description does) and fast-json-stringify, the serialiser Fastify compiles for JSON Schema
 * routes, turns it into a function that writes exactly the schema's properties (the required ones first). Nothing
 * outside the schema is ever written (a stray column such as a password hash is left out), and a
 * missing required property fails the answer (500) instead of sending a broken one.
 *
 * Unlike zod's encoder it does not check each value against the schema on every answer. With
 * `checkResponses` (CHECK_RESPONSES; always on in the API tests) every answer is also checked by zod
 * first, so the whole test suite proves the answers keep the contract while production skips that work.
 */
import fastJsonStringify, { type Schema } from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };

/**
 * zod writes a nullable object as `anyOf: [{…object…}, {type: 'null'}]`; fast-json-stringify would pick
 * the branch by validating the value with ajv on every answer. `type: ['object', 'null']` says the same
 * and is one typeof check. Every other schema is kept as zod wrote it.
 */
export function withNullableTypes(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withNullableTypes);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = withNullableTypes(value);
  const branches = out.anyOf;
  if (Array.isArray(branches) && branches.length === 2) {
    const nullAt = branches.findIndex((b: JsonSchema) => b.type === 'null' && Object.keys(b).length === 1);
    const other = branches[1 - nullAt] as JsonSchema | undefined;
    if (nullAt !== -1 && other && typeof other.type === 'string') {
      const { anyOf: _replaced, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

/** The JSON Schema a zod response schema describes, in the form fast-json-stringify compiles best. */
export function responseJsonSchema(schema: z.ZodType): Schema {
  return withNullableTypes(z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' })) as Schema;
}

/** zod's encoder and JSON.stringify: the check of `checkResponses`, and the serialiser of a schema JSON Schema cannot describe. */
const zodSerializerCompiler = createSerializerCompiler({});

export function compiledSerializerCompiler(options: { checkResponses: boolean }): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    let stringify: (data: unknown) => string;
    try {
      stringify = fastJsonStringify(responseJsonSchema(route.schema)) as (data: unknown) => string;
    } catch {
      // A transform or a custom check has no JSON Schema: that route keeps zod's encoder.
      return zodSerializerCompiler(route);
    }
    if (!options.checkResponses) return stringify;
    const check = zodSerializerCompiler(route);
    return (data) => {
      check(data);
      return stringify(data);
    };
  };
}
