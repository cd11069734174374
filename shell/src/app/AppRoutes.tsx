/**
 * The route table (spec §2, DESIGN.md §5): the shell owns routes and guards, remotes own what renders.
 * Which remote page renders each remote route is data (remote-pages.json, through remote-pages.ts).
 */
import { useEffect } from 'react';
import { Navigate, Outlet, Route, Routes, useAuth } from 'shared-contracts/react';
import { HomeRedirect, RequireRole, RequireSignedIn, SignedOutOnly } from '../auth/guards';
import { DashboardRedirect } from '../features/dashboard/DashboardRedirect';
import { Navbar } from '../features/navbar/Navbar';
import { navLinksFor } from '../features/navbar/nav-links';
import { prefetchOnIntent, prefetchWhenIdle } from '../remotes/prefetch';
import { RemotePage, RemotePagesProvider } from '../remotes/RemotePage';
import { REMOTE_PAGES, type RemotePagePath } from './remote-pages';

/** The pages a signed-in user most likely opens next: the navbar's first links (their dashboard, the stores). */
const LIKELY_NEXT_LINKS = 2;

function SignedInLayout() {
  const { user } = useAuth();
  const role = user?.role;
  useEffect(
    () =>
      prefetchWhenIdle(
        navLinksFor(role)
          .slice(0, LIKELY_NEXT_LINKS)
          .map((link) => link.to),
      ),
    [role],
  );
  return (
    <>
      <a href="#main-content" className="skip-link">
        Skip to content
      </a>
      <Navbar />
      <div id="main-content" tabIndex={-1}>
        <Outlet />
      </div>
    </>
  );
}

/** The route of a remote page: the remote, module and area remote-pages.json gives its path. */
function remoteRoute(path: RemotePagePath) {
  const { remote, module, area, title, skeleton } = REMOTE_PAGES[path];
  return (
    <Route key={path} path={path} element={<RemotePage remote={remote} module={module} area={area} title={title} skeleton={skeleton} />} />
  );
}

export function AppRoutes() {
  // A page a link leads to is fetched ahead when the link is hovered, focused or touched.
  useEffect(() => prefetchOnIntent(), []);
  return (
    <RemotePagesProvider>
      <Routes>
        <Route path="/" element={<HomeRedirect />} />

        <Route element={<SignedOutOnly />}>
          {remoteRoute('/login')}
          {remoteRoute('/register')}
          {remoteRoute('/forgot-password')}
          {remoteRoute('/reset-password')}
        </Route>

        <Route element={<RequireSignedIn />}>
          <Route element={<SignedInLayout />}>
            <Route path="/dashboard" element={<DashboardRedirect />} />
            {remoteRoute('/profile')}
            {/* Signed in: a new account is signed in at once; a signed-out visitor signs in first and comes back. */}
            {remoteRoute('/verify-email')}
            {remoteRoute('/stores')}
            {remoteRoute('/stores/:id')}

            <Route element={<RequireRole roles={['system_admin']} />}>
              {remoteRoute('/admin')}
              <Route path="/admin/dashboard" element={<Navigate to="/admin" replace />} />
              {remoteRoute('/admin/users')}
              {remoteRoute('/admin/stores')}
              {remoteRoute('/admin/analytics')}
              {remoteRoute('/admin/deployments')}
              {remoteRoute('/admin/moderation')}
            </Route>
            <Route element={<RequireRole roles={['store_owner']} />}>{remoteRoute('/store-owner')}</Route>
            <Route element={<RequireRole roles={['normal_user']} />}>
              {remoteRoute('/user-dashboard')}
              {remoteRoute('/ratings')}
            </Route>
          </Route>
        </Route>

        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </RemotePagesProvider>
  );
}
