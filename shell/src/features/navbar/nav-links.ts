/** Which links the navbar shows for a role, and which one is active for a path (spec §2). */
import { dashboardPathForRole } from 'shared-contracts';

export interface NavLinkItem {
  label: string;
  to: string;
  /** Exact match only (dashboards); otherwise the link is active for every path under it. */
  exact: boolean;
}

export function navLinksFor(role: unknown): NavLinkItem[] {
  const links: NavLinkItem[] = [
    { label: 'Dashboard', to: dashboardPathForRole(role), exact: true },
    { label: 'Stores', to: '/stores', exact: false },
    { label: 'Profile', to: '/profile', exact: false },
  ];
  if (role === 'system_admin') {
    links.push(
      { label: 'Users', to: '/admin/users', exact: false },
      { label: 'Manage Stores', to: '/admin/stores', exact: false },
      { label: 'Analytics', to: '/admin/analytics', exact: false },
      { label: 'Deployments', to: '/admin/deployments', exact: false },
    );
  }
  if (role === 'normal_user') links.push({ label: 'My Ratings', to: '/ratings', exact: false });
  return links;
}

export function isActive(link: NavLinkItem, pathname: string): boolean {
  if (link.exact) return pathname === link.to || (link.label === 'Dashboard' && pathname === '/dashboard');
  return pathname === link.to || pathname.startsWith(`${link.to}/`);
}
