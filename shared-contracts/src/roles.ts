/** The three roles and how each is shown. */

export const ROLES = ['system_admin', 'store_owner', 'normal_user'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Navbar badge text (spec §2): Admin, Store Owner, User; an unknown role shows the normal user badge. */
export function roleBadgeLabel(role: unknown): string {
  if (role === 'system_admin') return 'Admin';
  if (role === 'store_owner') return 'Store Owner';
  return 'User';
}

/** Display label of a role (spec §3): System Administrator, Store Owner, Customer. */
export function roleDisplayLabel(role: unknown): string {
  if (role === 'system_admin') return 'System Administrator';
  if (role === 'store_owner') return 'Store Owner';
  return 'Customer';
}

/** Where each role's dashboard lives; an unknown role falls back to /dashboard. */
export function dashboardPathForRole(role: unknown): string {
  if (role === 'system_admin') return '/admin';
  if (role === 'store_owner') return '/store-owner';
  if (role === 'normal_user') return '/user-dashboard';
  return '/dashboard';
}

/** The sign-in screen's role chooser (spec §2), Customer first and default. */
export const LOGIN_ROLE_OPTIONS: ReadonlyArray<{ role: Role; label: string; caption: string }> = [
  { role: 'normal_user', label: 'Customer', caption: 'Rate and discover stores' },
  { role: 'store_owner', label: 'Shopkeeper', caption: 'Manage your store ratings' },
  { role: 'system_admin', label: 'Admin', caption: 'System management' },
];
export const DEFAULT_LOGIN_ROLE: Role = 'normal_user';

/** The admin role picker (spec §2, Admin users). */
export const ADMIN_ROLE_OPTIONS: ReadonlyArray<{ role: Role; label: string }> = [
  { role: 'normal_user', label: 'Customer' },
  { role: 'store_owner', label: 'Store Owner' },
  { role: 'system_admin', label: 'System Admin' },
];
