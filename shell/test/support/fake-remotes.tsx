// Stand-ins for the remotes' pages. Tests mock '../src/remotes/registry' and let loadRemotePage
// resolve these, so the real route table, guards and RemotePage run without Module Federation.
import type { ComponentType } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { Role } from 'shared-contracts';
import { useAuth } from 'shared-contracts/react';
import type { RemoteName } from '../../src/remotes/registry';

export const SIGN_IN_AS = { email: 'carla@example.com', password: 'Secret#123', role: 'normal_user' } as const;
export const SIGN_UP_AS = {
  name: 'Carla Customer Montgomery',
  email: 'carla@example.com',
  address: '12 Market Street, Springfield',
  password: 'Secret#123',
};

/** The heading each fake page shows, e.g. 'mf_stores/StoreListPage'. */
export const pageHeading = (remote: string, module: string) => `${remote}/${module}`;

export interface RoleRoute {
  path: string;
  /** The one role the route is for. */
  role: Role;
  remote: RemoteName;
  module: string;
  /** How the shell names the area in its spinner and fallback. */
  area: string;
}

/** Each role's dashboard route: the brand, the Dashboard link and /dashboard lead there. */
export const ROLE_DASHBOARDS: Record<Role, RoleRoute> = {
  system_admin: { path: '/admin', role: 'system_admin', remote: 'mf_admin', module: 'AdminDashboardPage', area: 'admin dashboard' },
  store_owner: {
    path: '/store-owner',
    role: 'store_owner',
    remote: 'mf_owner',
    module: 'OwnerDashboardPage',
    area: 'store owner dashboard',
  },
  normal_user: { path: '/user-dashboard', role: 'normal_user', remote: 'mf_customer', module: 'CustomerDashboardPage', area: 'dashboard' },
};

/** The routes only one role may open, each with the remote page that renders it (the shell's route table). */
export const ROLE_ROUTES: readonly RoleRoute[] = [
  ROLE_DASHBOARDS.system_admin,
  { path: '/admin/users', role: 'system_admin', remote: 'mf_admin', module: 'AdminUsersPage', area: 'user management' },
  { path: '/admin/stores', role: 'system_admin', remote: 'mf_admin', module: 'AdminStoresPage', area: 'store management' },
  { path: '/admin/analytics', role: 'system_admin', remote: 'mf_admin', module: 'AdminAnalyticsPage', area: 'analytics' },
  { path: '/admin/deployments', role: 'system_admin', remote: 'mf_admin', module: 'AdminDeploymentsPage', area: 'deployments page' },
  { path: '/admin/moderation', role: 'system_admin', remote: 'mf_admin', module: 'AdminModerationPage', area: 'moderation page' },
  ROLE_DASHBOARDS.store_owner,
  ROLE_DASHBOARDS.normal_user,
  { path: '/ratings', role: 'normal_user', remote: 'mf_customer', module: 'MyRatingsPage', area: 'ratings page' },
];

/** The heading of a role's dashboard page stand-in, e.g. 'mf_customer/CustomerDashboardPage'. */
export const dashboardHeading = (role: Role) => pageHeading(ROLE_DASHBOARDS[role].remote, ROLE_DASHBOARDS[role].module);

export function fakePage(remote: string, module: string): ComponentType {
  function FakeRemotePage() {
    const { login, register, replaceToken } = useAuth();
    const { id } = useParams();
    return (
      <main>
        <h1>{pageHeading(remote, module)}</h1>
        {module === 'StoreDetailPage' && (
          <>
            <p>Store {id}</p>
            <Link to={`/stores/${Number(id) + 1}`}>Next store</Link>
          </>
        )}
        {module === 'LoginPage' && (
          <button type="button" onClick={() => void login(SIGN_IN_AS.email, SIGN_IN_AS.password, SIGN_IN_AS.role).catch(() => undefined)}>
            Fake sign in
          </button>
        )}
        {module === 'RegisterPage' && (
          <button type="button" onClick={() => void register(SIGN_UP_AS).catch(() => undefined)}>
            Fake sign up
          </button>
        )}
        {module === 'ProfilePage' && (
          <button type="button" onClick={() => replaceToken('rotated-token')}>
            Fake password change
          </button>
        )}
      </main>
    );
  }
  FakeRemotePage.displayName = `Fake(${remote}/${module})`;
  return FakeRemotePage;
}

/** loadRemotePage's happy path: every page loads at once. */
export const loadFakeRemotePage = async (remote: string, module: string): Promise<{ default: ComponentType }> => ({
  default: fakePage(remote, module),
});
