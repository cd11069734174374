// Runs this remote alone in development, with the stand-in shell of shared-contracts.
import { createRoot } from 'react-dom/client';
import { StandaloneHarness } from 'shared-contracts/standalone';
import StoreDetailPage from './exposed/StoreDetailPage';
import StoreListPage from './exposed/StoreListPage';

createRoot(document.getElementById('root')!).render(
  <StandaloneHarness
    title="mf-stores"
    basename="/mf/stores"
    pages={[
      { path: '/stores', label: 'Stores', element: <StoreListPage /> },
      { path: '/stores/:id', label: 'Store 1', element: <StoreDetailPage /> },
    ]}
  />,
);
