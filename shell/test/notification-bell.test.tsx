// The navbar's notifications bell (issue 18), as a signed-in user meets it: the unread count on the
// button and its badge, the panel it opens (loading, empty, error, the list), following a notification
// (marked read, to where it matters), 'Mark all as read', closing with Escape or a press outside, and
// the poll of the unread count every 30 s while the tab is visible.
import { act, screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import type { NotificationItem, NotificationListResponse, Role } from 'shared-contracts';
import { loadRemotePage } from '../src/remotes/registry';
import { createFakeApi, deferred, makeUser } from './support/fake-api';
import { loadFakeRemotePage } from './support/fake-remotes';
import { currentPath, findNavbar, findPage, renderApp } from './support/render-app';

// The bell asks at once here: its wait for the page to settle has a test of its own (page-settled.test.tsx).
jest.mock('../src/features/notifications/api/page-settled', () => ({ usePageSettled: () => true }));
jest.mock('../src/remotes/registry', () => ({ ...jest.requireActual('../src/remotes/registry'), loadRemotePage: jest.fn() }));
const loadPage = jest.mocked(loadRemotePage);

beforeEach(() => {
  loadPage.mockReset();
  loadPage.mockImplementation(loadFakeRemotePage);
});
afterEach(() => {
  jest.useRealTimers();
  focusManager.setFocused(undefined);
});

function notification(overrides: Partial<NotificationItem> = {}): NotificationItem {
  return {
    id: 1,
    kind: 'reply',
    store_id: 12,
    store_name: 'Bakery Bliss',
    rating_id: 40,
    message: 'Bakery Bliss replied to your rating',
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    read: false,
    ...overrides,
  };
}

const LIST: NotificationListResponse = {
  notifications: [
    notification({ id: 3, kind: 'reply', message: 'Bakery Bliss replied to your rating' }),
    notification({ id: 2, kind: 'reply', store_id: 15, store_name: 'Tea House', message: 'Tea House replied to your rating' }),
    notification({ id: 1, kind: 'reply', store_id: 17, message: 'Corner Deli replied to your rating', read: true }),
  ],
  unread: 2,
  has_more: false,
};

async function setup({
  role = 'normal_user',
  unread = 2,
  list = LIST,
}: { role?: Role; unread?: number; list?: NotificationListResponse } = {}) {
  const api = createFakeApi();
  api.notifications.unreadCount.mockResolvedValue({ unread });
  api.notifications.list.mockResolvedValue(list);
  return renderApp({ path: '/profile', user: makeUser(role), api });
}

const bell = (name: string | RegExp = /^Notifications/) => screen.findByRole('button', { name });
const openPanel = async (events: Awaited<ReturnType<typeof setup>>['events']) => {
  await events.click(await bell());
  return screen.findByRole('dialog', { name: 'Notifications' });
};

test('the bell is named with the unread count and shows it in a badge', async () => {
  setup({ unread: 3 });
  const button = await bell('Notifications, 3 unread');
  expect(button).toHaveTextContent('3');
  expect(button).toHaveAttribute('aria-expanded', 'false');
});

test('beyond 99 unread the badge and the name say 99+', async () => {
  setup({ unread: 100 });
  expect(await bell('Notifications, 99+ unread')).toHaveTextContent('99+');
});

test('with nothing unread the bell is plain "Notifications", without a badge', async () => {
  const { api } = await setup({ unread: 0 });
  await waitFor(() => expect(api.notifications.unreadCount).toHaveBeenCalled());
  const button = await bell('Notifications');
  expect(button).toHaveTextContent('');
});

test('the list is asked for only when the panel opens; it shows the newest, unread ones marked', async () => {
  const { api, events } = await setup();
  await bell('Notifications, 2 unread');
  expect(api.notifications.list).not.toHaveBeenCalled();

  const panel = await openPanel(events);
  expect(await bell('Notifications, 2 unread')).toHaveAttribute('aria-expanded', 'true');
  const links = await within(panel).findAllByRole('link');
  expect(links.map((link) => link.textContent)).toEqual([
    expect.stringMatching(/^Unread: Bakery Bliss replied to your rating/),
    expect.stringMatching(/^Unread: Tea House replied to your rating/),
    expect.stringMatching(/^Corner Deli replied to your rating/),
  ]);
  expect(links[0]).toHaveTextContent('5 minutes ago');
  expect(api.notifications.list).toHaveBeenCalledTimes(1);
});

test('shows a spinner while the list loads', async () => {
  const api = createFakeApi();
  const answer = deferred<NotificationListResponse>();
  api.notifications.list.mockReturnValue(answer.promise);
  const { events } = renderApp({ path: '/profile', user: makeUser('normal_user'), api });
  const panel = await openPanel(events);
  expect(await within(panel).findByText('Loading notifications')).toBeInTheDocument();
  await act(async () => answer.resolve(LIST));
  expect(await within(panel).findAllByRole('link')).toHaveLength(3);
  expect(within(panel).queryByText('Loading notifications')).not.toBeInTheDocument();
});

test('following a notification marks it read and opens the store page; the panel closes and focus is back on the bell', async () => {
  const { api, events } = await setup();
  api.notifications.markRead.mockResolvedValue({ unread: 1 });
  const panel = await openPanel(events);
  await events.click(await within(panel).findByRole('link', { name: /Tea House replied/ }));

  expect(api.notifications.markRead).toHaveBeenCalledWith(2);
  expect(await findPage('mf_stores', 'StoreDetailPage')).toBeInTheDocument();
  expect(currentPath()).toBe('/stores/15');
  expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
  expect(await bell('Notifications, 1 unread')).toHaveFocus();
});

test('following one already read does not mark it again', async () => {
  const { api, events } = await setup();
  const panel = await openPanel(events);
  await events.click(await within(panel).findByRole('link', { name: /Corner Deli/ }));
  expect(currentPath()).toBe('/stores/17');
  expect(api.notifications.markRead).not.toHaveBeenCalled();
});

test("a store owner's news of their store leads to their dashboard", async () => {
  const list = {
    notifications: [notification({ id: 9, kind: 'new_rating', message: 'New 4-star rating on Bakery Bliss' })],
    unread: 1,
    has_more: false,
  };
  const { events } = await setup({ role: 'store_owner', unread: 1, list });
  const panel = await openPanel(events);
  await events.click(await within(panel).findByRole('link', { name: /New 4-star rating on Bakery Bliss/ }));
  expect(currentPath()).toBe('/store-owner');
});

test('"Mark all as read" marks every one read and the badge goes', async () => {
  const { api, events } = await setup();
  const panel = await openPanel(events);
  await within(panel).findAllByRole('link');
  await events.click(within(panel).getByRole('button', { name: 'Mark all as read' }));

  expect(api.notifications.markAllRead).toHaveBeenCalledTimes(1);
  expect(await bell('Notifications')).toHaveTextContent('');
  const links = within(panel).getAllByRole('link');
  for (const link of links) expect(link.textContent).not.toMatch(/^Unread/);
  expect(within(panel).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
});

test('with none, the panel says "No notifications yet"', async () => {
  const { events } = await setup({ unread: 0, list: { notifications: [], unread: 0, has_more: false } });
  const panel = await openPanel(events);
  expect(await within(panel).findByText('No notifications yet')).toBeInTheDocument();
  expect(within(panel).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
});

test('a list that fails to load says so, and "Try again" asks again', async () => {
  const { api, events } = await setup();
  api.notifications.list.mockRejectedValueOnce(new Error('Network Error'));
  const panel = await openPanel(events);
  expect(await within(panel).findByRole('alert')).toHaveTextContent('The notifications could not be loaded.');
  await events.click(within(panel).getByRole('button', { name: 'Try again' }));
  expect(await within(panel).findAllByRole('link')).toHaveLength(3);
});

test('Escape closes the panel and puts focus back on the bell', async () => {
  const { events } = await setup();
  const panel = await openPanel(events);
  await waitFor(() => expect(panel).toHaveFocus());
  await events.keyboard('{Escape}');
  expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
  expect(await bell()).toHaveFocus();
});

test('a press outside closes the panel', async () => {
  const { events } = await setup();
  await openPanel(events);
  await events.click(await findNavbar().then((nav) => within(nav).getByRole('link', { name: 'Stores' })));
  expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
});

describe('the poll of the unread count', () => {
  test('asks again every 30 s while the tab is visible, and not while it is hidden', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const { api } = await setup({ unread: 1 });
    await bell('Notifications, 1 unread');
    const calls = () => api.notifications.unreadCount.mock.calls.length;
    const first = calls();

    api.notifications.unreadCount.mockResolvedValue({ unread: 4 });
    await act(async () => jest.advanceTimersByTime(30_000));
    expect(await bell('Notifications, 4 unread')).toBeInTheDocument();
    expect(calls()).toBe(first + 1);

    act(() => focusManager.setFocused(false));
    await act(async () => jest.advanceTimersByTime(90_000));
    expect(calls()).toBe(first + 1);
  });
});
