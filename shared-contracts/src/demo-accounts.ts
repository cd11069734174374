/**
 * The demo accounts seeded into an empty database, one per role: the sign-in screen's demo box and
 * the README show them, the API seeds them. One list, so they cannot drift apart.
 */
import { LOGIN_ROLE_OPTIONS, type Role } from './roles';

export interface DemoAccount {
  /** The role's name in the sign-in chooser: Admin, Shopkeeper, Customer. */
  label: string;
  email: string;
  password: string;
  role: Role;
}

const labelOf = (role: Role) => LOGIN_ROLE_OPTIONS.find((option) => option.role === role)?.label ?? role;

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { label: labelOf('system_admin'), email: 'admin@example.com', password: 'Admin@1234', role: 'system_admin' },
  { label: labelOf('store_owner'), email: 'owner@example.com', password: 'Owner@1234', role: 'store_owner' },
  { label: labelOf('normal_user'), email: 'customer@example.com', password: 'Customer@1234', role: 'normal_user' },
];

export function demoAccountFor(role: Role): DemoAccount {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role);
  if (!account) throw new Error(`no demo account for ${role}`);
  return account;
}
