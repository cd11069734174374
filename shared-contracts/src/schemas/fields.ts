/**
 * Field-level building blocks of every request body. Each carries the exact message the spec gives,
 * so the API and the browser answer the same bad input with the same text.
 *
 * Written with `zod/mini` (always `import * as z from 'zod/mini'`: a named `{ z }` import defeats tree
 * shaking): the browser's forms (src/forms.ts) validate with these very schemas, and classic `zod`
 * would cost the sign-in page more than its budget. Classic schemas (queries.ts, responses.ts) may
 * hold these fields; nothing the root entry reaches may import classic 'zod'.
 */
import * as z from 'zod/mini';
import {
  ADDRESS_MAX_LENGTH,
  CITY_MAX_LENGTH,
  COMMENT_MAX_LENGTH,
  REPLY_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  MAX_ID,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  PHONE_MAX_LENGTH,
  PHONE_PATTERN,
  RATING_MAX,
  RATING_MIN,
  STORE_CATEGORIES,
  STORE_NAME_MAX_LENGTH,
  STORE_NAME_MIN_LENGTH,
} from '../constants';
import { isConfusableEmail, normalizeEmail } from '../email';
import { MESSAGES } from '../messages';
import { meetsPasswordRule } from '../password';
import { ROLES } from '../roles';

const hasNoNul = (s: string) => !s.includes('\u0000');
const isNotConfusable = (s: string) => !isConfusableEmail(s);
/** Absent, null or blank: an optional field left empty. */
const blankToNull = (v: unknown) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v);
const isMissing = (input: unknown) => input === undefined || input === null || input === '';

/** The look-alike check of every account email (sign-in too): 'Email must not contain invisible characters or mix alphabets'. */
export const notConfusableEmail = () => z.refine<string>(isNotConfusable, { error: MESSAGES.emailConfusable, abort: true });

/** A string that must be present and not blank; trimmed. Missing, non-string or blank gives `required`. */
export function requiredText(required: string) {
  return z
    .string({ error: required })
    .check(z.trim(), z.minLength(1, { error: required, abort: true }), z.refine(hasNoNul, { error: MESSAGES.invalidText, abort: true }));
}

/** A string that may be absent or blank (then it is ''); trimmed. */
export function optionalText(max: number, tooLong: string) {
  return z._default(
    z.optional(
      z.string({ error: MESSAGES.invalidInput }).check(z.trim(), z.maxLength(max, tooLong), z.refine(hasNoNul, MESSAGES.invalidText)),
    ),
    '',
  );
}

/** An optional contact field: absent, null or blank is null. */
function nullableContact<T extends z.ZodMiniType<string, string>>(inner: T) {
  return z.optional(z.pipe(z.transform(blankToNull), z.nullable(inner)));
}

export const personName = (required: string) =>
  requiredText(required).check(z.minLength(NAME_MIN_LENGTH, MESSAGES.nameLength), z.maxLength(NAME_MAX_LENGTH, MESSAGES.nameLength));

/**
 * An account's email: refused when it is a look-alike (isConfusableEmail), then stored in its NFKC form
 * (normalizeEmail), whose length and shape are what is checked, so 'ａｄｍｉｎ＠ｅｘａｍｐｌｅ．ｃｏｍ' as a
 * Japanese keyboard types it is admin@example.com. The account it names is emailKey of it.
 */
export const email = (required: string) =>
  requiredText(required).check(
    z.maxLength(EMAIL_MAX_LENGTH, { error: MESSAGES.emailTooLong, abort: true }),
    notConfusableEmail(),
    z.overwrite(normalizeEmail),
    z.maxLength(EMAIL_MAX_LENGTH, { error: MESSAGES.emailTooLong, abort: true }),
    z.regex(EMAIL_PATTERN, MESSAGES.invalidEmail),
  );

export const requiredAddress = (required: string) => requiredText(required).check(z.maxLength(ADDRESS_MAX_LENGTH, MESSAGES.addressMax));

export const optionalAddress = () => optionalText(ADDRESS_MAX_LENGTH, MESSAGES.addressMax);

/** A new password: present (else `required`), then the rule of spec §5. Never trimmed. */
export const newPassword = (required: string) =>
  z
    .string({ error: required })
    .check(z.minLength(1, { error: required, abort: true }), z.refine(meetsPasswordRule, MESSAGES.passwordRequirements));

export const role = (required: string) => z.enum(ROLES, { error: (issue) => (isMissing(issue.input) ? required : MESSAGES.invalidRole) });

export const storeName = (required: string) =>
  requiredText(required).check(
    z.minLength(STORE_NAME_MIN_LENGTH, MESSAGES.storeNameLength),
    z.maxLength(STORE_NAME_MAX_LENGTH, MESSAGES.storeNameLength),
  );

/** A store's city as sent: absent stays absent (undefined); trimmed; at most 100 characters. */
export const optionalCity = () =>
  z.optional(
    z
      .string({ error: MESSAGES.invalidInput })
      .check(z.trim(), z.maxLength(CITY_MAX_LENGTH, MESSAGES.cityMax), z.refine(hasNoNul, MESSAGES.invalidText)),
  );

export const optionalPhone = () =>
  nullableContact(
    z
      .string({ error: MESSAGES.invalidPhone })
      .check(z.trim(), z.maxLength(PHONE_MAX_LENGTH, MESSAGES.invalidPhone), z.regex(PHONE_PATTERN, MESSAGES.invalidPhone)),
  );

export const optionalEmail = () =>
  nullableContact(
    z.string({ error: MESSAGES.invalidEmail }).check(
      z.trim(),
      z.maxLength(EMAIL_MAX_LENGTH, { error: MESSAGES.emailTooLong, abort: true }),
      z.regex(EMAIL_PATTERN, MESSAGES.invalidEmail),
      z.refine(hasNoNul, MESSAGES.invalidText),
      // A store's contact address is shown to every visitor: no look-alikes there either (stored as typed).
      z.refine(isNotConfusable, MESSAGES.emailConfusable),
    ),
  );

/** An integer rating 1..5; anything else asks the user to select one. */
export const starRating = () =>
  z
    .number({ error: MESSAGES.selectRating })
    .check(z.int({ error: MESSAGES.selectRating }), z.gte(RATING_MIN, MESSAGES.selectRating), z.lte(RATING_MAX, MESSAGES.selectRating));

/** A store owner's reply: required, trimmed, at most 500 characters. */
export const replyText = () => requiredText(MESSAGES.replyRequired).check(z.maxLength(REPLY_MAX_LENGTH, MESSAGES.replyMax));

/** An optional comment of at most 500 characters: absent, null or blank is null. */
export const optionalComment = () =>
  z.optional(
    z.pipe(
      z.transform(blankToNull),
      z.nullable(
        z
          .string({ error: MESSAGES.invalidInput })
          .check(z.trim(), z.maxLength(COMMENT_MAX_LENGTH, MESSAGES.commentMax), z.refine(hasNoNul, MESSAGES.invalidText)),
      ),
    ),
  );

/** A reference to a row by id in a JSON body; a numeric string is accepted (form selects give strings). */
export const referenceId = (required: string, invalid: string) =>
  z.pipe(
    z.transform((v: unknown) => (typeof v === 'string' && /^\d{1,10}$/.test(v.trim()) ? Number(v.trim()) : v)),
    z
      .number({ error: (issue) => (isMissing(issue.input) ? required : invalid) })
      .check(z.int({ error: invalid }), z.gte(1, invalid), z.lte(MAX_ID, invalid)),
  );

/** One of STORE_CATEGORIES, spelled exactly; anything else asks for a valid category. */
export const storeCategory = () => z.enum(STORE_CATEGORIES, { error: MESSAGES.invalidCategory });
