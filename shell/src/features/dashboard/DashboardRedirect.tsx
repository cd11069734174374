/** `/dashboard` (spec §2): fetches the caller's figures, then sends them to their role's dashboard. */
import { useEffect, useState } from 'react';
import { dashboardPathForRole } from 'shared-contracts';
import { Navigate, useApi, useAuth } from 'shared-contracts/react';
import { PageSpinner } from '../feedback/PageSpinner';

export function DashboardRedirect() {
  const { user } = useAuth();
  const api = useApi();
  const [fetched, setFetched] = useState(false);

  useEffect(() => {
    let cancelled = false;
    api.users
      .dashboard()
      // A failure here is only logged (spec §8); the role dashboard fetches its own data.
      .catch((error) => console.error('Failed to fetch dashboard stats', error))
      .finally(() => {
        if (!cancelled) setFetched(true);
      });
    return () => {
      cancelled = true;
    };
  }, [api]);

  if (!fetched) return <PageSpinner label="Loading your dashboard" />;
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
