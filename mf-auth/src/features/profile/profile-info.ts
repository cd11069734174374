/** What the profile's info tiles show (DESIGN.md §10: real values in place of the seed's fixed ones). */
import type { User } from 'shared-contracts';

/** The address up to its first comma ("12 MG Road, Pune" gives "12 MG Road"); '' when there is none. */
export function firstAddressSegment(address: string | null | undefined): string {
  return (address ?? '').split(',')[0].trim();
}

/** "March 2024" from the account's creation time, or null when the time is missing or unreadable. */
export function memberSince(createdAt: string | null | undefined, locale = 'en-US'): string | null {
  if (!createdAt) return null;
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleDateString(locale, { month: 'long', year: 'numeric' });
}

export interface ProfileCompleteness {
  filled: number;
  total: number;
  complete: boolean;
  /** "Complete", else e.g. "67% complete". */
  label: string;
}

/** How many of the profile's fields (name, email, address) are filled. */
export function profileCompleteness(user: Pick<User, 'name' | 'email' | 'address'>): ProfileCompleteness {
  const fields = [user.name, user.email, user.address];
  const filled = fields.filter((value) => typeof value === 'string' && value.trim() !== '').length;
  const total = fields.length;
  const complete = filled === total;
  return { filled, total, complete, label: complete ? 'Complete' : `${Math.round((filled / total) * 100)}% complete` };
}

/** Up to two initials for the avatar. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => [...word][0]?.toUpperCase() ?? '').join('') || '?';
}
