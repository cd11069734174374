/**
 * `/dashboard` (spec §2): fetches the caller's figures, then sends them to their role's dashboard. The
 * answer goes into the page's query cache under the customer dashboard's key, so that screen starts
 * with it. A failure is only logged (spec §8: no toast); the role dashboard fetches its own data.
 */
import { dashboardPathForRole } from 'shared-contracts';
import { Navigate, queryKeys, useApi, useAuth, useQuery } from 'shared-contracts/react';
import { PageSkeleton } from 'shared-contracts/ui';

export function DashboardRedirect() {
  const { user } = useAuth();
  const api = useApi();
  const figures = useQuery({ queryKey: queryKeys.me.dashboard(), queryFn: () => api.users.dashboard(), retry: false });

  if (figures.isPending) return <PageSkeleton kind="dashboard" documentTitle="Dashboard" label="Loading your dashboard" />;
  const target = dashboardPathForRole(user?.role);
  if (target === '/dashboard') {
    return (
      <main className="page">
        <h1>Dashboard</h1>
        <p>Your account has no dashboard of its own. Use Stores and Profile above.</p>
      </main>
    );
  }
  return <Navigate to={target} replace />;
}
