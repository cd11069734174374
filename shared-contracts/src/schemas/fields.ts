/**
 * Field-level building blocks of every schema. Each carries the exact message the spec gives,
 * so the API and the browser answer the same bad input with the same text.
 */
import { z } from 'zod';
import {
  ADDRESS_MAX_LENGTH,
  COMMENT_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  MAX_ID,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  PHONE_MAX_LENGTH,
  PHONE_PATTERN,
  RATING_MAX,
  RATING_MIN,
  STORE_NAME_MAX_LENGTH,
  STORE_NAME_MIN_LENGTH,
} from '../constants';
import { isConfusableEmail, normalizeEmail } from '../email';
import { MESSAGES } from '../messages';
import { meetsPasswordRule } from '../password';
import { ROLES } from '../roles';

const hasNoNul = (s: string) => !s.includes('\u0000');

/** A string that must be present and not blank; trimmed. Missing, non-string or blank gives `required`. */
export function requiredText(required: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .refine(hasNoNul, { error: MESSAGES.invalidText, abort: true });
}

/** A string that may be absent or blank (then it is ''); trimmed. */
export function optionalText(max: number, tooLong: string) {
  return z
    .string({ error: MESSAGES.invalidInput })
    .trim()
    .max(max, tooLong)
    .refine(hasNoNul, MESSAGES.invalidText)
    .optional()
    .default('');
}

/** An optional contact field: absent, null or blank is null. */
function nullableContact<T extends z.ZodType<string>>(inner: T) {
  return z
    .preprocess((v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v), inner.nullable())
    .optional();
}

export const personName = (required: string) =>
  requiredText(required).min(NAME_MIN_LENGTH, MESSAGES.nameLength).max(NAME_MAX_LENGTH, MESSAGES.nameLength);

/**
 * An account's email: refused when it is a look-alike (isConfusableEmail), then stored in its NFKC form
 * (normalizeEmail), whose length and shape are what is checked, so 'ａｄｍｉｎ＠ｅｘａｍｐｌｅ．ｃｏｍ' as a
 * Japanese keyboard types it is admin@example.com. The account it names is emailKey of it.
 */
export const email = (required: string) =>
  requiredText(required)
    .max(EMAIL_MAX_LENGTH, { error: MESSAGES.emailTooLong, abort: true })
    .refine((v) => !isConfusableEmail(v), { error: MESSAGES.emailConfusable, abort: true })
    .overwrite(normalizeEmail)
    .max(EMAIL_MAX_LENGTH, { error: MESSAGES.emailTooLong, abort: true })
    .regex(EMAIL_PATTERN, MESSAGES.invalidEmail);

export const requiredAddress = (required: string) => requiredText(required).max(ADDRESS_MAX_LENGTH, MESSAGES.addressMax);

export const optionalAddress = () => optionalText(ADDRESS_MAX_LENGTH, MESSAGES.addressMax);

/** A new password: present (else `required`), then the rule of spec §5. Never trimmed. */
export const newPassword = (required: string) =>
  z
    .string({ error: required })
    .min(1, { error: required, abort: true })
    .refine(meetsPasswordRule, MESSAGES.passwordRequirements);

export const role = (required: string) =>
  z.enum(ROLES, { error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? required : MESSAGES.invalidRole) });

export const storeName = (required: string) =>
  requiredText(required).min(STORE_NAME_MIN_LENGTH, MESSAGES.storeNameLength).max(STORE_NAME_MAX_LENGTH, MESSAGES.storeNameLength);

export const optionalPhone = () =>
  nullableContact(
    z
      .string({ error: MESSAGES.invalidPhone })
      .trim()
      .max(PHONE_MAX_LENGTH, MESSAGES.invalidPhone)
      .regex(PHONE_PATTERN, MESSAGES.invalidPhone),
  );

export const optionalEmail = () =>
  nullableContact(
    z
      .string({ error: MESSAGES.invalidEmail })
      .trim()
      .max(EMAIL_MAX_LENGTH, { error: MESSAGES.emailTooLong, abort: true })
      .regex(EMAIL_PATTERN, MESSAGES.invalidEmail)
      .refine(hasNoNul, MESSAGES.invalidText)
      // A store's contact address is shown to every visitor: no look-alikes there either (stored as typed).
      .refine((v) => !isConfusableEmail(v), MESSAGES.emailConfusable),
  );

/** An integer rating 1..5; anything else asks the user to select one. */
export const starRating = () =>
  z
    .number({ error: MESSAGES.selectRating })
    .int({ error: MESSAGES.selectRating })
    .min(RATING_MIN, MESSAGES.selectRating)
    .max(RATING_MAX, MESSAGES.selectRating);

/** An optional comment of at most 500 characters: absent, null or blank is null. */
export const optionalComment = () =>
  z
    .preprocess(
      (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
      z
        .string({ error: MESSAGES.invalidInput })
        .trim()
        .max(COMMENT_MAX_LENGTH, MESSAGES.commentMax)
        .refine(hasNoNul, MESSAGES.invalidText)
        .nullable(),
    )
    .optional();

/** A reference to a row by id in a JSON body; a numeric string is accepted (form selects give strings). */
export const referenceId = (required: string, invalid: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,10}$/.test(v.trim()) ? Number(v.trim()) : v),
    z
      .number({ error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? required : invalid) })
      .int({ error: invalid })
      .min(1, invalid)
      .max(MAX_ID, invalid),
  );

/** An id in a path: a positive integer that fits the database's integer. */
export const idParam = () =>
  z
    .string({ error: MESSAGES.invalidId })
    .regex(/^[1-9][0-9]{0,9}$/, { error: MESSAGES.invalidId, abort: true })
    .transform(Number)
    .refine((n) => n <= MAX_ID, MESSAGES.invalidId);
