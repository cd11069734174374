/** The route table (spec §2, DESIGN.md §5): the shell owns routes and guards, remotes own what renders. */
import { Navigate, Outlet, Route, Routes } from 'react-router-dom';
import { HomeRedirect, RequireRole, RequireSignedIn, SignedOutOnly } from '../auth/guards';
import { DashboardRedirect } from '../features/dashboard/DashboardRedirect';
import { Navbar } from '../features/navbar/Navbar';
import { RoleDashboardPlaceholder } from '../features/placeholders/RoleDashboardPlaceholder';
import { RemotePage } from '../remotes/RemotePage';

function SignedInLayout() {
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

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<HomeRedirect />} />

      <Route element={<SignedOutOnly />}>
        <Route path="/login" element={<RemotePage remote="mf_auth" module="LoginPage" area="sign-in page" />} />
        <Route path="/register" element={<RemotePage remote="mf_auth" module="RegisterPage" area="sign-up page" />} />
      </Route>

      <Route element={<RequireSignedIn />}>
        <Route element={<SignedInLayout />}>
          <Route path="/dashboard" element={<DashboardRedirect />} />
          <Route path="/profile" element={<RemotePage remote="mf_auth" module="ProfilePage" area="profile page" />} />
          <Route path="/stores" element={<RemotePage remote="mf_stores" module="StoreListPage" area="store list" />} />
          <Route path="/stores/:id" element={<RemotePage remote="mf_stores" module="StoreDetailPage" area="store page" />} />

          <Route element={<RequireRole roles={['system_admin']} />}>
            <Route
              path="/admin"
              element={<RoleDashboardPlaceholder title="Admin Dashboard" comingNext="User and store management arrive in the next release." />}
            />
          </Route>
          <Route element={<RequireRole roles={['store_owner']} />}>
            <Route
              path="/store-owner"
              element={<RoleDashboardPlaceholder title="Store Owner Dashboard" comingNext="The full view of your stores' ratings arrives in the next release." />}
            />
          </Route>
          <Route element={<RequireRole roles={['normal_user']} />}>
            <Route
              path="/user-dashboard"
              element={<RoleDashboardPlaceholder title="My Dashboard" comingNext="Recommendations and your rating history arrive in the next release." />}
            />
          </Route>
        </Route>
      </Route>

      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
