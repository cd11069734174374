/** The route table (spec §2, DESIGN.md §5): the shell owns routes and guards, remotes own what renders. */
import { Navigate, Outlet, Route, Routes } from 'shared-contracts/react';
import { HomeRedirect, RequireRole, RequireSignedIn, SignedOutOnly } from '../auth/guards';
import { DashboardRedirect } from '../features/dashboard/DashboardRedirect';
import { Navbar } from '../features/navbar/Navbar';
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
            <Route path="/admin" element={<RemotePage remote="mf_admin" module="AdminDashboardPage" area="admin dashboard" />} />
            <Route path="/admin/dashboard" element={<Navigate to="/admin" replace />} />
            <Route path="/admin/users" element={<RemotePage remote="mf_admin" module="AdminUsersPage" area="user management" />} />
            <Route path="/admin/stores" element={<RemotePage remote="mf_admin" module="AdminStoresPage" area="store management" />} />
            <Route path="/admin/analytics" element={<RemotePage remote="mf_admin" module="AdminAnalyticsPage" area="analytics" />} />
          </Route>
          <Route element={<RequireRole roles={['store_owner']} />}>
            <Route path="/store-owner" element={<RemotePage remote="mf_owner" module="OwnerDashboardPage" area="store owner dashboard" />} />
          </Route>
          <Route element={<RequireRole roles={['normal_user']} />}>
            <Route path="/user-dashboard" element={<RemotePage remote="mf_customer" module="CustomerDashboardPage" area="dashboard" />} />
            <Route path="/ratings" element={<RemotePage remote="mf_customer" module="MyRatingsPage" area="ratings page" />} />
          </Route>
        </Route>
      </Route>

      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
