import type { z } from 'zod';
import { MESSAGES } from '../messages';

/** The first issue's message of a schema for these values, or null when they pass. */
export function firstIssueMessage(schema: z.ZodType, values: unknown): string | null {
  const result = schema.safeParse(values);
  return result.success ? null : (result.error.issues[0]?.message ?? MESSAGES.invalidInput);
}
