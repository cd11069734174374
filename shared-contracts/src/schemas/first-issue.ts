import { safeParse, type $ZodType } from 'zod/v4/core';
import { MESSAGES } from '../messages';

/** The first issue's message of a schema (classic or mini) for these values, or null when they pass. */
export function firstIssueMessage(schema: $ZodType, values: unknown): string | null {
  const result = safeParse(schema, values);
  return result.success ? null : (result.error.issues[0]?.message ?? MESSAGES.invalidInput);
}
