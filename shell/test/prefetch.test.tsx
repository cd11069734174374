// The remote of a likely next page fetched ahead (issue 16): on a link's hover, focus or touch anywhere
// on the page, and the role's main pages once the browser is idle; once per remote page.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { preloadRemote } from '@module-federation/enhanced/runtime';
import { loadRemotePage } from '../src/remotes/registry';
import { resetPrefetched } from '../src/remotes/prefetch';
import { makeUser } from './support/fake-api';
import { loadFakeRemotePage } from './support/fake-remotes';
import { findNavbar, renderApp } from './support/render-app';

jest.mock('@module-federation/enhanced/runtime', () => ({
  ...jest.requireActual('@module-federation/enhanced/runtime'),
  preloadRemote: jest.fn(() => Promise.resolve()),
}));
jest.mock('../src/remotes/registry', () => ({ ...jest.requireActual('../src/remotes/registry'), loadRemotePage: jest.fn() }));
const preload = jest.mocked(preloadRemote);
const loadPage = jest.mocked(loadRemotePage);

/** The remote pages prefetched so far, as 'remote/Module'. */
const prefetched = () => preload.mock.calls.map(([[arg]]) => `${arg.nameOrAlias}/${arg.exposes?.join(',')}`);

beforeEach(() => {
  resetPrefetched();
  preload.mockClear();
  loadPage.mockReset();
  loadPage.mockImplementation(loadFakeRemotePage);
  Reflect.deleteProperty(window, 'requestIdleCallback');
});

test('hovering, focusing or touching a link fetches its page’s remote ahead, once, with only its files', async () => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask'] });
  try {
    renderApp({ path: '/profile', user: makeUser('system_admin') });
    const nav = await findNavbar();
    preload.mockClear();
    fireEvent.pointerOver(within(nav).getByRole('link', { name: 'Users' }));
    expect(prefetched()).toEqual(['mf_admin/AdminUsersPage']);
    expect(preload.mock.calls[0][0][0]).toMatchObject({ resourceCategory: 'sync', share: false });
    fireEvent.focusIn(within(nav).getByRole('link', { name: 'Analytics' }));
    fireEvent.touchStart(within(nav).getByRole('link', { name: 'Users' }));
    expect(prefetched()).toEqual(['mf_admin/AdminUsersPage', 'mf_admin/AdminAnalyticsPage']);
    // The shell's own paths and other sites are not fetched.
    const elsewhere = ['/dashboard', 'https://example.com/stores'].map((href) => Object.assign(document.createElement('a'), { href }));
    document.body.append(...elsewhere);
    elsewhere.forEach((link) => fireEvent.pointerOver(link));
    elsewhere.forEach((link) => link.remove());
    expect(prefetched()).toHaveLength(2);
  } finally {
    jest.useRealTimers();
  }
});

test('once idle, the role’s dashboard and the store list are fetched ahead', async () => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask'] });
  try {
    renderApp({ path: '/profile', user: makeUser('normal_user') });
    await act(async () => undefined);
    await screen.findByRole('navigation', { name: 'Main' });
    expect(prefetched()).toEqual([]);
    await act(async () => jest.advanceTimersByTime(2_000));
    expect(prefetched()).toEqual(['mf_customer/CustomerDashboardPage', 'mf_stores/StoreListPage']);
  } finally {
    jest.useRealTimers();
  }
});

test('a prefetch that fails is tried again on the next intent', async () => {
  preload.mockImplementationOnce(() => Promise.reject(new Error('offline')));
  renderApp({ path: '/profile', user: makeUser('store_owner') });
  const nav = await findNavbar();
  preload.mockClear();
  preload.mockImplementationOnce(() => Promise.reject(new Error('offline')));
  fireEvent.pointerOver(within(nav).getByRole('link', { name: 'Stores' }));
  await act(async () => undefined);
  fireEvent.pointerOver(within(nav).getByRole('link', { name: 'Stores' }));
  expect(prefetched()).toEqual(['mf_stores/StoreListPage', 'mf_stores/StoreListPage']);
});
