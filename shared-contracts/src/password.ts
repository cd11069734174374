import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_SPECIAL_CHARACTERS } from './constants';

/** Each requirement of the password rule (spec §5), for the live checklist. */
export interface PasswordRequirements {
  length: boolean;
  uppercase: boolean;
  special: boolean;
}

const UPPERCASE = /[A-Z]/;
const LOWERCASE = /[a-z]/;
const DIGIT = /[0-9]/;

function hasSpecialCharacter(password: string): boolean {
  for (const ch of password) if (PASSWORD_SPECIAL_CHARACTERS.includes(ch)) return true;
  return false;
}

export function checkPasswordRequirements(password: string): PasswordRequirements {
  const length = [...password].length;
  return {
    length: length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH,
    uppercase: UPPERCASE.test(password),
    special: hasSpecialCharacter(password),
  };
}

/** The rule: 8-16 characters, at least one uppercase letter, at least one of !@#$%^&*. */
export function meetsPasswordRule(password: string): boolean {
  const r = checkPasswordRequirements(password);
  return r.length && r.uppercase && r.special;
}

/** The checklist's lines, in the order the registration screen shows them. */
export const PASSWORD_REQUIREMENT_LABELS: ReadonlyArray<{ key: keyof PasswordRequirements; label: string }> = [
  { key: 'length', label: '8-16 characters' },
  { key: 'uppercase', label: 'At least one uppercase letter' },
  { key: 'special', label: `At least one special character (${PASSWORD_SPECIAL_CHARACTERS})` },
];

export const PASSWORD_STRENGTH_LABELS = ['Very Weak', 'Weak', 'Fair', 'Good', 'Strong', 'Very Strong', 'Excellent'] as const;
export type PasswordStrengthLabel = (typeof PASSWORD_STRENGTH_LABELS)[number];

export interface PasswordStrength {
  /** 0 to 6. */
  score: number;
  label: PasswordStrengthLabel;
}

/**
 * Strength score 0-6 (spec §4): one point each for length 8 or more, length 12 or more,
 * an uppercase letter, a lowercase letter, a digit, a special character from !@#$%^&*.
 */
export function passwordStrength(password: string): PasswordStrength {
  const length = [...password].length;
  let score = 0;
  if (length >= 8) score++;
  if (length >= 12) score++;
  if (UPPERCASE.test(password)) score++;
  if (LOWERCASE.test(password)) score++;
  if (DIGIT.test(password)) score++;
  if (hasSpecialCharacter(password)) score++;
  return { score, label: PASSWORD_STRENGTH_LABELS[score] };
}
