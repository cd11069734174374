/**
 * Form validation, written once (spec §5): each form is a list of stages, each stage a `zod/mini`
 * schema, tried in order; the errors of the first stage that fails are the answer, one per field, in
 * the schema's field order. The last stage of a form is the request schema the API validates the
 * body with (./schemas/requests), so the browser shows exactly the message the API would answer;
 * the stages before it are the form-only rules the spec puts first (every field required, the two
 * passwords equal, the password rule).
 *
 *   registrationFormErrors({ name: '', ... })  → [{ field: 'name', message: 'Please fill in all fields' }, ...]
 *
 * `zod/mini` only, as `import * as z from 'zod/mini'`: classic zod would not fit the sign-in page's budget.
 */
import * as z from 'zod/mini';
import { MESSAGES } from './messages';
import {
  adminStoreRequestSchema,
  adminUserCreateRequestSchema,
  adminUserUpdateRequestSchema,
  passwordChangeRequestSchema,
  profileUpdateRequestSchema,
  resetPasswordRequestSchema,
  ratingRequestSchema,
  replyRequestSchema,
  registerRequestSchema,
} from './schemas/requests';
import { notConfusableEmail } from './schemas/fields';

/** One field's problem: `field` is the form's (and the request body's) key. The API's 400 `errors` have this shape too. */
export interface FieldError {
  field: string;
  message: string;
}

/** A stage of a form's checks: any zod schema (mini, so the browser can afford it) over the form's values. */
export type FormStage = z.core.$ZodType;

/** The errors of a failed parse, one per field (its first issue), in the order the schema reports them. */
export function fieldErrorsOf(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  for (const issue of issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : '';
    if (seen.has(field)) continue;
    seen.add(field);
    errors.push({ field, message: issue.message });
  }
  return errors;
}

/** The errors of the first stage that rejects the values ([] when every stage accepts them). */
export function formErrors(stages: readonly FormStage[], values: unknown): FieldError[] {
  for (const stage of stages) {
    const result = z.safeParse(stage, values);
    if (!result.success) return fieldErrorsOf(result.error.issues);
  }
  return [];
}

/** The message to show first, or null when there is none. */
export function firstMessage(errors: readonly FieldError[]): string | null {
  return errors[0]?.message ?? null;
}

// ---------- stage building blocks ----------

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Present and not blank once trimmed (text inputs, selects). */
const filled = (message: string) => z.unknown().check(z.refine((v) => !isBlank(v), message));
/** Present and not empty; whitespace counts (passwords are never trimmed). */
const entered = (message: string) => z.unknown().check(z.refine((v) => v !== undefined && v !== null && v !== '', message));

/** `confirm` must equal `field`; reported on `confirm`. */
const sameAs = (field: string, confirm: string, message: string) =>
  z.looseObject({}).check(z.refine((v) => v[field] === v[confirm], { error: message, path: [confirm] }));

// ---------- forms ----------

export interface LoginForm {
  email: string;
  password: string;
}

const LOGIN_STAGES: readonly FormStage[] = [
  z.object({ email: filled(MESSAGES.fillAllFields), password: entered(MESSAGES.fillAllFields) }),
  // The API answers a look-alike address 400 with this message before looking for the account
  // (loginRequestSchema's check); the rest of that schema is the server's concern (any failure is 'Login failed').
  z.looseObject({ email: z.string().check(notConfusableEmail()) }),
];

/** Sign-in: email and password required ('Please fill in all fields'), then no look-alike email. */
export function loginFormErrors(values: LoginForm): FieldError[] {
  return formErrors(LOGIN_STAGES, values);
}

export interface RegistrationForm {
  name: string;
  email: string;
  address: string;
  password: string;
  confirmPassword: string;
}

const REGISTRATION_STAGES: readonly FormStage[] = [
  z.object({
    name: filled(MESSAGES.fillAllFields),
    email: filled(MESSAGES.fillAllFields),
    address: filled(MESSAGES.fillAllFields),
    password: entered(MESSAGES.fillAllFields),
    confirmPassword: entered(MESSAGES.fillAllFields),
  }),
  sameAs('password', 'confirmPassword', MESSAGES.passwordsDoNotMatch),
  z.object({ password: registerRequestSchema.shape.password }),
  registerRequestSchema,
];

/**
 * Registration (spec §5 order): all fields required ('Please fill in all fields'), passwords match
 * ('Passwords do not match', on confirmPassword), the password rule, then the register request schema.
 */
export function registrationFormErrors(values: RegistrationForm): FieldError[] {
  return formErrors(REGISTRATION_STAGES, values);
}

export interface ProfileForm {
  name: string;
  address: string;
}

const PROFILE_STAGES: readonly FormStage[] = [profileUpdateRequestSchema];

/** Profile: the profile update request schema (its blank fields say 'Please fill in all fields'). */
export function profileFormErrors(values: ProfileForm): FieldError[] {
  return formErrors(PROFILE_STAGES, values);
}

export interface PasswordChangeForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const PASSWORD_CHANGE_STAGES: readonly FormStage[] = [
  z.object({
    currentPassword: entered(MESSAGES.fillAllPasswordFields),
    newPassword: entered(MESSAGES.fillAllPasswordFields),
    confirmPassword: entered(MESSAGES.fillAllPasswordFields),
  }),
  sameAs('newPassword', 'confirmPassword', MESSAGES.newPasswordsDoNotMatch),
  z.object({ newPassword: passwordChangeRequestSchema.shape.newPassword }),
  passwordChangeRequestSchema,
];

/**
 * Password change (spec §5 order): all three required ('Please fill in all password fields'), new and
 * confirm match ('New passwords do not match', on confirmPassword), the password rule on newPassword,
 * then the request schema (a current password longer than any can be: 'Current password is incorrect',
 * as the API answers it).
 */
export function passwordChangeFormErrors(values: PasswordChangeForm): FieldError[] {
  return formErrors(PASSWORD_CHANGE_STAGES, values);
}

export interface ForgotPasswordForm {
  email: string;
}

const FORGOT_PASSWORD_STAGES: readonly FormStage[] = [
  z.object({ email: filled(MESSAGES.fillAllFields) }),
  z.looseObject({ email: z.string().check(notConfusableEmail()) }),
];

/** 'Forgot password?': the email as on the sign-in page (required: 'Please fill in all fields'; no look-alike). */
export function forgotPasswordFormErrors(values: ForgotPasswordForm): FieldError[] {
  return formErrors(FORGOT_PASSWORD_STAGES, values);
}

export interface ResetPasswordForm {
  password: string;
  confirmPassword: string;
}

const RESET_PASSWORD_STAGES: readonly FormStage[] = [
  z.object({ password: entered(MESSAGES.fillAllFields), confirmPassword: entered(MESSAGES.fillAllFields) }),
  sameAs('password', 'confirmPassword', MESSAGES.passwordsDoNotMatch),
  z.object({ password: resetPasswordRequestSchema.shape.password }),
];

/**
 * A new password from a reset link, in the registration's order and words: both required ('Please fill in
 * all fields'), equal ('Passwords do not match', on confirmPassword), the rule ('Password does not meet requirements').
 */
export function resetPasswordFormErrors(values: ResetPasswordForm): FieldError[] {
  return formErrors(RESET_PASSWORD_STAGES, values);
}

export interface RatingForm {
  rating: number | null | undefined;
  comment?: string | null;
}

const RATING_STAGES: readonly FormStage[] = [ratingRequestSchema];

/** Rating: one selected ('Please select a rating'), comment at most 500 characters. */
export function ratingFormErrors(values: RatingForm): FieldError[] {
  return formErrors(RATING_STAGES, values);
}

export interface ReplyForm {
  reply: string;
}

const REPLY_STAGES: readonly FormStage[] = [replyRequestSchema];

/** A store owner's reply: written ('Please write a reply'), at most 500 characters. */
export function replyFormErrors(values: ReplyForm): FieldError[] {
  return formErrors(REPLY_STAGES, values);
}

export interface AdminUserForm {
  name: string;
  email: string;
  address?: string;
  role: string;
  password?: string;
}

export type AdminUserFormMode = 'create' | 'edit';

const ADMIN_USER_REQUIRED = {
  name: filled(MESSAGES.fillRequiredFields),
  email: filled(MESSAGES.fillRequiredFields),
  role: filled(MESSAGES.fillRequiredFields),
};
const ADMIN_USER_STAGES: Readonly<Record<AdminUserFormMode, readonly FormStage[]>> = {
  create: [z.object({ ...ADMIN_USER_REQUIRED, password: entered(MESSAGES.fillRequiredFields) }), adminUserCreateRequestSchema],
  edit: [z.object(ADMIN_USER_REQUIRED), adminUserUpdateRequestSchema],
};

/**
 * Admin user create/edit: name, email, role (and the password when creating) required ('Please fill
 * in all required fields'), then the create or update request schema.
 */
export function adminUserFormErrors(values: AdminUserForm, mode: AdminUserFormMode): FieldError[] {
  return formErrors(ADMIN_USER_STAGES[mode], values);
}

export interface AdminStoreForm {
  name: string;
  address: string;
  phone?: string | null;
  email?: string | null;
  owner_id: number | string | null | undefined;
  category?: string;
  city?: string;
}

const ADMIN_STORE_STAGES: readonly FormStage[] = [
  z.object({
    name: filled(MESSAGES.fillRequiredFields),
    address: filled(MESSAGES.fillRequiredFields),
    owner_id: filled(MESSAGES.fillRequiredFields),
    city: filled(MESSAGES.fillRequiredFields),
  }),
  adminStoreRequestSchema,
];

/**
 * Admin store: name, address, owner and city required ('Please fill in all required fields'), then the
 * store request schema. (The API itself reads the city from the address when a client sends none.)
 */
export function adminStoreFormErrors(values: AdminStoreForm): FieldError[] {
  return formErrors(ADMIN_STORE_STAGES, values);
}
