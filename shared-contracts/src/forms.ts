/**
 * Form checks in the order the screens apply them (spec §5). Each returns the first message to
 * show, or null when the form may be sent. They reuse the request schemas the API validates with.
 */
import type { z } from 'zod';
import { MESSAGES } from './messages';
import { meetsPasswordRule } from './password';
import {
  adminStoreRequestSchema,
  adminUserCreateRequestSchema,
  adminUserUpdateRequestSchema,
  profileUpdateRequestSchema,
  ratingRequestSchema,
  registerRequestSchema,
} from './schemas/requests';

/** The first issue's message of a schema for these values, or null when they pass. */
export function firstIssueMessage(schema: z.ZodType, values: unknown): string | null {
  const result = schema.safeParse(values);
  return result.success ? null : (result.error.issues[0]?.message ?? MESSAGES.invalidInput);
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' ? v.trim() === '' : false);

export function validateLoginForm(values: { email: string; password: string }): string | null {
  return isBlank(values.email) || values.password === '' ? MESSAGES.fillAllFields : null;
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
  return firstIssueMessage(registerRequestSchema, { name, email, address, password });
}

export function validateProfileForm(values: { name: string; address: string }): string | null {
  return firstIssueMessage(profileUpdateRequestSchema, values);
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
  return firstIssueMessage(ratingRequestSchema, values);
}

export function validateAdminUserForm(
  values: { name: string; email: string; address?: string; role: string; password?: string },
  mode: 'create' | 'edit',
): string | null {
  if (isBlank(values.name) || isBlank(values.email) || isBlank(values.role) || (mode === 'create' && !values.password)) {
    return MESSAGES.fillRequiredFields;
  }
  return firstIssueMessage(mode === 'create' ? adminUserCreateRequestSchema : adminUserUpdateRequestSchema, values);
}

export function validateAdminStoreForm(values: {
  name: string;
  address: string;
  phone?: string | null;
  email?: string | null;
  owner_id: number | string | null | undefined;
}): string | null {
  if (isBlank(values.name) || isBlank(values.address) || isBlank(values.owner_id)) return MESSAGES.fillRequiredFields;
  return firstIssueMessage(adminStoreRequestSchema, values);
}
