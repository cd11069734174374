/**
 * The compiled response serialiser (http/response-serializer.ts) writes, for every response schema of
 * shared-contracts, the same JSON values as zod's encoder and JSON.stringify did: all of a schema's
 * properties, nulls and absent optionals included, and nothing that is not in the schema. (The order of
 * an object's keys may differ: fast-json-stringify writes the required ones first.)
 */
import fastJsonStringify from 'fast-json-stringify';
import * as schemas from 'shared-contracts/schemas';
import { z } from 'zod';
import { compiledSerializerCompiler, responseJsonSchema, withNullableTypes } from '../src/http/response-serializer';

type Json = { [key: string]: any };

const responseSchemas = (Object.entries(schemas) as Array<[string, unknown]>).filter(
  (entry): entry is [string, z.ZodType] => entry[0].endsWith('ResponseSchema') && entry[1] instanceof z.ZodType,
);

/**
 * A value of a JSON Schema: every property present (`full`), or the least the schema allows (`least`:
 * optional properties left out, nullable ones null, arrays of one element so their items are written).
 */
function sampleOf(schema: Json, form: 'full' | 'least', path = 'v'): unknown {
  const types: string[] = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (form === 'least' && types.includes('null')) return null;
  if (schema.enum) return schema.enum[schema.enum.length - 1];
  if (schema.anyOf) return sampleOf(schema.anyOf[0], form, path);
  switch (types.find((t) => t !== 'null')) {
    case 'object': {
      const out: Json = {};
      for (const [key, property] of Object.entries<Json>(schema.properties ?? {})) {
        if (form === 'least' && !(schema.required ?? []).includes(key)) continue;
        out[key] = sampleOf(property, form, `${path}.${key}`);
      }
      return out;
    }
    case 'array':
      return [sampleOf(schema.items, form, `${path}[0]`)];
    case 'string':
      return `${path} "quoted" \\ é\n`;
    case 'integer':
      return 41;
    case 'number':
      return 3.75;
    case 'boolean':
      return true;
    default:
      throw new Error(`no sample for ${JSON.stringify(schema)} at ${path}`);
  }
}

/** What zod's encoder and JSON.stringify write (the serialiser before this one), parsed. */
const zodJson = (schema: z.ZodType, value: unknown) => JSON.parse(JSON.stringify(z.encode(schema, value as never)));

const compile = (schema: z.ZodType, checkResponses = false) =>
  compiledSerializerCompiler({ checkResponses })({ schema, method: 'GET', url: '/test', httpStatus: '200' } as never);

describe('the compiled response serialiser', () => {
  it('finds the response schemas of shared-contracts', () => {
    expect(responseSchemas.length).toBeGreaterThan(20);
  });

  it.each(responseSchemas)('compiles %s to JSON Schema without anyOf (no validation while writing)', (_name, schema) => {
    const json = JSON.stringify(responseJsonSchema(schema));
    expect(json).not.toContain('"anyOf"');
    expect(() => fastJsonStringify(responseJsonSchema(schema))).not.toThrow();
  });

  it.each(responseSchemas)('writes the same JSON as zod for %s, every property present', (_name, schema) => {
    const value = sampleOf(responseJsonSchema(schema) as Json, 'full');
    expect(JSON.parse(compile(schema)(value))).toStrictEqual(zodJson(schema, value));
  });

  it.each(responseSchemas)('writes the same JSON as zod for %s, nullables null and optionals absent', (_name, schema) => {
    const value = sampleOf(responseJsonSchema(schema) as Json, 'least');
    expect(JSON.parse(compile(schema)(value))).toStrictEqual(zodJson(schema, value));
  });

  it('leaves out properties the schema does not name, at any depth', () => {
    const user = { id: 1, name: 'N', email: 'e@x.io', address: 'A', role: 'normal_user', created_at: 't', updated_at: 't' };
    const written = JSON.parse(
      compile(schemas.authResponseSchema)({
        message: 'ok',
        token: 'tk',
        user: { ...user, password_hash: '$argon2id$…', token_version: 3 },
        extra: 1,
      }),
    );
    expect(written).toEqual({ message: 'ok', token: 'tk', user });
  });

  it('refuses an answer that lacks a required property instead of writing it', () => {
    expect(() => compile(schemas.messageResponseSchema)({})).toThrow(/message/);
  });

  it('with checkResponses, refuses a value outside the schema that the compiled writer alone would write', () => {
    const wrong = { status: 'sleeping', database: 'ok' };
    expect(compile(schemas.healthResponseSchema)(wrong)).toBe('{"status":"sleeping","database":"ok"}');
    expect(() => compile(schemas.healthResponseSchema, true)(wrong)).toThrow();
    expect(compile(schemas.healthResponseSchema, true)({ status: 'ok', database: 'ok' })).toBe('{"status":"ok","database":"ok"}');
  });

  it('keeps zod for a schema JSON Schema cannot describe', () => {
    const withDate = z.object({ at: z.date() });
    expect(() => responseJsonSchema(withDate)).toThrow();
    const at = new Date('2026-11-28T12:00:00Z');
    expect(compile(withDate)({ at })).toBe('{"at":"2026-11-28T12:00:00.000Z"}');
    expect(() => compile(withDate)({ at: 'not a date' })).toThrow();
  });

  it('turns a nullable object into a type list and leaves other unions alone', () => {
    expect(withNullableTypes({ anyOf: [{ type: 'object', properties: {} }, { type: 'null' }], description: 'd' })).toEqual({
      type: ['object', 'null'],
      properties: {},
      description: 'd',
    });
    const union = { anyOf: [{ type: 'string' }, { type: 'integer' }] };
    expect(withNullableTypes(union)).toEqual(union);
  });
});
