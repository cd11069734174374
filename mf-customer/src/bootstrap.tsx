// Runs this remote alone in development, with the stand-in shell of shared-contracts.
import { createRoot } from 'react-dom/client';
import { StandaloneHarness } from 'shared-contracts/standalone';
import CustomerDashboardPage from './exposed/CustomerDashboardPage';
import MyRatingsPage from './exposed/MyRatingsPage';

createRoot(document.getElementById('root')!).render(
  <StandaloneHarness
    title="mf-customer"
    basename="/mf/customer"
    pages={[
      { path: '/user-dashboard', label: 'CustomerDashboardPage', element: <CustomerDashboardPage /> },
      { path: '/ratings', label: 'MyRatingsPage', element: <MyRatingsPage /> },
    ]}
  />,
);
