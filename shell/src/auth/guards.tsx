/**
 * Route guards (spec §2): while the saved session is checked, the page the address names in its loading
 * layout (the navbar's bar above a signed-in page), so the wait looks like the page it ends in; then the
 * bounce rules.
 */
import type { Role } from 'shared-contracts';
import { Navigate, Outlet, useAuth, useLocation } from 'shared-contracts/react';
import { PageSkeleton } from 'shared-contracts/ui';
import { remotePageAt } from '../app/remote-pages';
import { NavbarPlaceholder } from '../features/navbar/Navbar';

function Checking() {
  const { pathname } = useLocation();
  const page = remotePageAt(pathname);
  const kind = page?.skeleton ?? 'dashboard';
  return (
    <>
      {kind !== 'auth' && <NavbarPlaceholder />}
      <PageSkeleton kind={kind} documentTitle={page?.title} label="Checking your session" />
    </>
  );
}

/** Signed-in users only; others go to /login (and come back after signing in). */
export function RequireSignedIn() {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <Checking />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}

/** Users with one of these roles only; other signed-in users go to /dashboard. */
export function RequireRole({ roles }: { roles: Role[] }) {
  const { user, loading } = useAuth();
  if (loading) return <Checking />;
  if (!user) return <Navigate to="/login" replace />;
  if (!roles.includes(user.role)) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

/** Sign-in and sign-up: a signed-in user goes to /dashboard. */
export function SignedOutOnly() {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <Checking />;
  if (user) {
    // Back to the page that sent them to sign in, if any.
    const from = (location.state as { from?: unknown } | null)?.from;
    return <Navigate to={typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/dashboard'} replace />;
  }
  return <Outlet />;
}

/** `/`: the dashboard when signed in, otherwise the sign-in page. */
export function HomeRedirect() {
  const { user, loading } = useAuth();
  if (loading) return <Checking />;
  return <Navigate to={user ? '/dashboard' : '/login'} replace />;
}
