// Renders the real shell (route table, guards, navbar, AuthProvider, toaster) in a MemoryRouter,
// with a fake API client. Remote pages come from the test file's mock of the registry module.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { Role, User } from 'shared-contracts';
import { QueryClientProvider } from 'shared-contracts/react';
import { createTestQueryClient } from 'shared-contracts/testing';
import { AppRoutes } from '../../src/app/AppRoutes';
import { AuthProvider } from '../../src/auth/AuthProvider';
import { AppToaster } from '../../src/features/feedback/AppToaster';
import { createFakeApi, type FakeApi, fakeClientFactory } from './fake-api';
import { dashboardHeading, pageHeading } from './fake-remotes';

export const SAVED_TOKEN = 'saved-token';

export interface RenderAppOptions {
  /** Where the app starts. */
  path?: string;
  /** Signs this user in through a saved token and a profile answer. */
  user?: User;
  /** The API fake; a fresh one by default. */
  api?: FakeApi;
}

function LocationProbe({ visited }: { visited: string[] }) {
  const location = useLocation();
  useEffect(() => {
    visited.push(location.pathname + location.search);
  }, [location, visited]);
  return (
    <div data-testid="location" hidden>
      {location.pathname + location.search}
    </div>
  );
}

export function renderApp({ path = '/', user, api = createFakeApi() }: RenderAppOptions = {}) {
  if (user) {
    window.localStorage.setItem('token', SAVED_TOKEN);
    api.auth.getProfile.mockResolvedValue({ user });
  }
  const { factory, hooks } = fakeClientFactory(api);
  const visited: string[] = [];
  const events = userEvent.setup();
  const queryClient = createTestQueryClient();
  const utils = render(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider client={factory}>
          <AppRoutes />
          <LocationProbe visited={visited} />
          <AppToaster />
        </AuthProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { ...utils, api, factory, hooks, visited, events, queryClient };
}

/** The router's current path (and query). */
export const currentPath = () => screen.getByTestId('location').textContent;

/** The navbar, found by its landmark. */
export const findNavbar = () => screen.findByRole('navigation', { name: 'Main' });

/** A remote page's stand-in, found by its heading once it has loaded. */
export const findPage = (remote: string, module: string) => screen.findByRole('heading', { name: pageHeading(remote, module) });

/** The stand-in of a role's dashboard page (mf_admin, mf_owner or mf_customer), once it has loaded. */
export const findDashboard = (role: Role) => screen.findByRole('heading', { name: dashboardHeading(role) });
