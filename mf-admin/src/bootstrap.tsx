// Runs this remote alone in development, with the stand-in shell of shared-contracts.
import { createRoot } from 'react-dom/client';
import { StandaloneHarness } from 'shared-contracts/standalone';
import AdminDashboardPage from './exposed/AdminDashboardPage';
import AdminUsersPage from './exposed/AdminUsersPage';
import AdminStoresPage from './exposed/AdminStoresPage';
import AdminAnalyticsPage from './exposed/AdminAnalyticsPage';
import AdminDeploymentsPage from './exposed/AdminDeploymentsPage';
import AdminModerationPage from './exposed/AdminModerationPage';

createRoot(document.getElementById('root')!).render(
  <StandaloneHarness
    title="mf-admin"
    basename="/mf/admin"
    pages={[
      { path: '/admin', label: 'AdminDashboardPage', element: <AdminDashboardPage /> },
      { path: '/admin/users', label: 'AdminUsersPage', element: <AdminUsersPage /> },
      { path: '/admin/stores', label: 'AdminStoresPage', element: <AdminStoresPage /> },
      { path: '/admin/analytics', label: 'AdminAnalyticsPage', element: <AdminAnalyticsPage /> },
      { path: '/admin/deployments', label: 'AdminDeploymentsPage', element: <AdminDeploymentsPage /> },
      { path: '/admin/moderation', label: 'AdminModerationPage', element: <AdminModerationPage /> },
    ]}
  />,
);
