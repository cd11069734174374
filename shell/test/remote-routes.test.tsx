// Remote pages inside the shell (DESIGN.md §5): rendered under the navbar, fetched only when their
// route is visited, and contained when they fail to load or throw, with a retry that needs no reload.
import { screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { REMOTE_PAGES } from '../src/app/remote-pages';
import { loadRemotePage } from '../src/remotes/registry';
import { makeUser, makeUserWithUnknownRole } from './support/fake-api';
import { fakePage, loadFakeRemotePage, pageHeading, ROLE_ROUTES } from './support/fake-remotes';
import { currentPath, findNavbar, findPage, renderApp } from './support/render-app';

// The real registry (versions, RemoteLoadError) but for loading pages, which each test decides.
jest.mock('../src/remotes/registry', () => ({ ...jest.requireActual('../src/remotes/registry'), loadRemotePage: jest.fn() }));
const loadPage = jest.mocked(loadRemotePage);

const customer = makeUser('normal_user');
const FALLBACK_TITLE = 'This part of Store Ratings is not available right now';

/** loadRemotePage for the happy path, except `module`, which gets `failure` instead. */
function failing(module: string, failure: () => Promise<{ default: ComponentType }>) {
  return (remote: Parameters<typeof loadRemotePage>[0], name: string) => (name === module ? failure() : loadFakeRemotePage(remote, name));
}

let consoleError: jest.SpyInstance;

beforeEach(() => {
  loadPage.mockReset();
  loadPage.mockImplementation(loadFakeRemotePage);
  // Failing remotes are logged by React and by the error boundary; the tests check what the user sees.
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => consoleError.mockRestore());

test('a remote page renders inside the shell, under the navbar', async () => {
  renderApp({ path: '/stores', user: customer });
  const heading = await screen.findByRole('heading', { name: pageHeading('mf_stores', 'StoreListPage') });
  const nav = await findNavbar();
  expect(nav.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(heading.closest('#main-content')).not.toBeNull();
  expect(loadPage).toHaveBeenCalledWith('mf_stores', 'StoreListPage', false);
});

test('while a remote loads, its page’s skeleton stands under the navbar, names the area and the tab', async () => {
  loadPage.mockImplementation(() => new Promise(() => undefined));
  const { container } = renderApp({ path: '/profile', user: customer });
  await findNavbar();
  expect(await screen.findByRole('status')).toHaveTextContent('Loading the profile page');
  expect(container.querySelector('[data-skeleton="form"]')).toHaveAttribute('aria-busy', 'true');
  expect(document.title).toBe('My Profile · Store Ratings');
});

test('a remote is only requested when its route is visited', async () => {
  const { events } = renderApp({ path: '/stores', user: customer });
  await screen.findByRole('heading', { name: pageHeading('mf_stores', 'StoreListPage') });
  expect(loadPage.mock.calls.map(([remote, module]) => `${remote}/${module}`)).toEqual(['mf_stores/StoreListPage']);

  await events.click(within(await findNavbar()).getByRole('link', { name: 'Profile' }));

  expect(await screen.findByRole('heading', { name: pageHeading('mf_auth', 'ProfilePage') })).toBeInTheDocument();
  expect(loadPage.mock.calls.map(([remote, module]) => `${remote}/${module}`)).toEqual(['mf_stores/StoreListPage', 'mf_auth/ProfilePage']);
});

test('moving between routes of one remote page loads it once and keeps it on screen', async () => {
  const { events } = renderApp({ path: '/stores/3', user: customer });
  expect(await screen.findByText('Store 3')).toBeInTheDocument();

  await events.click(screen.getByRole('link', { name: 'Next store' }));

  expect(await screen.findByText('Store 4')).toBeInTheDocument();
  expect(currentPath()).toBe('/stores/4');
  expect(loadPage).toHaveBeenCalledTimes(1);
});

test.each(ROLE_ROUTES)('$path loads $remote/$module, and nothing else', async ({ path, role, remote, module }) => {
  renderApp({ path, user: makeUser(role) });
  const heading = await findPage(remote, module);
  expect(heading.closest('#main-content')).not.toBeNull();
  expect(loadPage.mock.calls).toEqual([[remote, module, false]]);
});

/** Who may open a remote page's path: signed out for sign-in, sign-up and password reset, the route's role, else a customer. */
function visitorOf(path: string) {
  if (['/login', '/register', '/forgot-password', '/reset-password'].includes(path)) return undefined;
  return makeUser(ROLE_ROUTES.find((route) => route.path === path)?.role ?? 'normal_user');
}

test.each(Object.entries(REMOTE_PAGES))('%s renders the remote page remote-pages.json names for it', async (path, page) => {
  renderApp({ path: path.replace(':id', '11'), user: visitorOf(path) });
  expect(await findPage(page.remote, page.module)).toBeInTheDocument();
  expect(loadPage.mock.calls).toEqual([[page.remote, page.module, false]]);
});

test("the shell's own pages request no remote at all", async () => {
  // A user of unknown role has no role dashboard: /dashboard is the shell's own page.
  renderApp({ path: '/dashboard', user: makeUserWithUnknownRole() });
  expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  expect(loadPage).not.toHaveBeenCalled();
});

test('a remote that fails to load shows the fallback while the navbar keeps working', async () => {
  loadPage.mockImplementation(failing('ProfilePage', () => Promise.reject(new Error('remoteEntry.js 404'))));
  const { events } = renderApp({ path: '/profile', user: customer });

  const alert = await screen.findByRole('alert');
  expect(alert).toHaveAccessibleName(FALLBACK_TITLE);
  expect(alert).toHaveTextContent('The profile page could not be loaded.');
  expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  const nav = await findNavbar();

  await events.click(within(nav).getByRole('link', { name: 'Stores' }));

  expect(await screen.findByRole('heading', { name: pageHeading('mf_stores', 'StoreListPage') })).toBeInTheDocument();
  expect(currentPath()).toBe('/stores');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test("after a failed remote, the shell's own pages keep working too", async () => {
  loadPage.mockImplementation(failing('StoreListPage', () => Promise.reject(new Error('timeout'))));
  const { events } = renderApp({ path: '/stores', user: makeUserWithUnknownRole() });
  await screen.findByRole('alert');

  await events.click(within(await findNavbar()).getByRole('link', { name: 'Dashboard' }));

  expect(await screen.findByText(/no dashboard of its own/)).toBeInTheDocument();
  expect(currentPath()).toBe('/dashboard');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test.each(ROLE_ROUTES)('a failing $remote/$module is contained, naming the $area', async ({ path, role, module, area }) => {
  loadPage.mockImplementation(failing(module, () => Promise.reject(new Error('mf-manifest.json 404'))));
  renderApp({ path, user: makeUser(role) });

  const alert = await screen.findByRole('alert');
  expect(alert).toHaveAccessibleName(FALLBACK_TITLE);
  expect(alert).toHaveTextContent(`The ${area} could not be loaded.`);
  expect(await findNavbar()).toBeInTheDocument();
  expect(currentPath()).toBe(path);
});

test('after one page of a remote fails, another page of the same remote loads, requested once', async () => {
  loadPage.mockImplementation(failing('AdminUsersPage', () => Promise.reject(new Error('chunk failed'))));
  const { events } = renderApp({ path: '/admin/users', user: makeUser('system_admin') });
  await screen.findByRole('alert');

  await events.click(within(await findNavbar()).getByRole('link', { name: 'Analytics' }));

  expect(await findPage('mf_admin', 'AdminAnalyticsPage')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(loadPage.mock.calls).toEqual([
    ['mf_admin', 'AdminUsersPage', false],
    ['mf_admin', 'AdminAnalyticsPage', false],
  ]);
});

test('coming back to a page that loaded shows it at once, without asking the remote again', async () => {
  const { events } = renderApp({ path: '/admin/users', user: makeUser('system_admin') });
  expect(await findPage('mf_admin', 'AdminUsersPage')).toBeInTheDocument();
  const nav = await findNavbar();

  await events.click(within(nav).getByRole('link', { name: 'Analytics' }));
  expect(await findPage('mf_admin', 'AdminAnalyticsPage')).toBeInTheDocument();
  await events.click(within(nav).getByRole('link', { name: 'Users' }));

  expect(await findPage('mf_admin', 'AdminUsersPage')).toBeInTheDocument();
  expect(loadPage.mock.calls).toEqual([
    ['mf_admin', 'AdminUsersPage', false],
    ['mf_admin', 'AdminAnalyticsPage', false],
  ]);
});

test('coming back to a page that failed asks the remote again', async () => {
  let usersAttempts = 0;
  loadPage.mockImplementation(
    failing('AdminUsersPage', () => {
      usersAttempts += 1;
      return usersAttempts === 1
        ? Promise.reject(new Error('offline'))
        : Promise.resolve({ default: fakePage('mf_admin', 'AdminUsersPage') });
    }),
  );
  const { events } = renderApp({ path: '/admin/users', user: makeUser('system_admin') });
  await screen.findByRole('alert');
  const nav = await findNavbar();

  await events.click(within(nav).getByRole('link', { name: 'Analytics' }));
  expect(await findPage('mf_admin', 'AdminAnalyticsPage')).toBeInTheDocument();
  await events.click(within(nav).getByRole('link', { name: 'Users' }));

  expect(await findPage('mf_admin', 'AdminUsersPage')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(usersAttempts).toBe(2);
});

test('"Try again" loads the remote afresh and shows the page without a reload', async () => {
  let profileAttempts = 0;
  loadPage.mockImplementation(
    failing('ProfilePage', () => {
      profileAttempts += 1;
      return profileAttempts === 1
        ? Promise.reject(new Error('offline'))
        : Promise.resolve({ default: fakePage('mf_auth', 'ProfilePage') });
    }),
  );
  const { events } = renderApp({ path: '/profile', user: customer });
  const alert = await screen.findByRole('alert');
  const nav = await findNavbar();
  expect(loadPage).toHaveBeenLastCalledWith('mf_auth', 'ProfilePage', false);

  await events.click(within(alert).getByRole('button', { name: 'Try again' }));

  expect(await screen.findByRole('heading', { name: pageHeading('mf_auth', 'ProfilePage') })).toBeInTheDocument();
  expect(loadPage).toHaveBeenLastCalledWith('mf_auth', 'ProfilePage', true);
  expect(loadPage).toHaveBeenCalledTimes(2);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  // The same navbar element: the shell was not re-rendered from scratch, let alone reloaded.
  expect(screen.getByRole('navigation', { name: 'Main' })).toBe(nav);
  expect(currentPath()).toBe('/profile');
});

test('"Try again" that fails again shows the fallback again', async () => {
  loadPage.mockImplementation(failing('StoreDetailPage', () => Promise.reject(new Error('still down'))));
  const { events } = renderApp({ path: '/stores/8', user: customer });
  await events.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Try again' }));

  await waitFor(() => expect(loadPage).toHaveBeenCalledTimes(2));
  expect(await screen.findByRole('alert')).toHaveTextContent('The store page could not be loaded.');
  expect(loadPage).toHaveBeenLastCalledWith('mf_stores', 'StoreDetailPage', true);
});

test('a remote page that throws while rendering is contained by the same fallback', async () => {
  function BrokenStoreList(): never {
    throw new Error('Cannot read properties of undefined');
  }
  loadPage.mockImplementation(failing('StoreListPage', () => Promise.resolve({ default: BrokenStoreList })));
  const { events } = renderApp({ path: '/stores', user: customer });

  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('The store list could not be loaded.');
  expect(consoleError).toHaveBeenCalledWith('The store list area failed', expect.any(Error), expect.anything());

  await events.click(within(await findNavbar()).getByRole('link', { name: 'Profile' }));
  expect(await screen.findByRole('heading', { name: pageHeading('mf_auth', 'ProfilePage') })).toBeInTheDocument();
});

test('a failed sign-in page is contained too, for signed-out users', async () => {
  loadPage.mockImplementation(failing('LoginPage', () => Promise.reject(new Error('offline'))));
  renderApp({ path: '/stores' });
  expect(await screen.findByRole('alert')).toHaveTextContent('The sign-in page could not be loaded.');
  expect(currentPath()).toBe('/login');
});
