import { BrowserRouter } from 'shared-contracts/react';
import { AuthProvider } from '../auth/AuthProvider';
import { AppToaster } from '../features/feedback/AppToaster';
import { AppRoutes } from './AppRoutes';

export function App() {
  return (
    <BrowserRouter>
      <AuthProvider>
        <AppRoutes />
        <AppToaster />
      </AuthProvider>
    </BrowserRouter>
  );
}
