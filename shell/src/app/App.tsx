/**
 * The shell's root: the router, the page's one query cache, the session, the route table and the toaster;
 * it reports the shell's own load.
 */
import { useEffect, useRef, useState } from 'react';
import { BrowserRouter, createQueryClient, QueryClientProvider } from 'shared-contracts/react';
import { AuthProvider } from '../auth/AuthProvider';
import { AppToaster } from '../features/feedback/AppToaster';
import { renderMsOf, reportRemoteHealth } from '../remotes/health';
import { appVersion } from '../remotes/registry';
import { AppRoutes } from './AppRoutes';

/** Reports the shell's own load once, timed from the navigation's start to the App's first commit. */
function useReportShellLoad(): void {
  // A ref, not just the effect: development's StrictMode runs a mount's effects twice.
  const reported = useRef(false);
  useEffect(() => {
    if (reported.current) return;
    reported.current = true;
    reportRemoteHealth({ app: 'shell', version: appVersion('shell'), kind: 'load', renderMs: renderMsOf(performance.now()) });
  }, []);
}

export function App() {
  useReportShellLoad();
  // One cache for the page's life, shared by every remote (the session clears it on sign-out).
  const [queryClient] = useState(createQueryClient);
  return (
    <BrowserRouter>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <AppRoutes />
          <AppToaster />
        </AuthProvider>
      </QueryClientProvider>
    </BrowserRouter>
  );
}
