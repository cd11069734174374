/**
 * Form checks in the order the screens apply them (spec §5). Each returns the first message to
 * show, or null when the form may be sent.
 *
 * They are plain functions over the same constants and MESSAGES as the request schemas the API
 * validates with (`shared-contracts/schemas`), field by field in the schemas' order, so the browser
 * shows exactly the message the API would answer with, without shipping zod to the browser.
 * test/forms-parity.test.ts proves that for generated input they agree with the schemas.
 */
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
  STORE_CATEGORIES,
  STORE_NAME_MAX_LENGTH,
  STORE_NAME_MIN_LENGTH,
} from './constants';
import { isConfusableEmail, normalizeEmail } from './email';
import { MESSAGES } from './messages';
import { meetsPasswordRule } from './password';
import { isRole } from './roles';

type Issue = string | null;

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' ? v.trim() === '' : false);
const hasNul = (s: string) => s.includes('\u0000');
/** Length in Unicode code points (a surrogate pair counts once), as the schemas' min/max measure strings. */
const lengthOf = (text: string) => [...text].length;
const outside = (text: string, min: number, max: number) => lengthOf(text) < min || lengthOf(text) > max;

// ---------- field checks (each mirrors the field schema of the same name in schemas/fields.ts) ----------

/** requiredText: a string that is not blank once trimmed (else `required`), without NUL characters. */
function requiredTextIssue(value: unknown, required: string): Issue {
  if (typeof value !== 'string' || value.trim() === '') return required;
  return hasNul(value) ? MESSAGES.invalidText : null;
}

function personNameIssue(value: unknown, required: string): Issue {
  return (
    requiredTextIssue(value, required) ??
    (outside((value as string).trim(), NAME_MIN_LENGTH, NAME_MAX_LENGTH) ? MESSAGES.nameLength : null)
  );
}

function storeNameIssue(value: unknown, required: string): Issue {
  return (
    requiredTextIssue(value, required) ??
    (outside((value as string).trim(), STORE_NAME_MIN_LENGTH, STORE_NAME_MAX_LENGTH) ? MESSAGES.storeNameLength : null)
  );
}

/** email: not a look-alike; then its NFKC form (what is stored) within the length and of the shape. */
function emailIssue(value: unknown, required: string): Issue {
  const issue = requiredTextIssue(value, required);
  if (issue) return issue;
  const text = (value as string).trim();
  if (lengthOf(text) > EMAIL_MAX_LENGTH) return MESSAGES.emailTooLong;
  if (isConfusableEmail(text)) return MESSAGES.emailConfusable;
  const normalized = normalizeEmail(text);
  if (lengthOf(normalized) > EMAIL_MAX_LENGTH) return MESSAGES.emailTooLong;
  return EMAIL_PATTERN.test(normalized) ? null : MESSAGES.invalidEmail;
}

function requiredAddressIssue(value: unknown, required: string): Issue {
  return requiredTextIssue(value, required) ?? (lengthOf((value as string).trim()) > ADDRESS_MAX_LENGTH ? MESSAGES.addressMax : null);
}

/** optionalAddress: absent is fine; otherwise a string of at most 400 characters once trimmed. */
function optionalAddressIssue(value: unknown): Issue {
  if (value === undefined) return null;
  if (typeof value !== 'string') return MESSAGES.invalidInput;
  const text = value.trim();
  if (lengthOf(text) > ADDRESS_MAX_LENGTH) return MESSAGES.addressMax;
  return hasNul(text) ? MESSAGES.invalidText : null;
}

/** newPassword: present (else `required`), then the rule of spec §5. Never trimmed. */
function newPasswordIssue(value: unknown, required: string): Issue {
  if (typeof value !== 'string' || value === '') return required;
  return meetsPasswordRule(value) ? null : MESSAGES.passwordRequirements;
}

function roleIssue(value: unknown, required: string): Issue {
  if (isRole(value)) return null;
  return value === undefined || value === null || value === '' ? required : MESSAGES.invalidRole;
}

/** Absent, null or blank optional fields count as not given. */
const notGiven = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

function optionalPhoneIssue(value: unknown): Issue {
  if (notGiven(value)) return null;
  if (typeof value !== 'string') return MESSAGES.invalidPhone;
  const text = value.trim();
  return lengthOf(text) > PHONE_MAX_LENGTH || !PHONE_PATTERN.test(text) ? MESSAGES.invalidPhone : null;
}

function optionalEmailIssue(value: unknown): Issue {
  if (notGiven(value)) return null;
  if (typeof value !== 'string') return MESSAGES.invalidEmail;
  const text = value.trim();
  if (lengthOf(text) > EMAIL_MAX_LENGTH) return MESSAGES.emailTooLong;
  if (!EMAIL_PATTERN.test(text)) return MESSAGES.invalidEmail;
  if (hasNul(text)) return MESSAGES.invalidText;
  return isConfusableEmail(text) ? MESSAGES.emailConfusable : null;
}

/** An integer rating 1..5; anything else asks the user to select one. */
function starRatingIssue(value: unknown): Issue {
  return typeof value === 'number' && Number.isInteger(value) && value >= RATING_MIN && value <= RATING_MAX ? null : MESSAGES.selectRating;
}

/** An optional comment of at most 500 characters once trimmed. */
function optionalCommentIssue(value: unknown): Issue {
  if (notGiven(value)) return null;
  if (typeof value !== 'string') return MESSAGES.invalidInput;
  const text = value.trim();
  if (lengthOf(text) > COMMENT_MAX_LENGTH) return MESSAGES.commentMax;
  return hasNul(text) ? MESSAGES.invalidText : null;
}

/** A row id: a positive integer up to MAX_ID, or a string of up to 10 digits (form selects give strings). */
function referenceIdIssue(value: unknown, required: string, invalid: string): Issue {
  const id = typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) ? Number(value.trim()) : value;
  if (typeof id !== 'number' || !Number.isFinite(id)) return id === undefined || id === null || id === '' ? required : invalid;
  return Number.isInteger(id) && id >= 1 && id <= MAX_ID ? null : invalid;
}

/** Optional; when given, one of STORE_CATEGORIES spelled exactly. */
function categoryIssue(value: unknown): Issue {
  return value === undefined || (STORE_CATEGORIES as readonly unknown[]).includes(value) ? null : MESSAGES.invalidCategory;
}

// ---------- request bodies ----------

type Values = Readonly<Record<string, unknown>>;

/**
 * The first message each request schema of `shared-contracts/schemas` reports for these values, or
 * null when it would accept them: the same checks, in the same order (field by field, in the schema's
 * key order), with the same messages.
 */
export const requestIssue = {
  register: (v: Values): Issue =>
    personNameIssue(v.name, MESSAGES.fillAllFields) ??
    emailIssue(v.email, MESSAGES.fillAllFields) ??
    requiredAddressIssue(v.address, MESSAGES.fillAllFields) ??
    newPasswordIssue(v.password, MESSAGES.fillAllFields),
  profileUpdate: (v: Values): Issue =>
    personNameIssue(v.name, MESSAGES.fillAllFields) ?? requiredAddressIssue(v.address, MESSAGES.fillAllFields),
  rating: (v: Values): Issue => starRatingIssue(v.rating) ?? optionalCommentIssue(v.comment),
  adminUserCreate: (v: Values): Issue =>
    personNameIssue(v.name, MESSAGES.fillRequiredFields) ??
    emailIssue(v.email, MESSAGES.fillRequiredFields) ??
    optionalAddressIssue(v.address) ??
    newPasswordIssue(v.password, MESSAGES.fillRequiredFields) ??
    roleIssue(v.role, MESSAGES.fillRequiredFields),
  adminUserUpdate: (v: Values): Issue =>
    personNameIssue(v.name, MESSAGES.fillRequiredFields) ??
    emailIssue(v.email, MESSAGES.fillRequiredFields) ??
    optionalAddressIssue(v.address) ??
    roleIssue(v.role, MESSAGES.fillRequiredFields),
  adminStore: (v: Values): Issue =>
    storeNameIssue(v.name, MESSAGES.fillRequiredFields) ??
    requiredAddressIssue(v.address, MESSAGES.fillRequiredFields) ??
    optionalPhoneIssue(v.phone) ??
    optionalEmailIssue(v.email) ??
    referenceIdIssue(v.owner_id, MESSAGES.fillRequiredFields, MESSAGES.invalidOwner) ??
    categoryIssue(v.category),
};

// ---------- forms ----------

export function validateLoginForm(values: { email: string; password: string }): string | null {
  if (isBlank(values.email) || values.password === '') return MESSAGES.fillAllFields;
  // The API answers a look-alike address 400 with this message before looking for the account.
  return isConfusableEmail(values.email) ? MESSAGES.emailConfusable : null;
}

export interface RegistrationForm {
  name: string;
  email: string;
  address: string;
  password: string;
  confirmPassword: string;
}

export function validateRegistrationForm(values: RegistrationForm): string | null {
  const { name, email, address, password, confirmPassword } = values;
  if ([name, email, address].some(isBlank) || password === '' || confirmPassword === '') return MESSAGES.fillAllFields;
  if (password !== confirmPassword) return MESSAGES.passwordsDoNotMatch;
  if (!meetsPasswordRule(password)) return MESSAGES.passwordRequirements;
  return requestIssue.register({ name, email, address, password });
}

export function validateProfileForm(values: { name: string; address: string }): string | null {
  return requestIssue.profileUpdate(values);
}

export interface PasswordChangeForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export function validatePasswordChangeForm(values: PasswordChangeForm): string | null {
  if (!values.currentPassword || !values.newPassword || !values.confirmPassword) return MESSAGES.fillAllPasswordFields;
  if (values.newPassword !== values.confirmPassword) return MESSAGES.newPasswordsDoNotMatch;
  if (!meetsPasswordRule(values.newPassword)) return MESSAGES.passwordRequirements;
  return null;
}

export function validateRatingForm(values: { rating: number | null | undefined; comment?: string | null }): string | null {
  return requestIssue.rating(values);
}

export function validateAdminUserForm(
  values: { name: string; email: string; address?: string; role: string; password?: string },
  mode: 'create' | 'edit',
): string | null {
  if (isBlank(values.name) || isBlank(values.email) || isBlank(values.role) || (mode === 'create' && !values.password)) {
    return MESSAGES.fillRequiredFields;
  }
  return mode === 'create' ? requestIssue.adminUserCreate(values) : requestIssue.adminUserUpdate(values);
}

export function validateAdminStoreForm(values: {
  name: string;
  address: string;
  phone?: string | null;
  email?: string | null;
  owner_id: number | string | null | undefined;
}): string | null {
  if (isBlank(values.name) || isBlank(values.address) || isBlank(values.owner_id)) return MESSAGES.fillRequiredFields;
  return requestIssue.adminStore(values);
}
