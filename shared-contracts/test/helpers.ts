/** Small helpers shared by the shared-contracts tests. */
import { safeParse, type $ZodType, type output } from 'zod/v4/core';

/** A string of exactly `n` characters. */
export const chars = (n: number, ch = 'a'): string => ch.repeat(n);

/** A plausible person name of exactly `n` characters (letters and spaces, no leading/trailing space). */
export const nameOf = (n: number): string => {
  const base = 'Alexandra Johnson Smith-Montgomery Wellington Ravenscroft Fitzgerald';
  const s = base.repeat(Math.ceil(n / base.length) + 1).slice(0, n);
  // never end on a space, or trimming would change the length
  return s.endsWith(' ') ? s.slice(0, -1) + 'x' : s;
};

/** Messages of every issue a schema reports for `value` ([] when it passes). */
export function issues(schema: $ZodType, value: unknown): string[] {
  const r = safeParse(schema, value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

/** The first issue's message, or null when `value` passes. */
export function firstIssue(schema: $ZodType, value: unknown): string | null {
  const r = safeParse(schema, value);
  return r.success ? null : r.error.issues[0].message;
}

/** Parsed output; throws (failing the test) when the schema rejects the value. */
export function parsed<S extends $ZodType>(schema: S, value: unknown): output<S> {
  const r = safeParse(schema, value);
  if (!r.success) throw new Error(`expected success, got: ${r.error.issues.map((i) => i.message).join('; ')}`);
  return r.data;
}

export const VALID_PASSWORD = 'Secret#123';
export const VALID_NAME = 'Alexandra Johnson Smith'; // 23 characters
export const VALID_EMAIL = 'alex@example.com';
export const VALID_ADDRESS = '12 Market Street, Springfield';
