// Runs this remote alone in development, with the stand-in shell of shared-contracts.
import { createRoot } from 'react-dom/client';
import { StandaloneHarness } from 'shared-contracts/standalone';
import OwnerDashboardPage from './exposed/OwnerDashboardPage';

createRoot(document.getElementById('root')!).render(
  <StandaloneHarness
    title="mf-owner"
    basename="/mf/owner"
    pages={[{ path: '/store-owner', label: 'OwnerDashboardPage', element: <OwnerDashboardPage /> }]}
  />,
);
