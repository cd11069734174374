// One icon set across the site (issue 16: "icons are emoji in admin"): every admin screen draws its
// icons with the kit's <Icon> (an svg[data-icon]) and shows no emoji or symbol glyph as an icon.
import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { type Activity, APP_FOLDERS, APP_LABELS, type DeploymentsResponse } from 'shared-contracts';
import { renderRoutes } from 'shared-contracts/testing';
import AdminDeploymentsPage from '../src/exposed/AdminDeploymentsPage';
import { ADMIN, createFakeApi, fakeAuth, makeDashboard, makeStore, makeUser, renderAt, storePage, userPage } from './render-helpers';

/** Emoji and the symbol glyphs that stood in for icons (★ ☆ ✓ ✔ ✗ ✘ are not Extended_Pictographic). */
const ICON_GLYPH = /[\p{Extended_Pictographic}\u2605\u2606\u2713\u2714\u2717\u2718]/u;

/**
 * The kit's sortable column headers draw their direction with arrows (▲ ▼, and ↕ for an unsorted
 * column, hidden from screen readers): that is shared-contracts' Table, outside this remote, so it is
 * left out here (reported to be made an icon there).
 */
const isKitSortIndicator = (node: Node) => node.parentElement?.matches('th button > [aria-hidden="true"]') ?? false;

/** Every character of rendered text (dialogs included: they render into document.body) that is an icon glyph. */
function iconGlyphs(root: HTMLElement = document.body): string[] {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const found: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (isKitSortIndicator(node)) continue;
    for (const char of node.textContent ?? '') if (ICON_GLYPH.test(char)) found.push(char);
  }
  return found;
}

const icons = (root: Element) => Array.from(root.querySelectorAll('svg[data-icon]')).map((svg) => svg.getAttribute('data-icon'));

describe('admin icons', () => {
  it('the glyph check finds emoji and symbol glyphs (so an empty result means something)', () => {
    document.body.innerHTML = '<p>👥 Users</p><p>⭐ 4.5</p><span>✓ Healthy</span><span>★</span><span>⚠ Warning</span><p>— · …</p>';
    expect(iconGlyphs()).toEqual(['👥', '⭐', '✓', '★', '⚠']);
    document.body.innerHTML = '';
  });

  it('the dashboard: statistics, links, health and activity draw the kit icons and no emoji', async () => {
    const recentActivity: Activity[] = [
      { type: 'rating', description: 'A new rating', timestamp: '2024-05-09T12:00:00.000Z' },
      { type: 'user', description: 'A new account', timestamp: '2024-05-08T12:00:00.000Z' },
      { type: 'store', description: 'A new store', timestamp: '2024-05-07T12:00:00.000Z' },
    ];
    const api = createFakeApi();
    api.admin.dashboard.mockResolvedValue(makeDashboard({ recentActivity }));
    renderAt('/admin', { api });
    await screen.findByRole('list', { name: 'Recent activity, newest first' });

    expect(iconGlyphs()).toEqual([]);
    // Statistics: each card's icon beside its label, decorative.
    const card = (name: string) => screen.getByRole('article', { name });
    expect(icons(card('Total Users'))).toEqual(['users']);
    expect(icons(card('Total Stores'))).toEqual(['store']);
    expect(icons(card('Total Ratings'))).toEqual(['star']);
    expect(card('Total Users').querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    // The administration links.
    const links = screen.getByRole('region', { name: 'Administration' });
    const linkIcons = (name: RegExp) => icons(within(links).getByRole('link', { name }));
    expect(linkIcons(/^Manage Users/)).toEqual(['users']);
    expect(linkIcons(/^Manage Stores/)).toEqual(['store']);
    expect(linkIcons(/^Analytics/)).toEqual(['chart']);
    expect(linkIcons(/^Deployments/)).toEqual(['rocket']);
    expect(within(links).getByRole('link', { name: /^Manage Users/ })).toHaveAccessibleName(
      'Manage Users Search, add, edit and remove accounts of every role.',
    );
    // Health: a check for healthy, a warning sign for a warning; the word says it.
    expect(icons(screen.getByTestId('health-user_health'))).toEqual(['check']);
    expect(icons(screen.getByTestId('health-store_health'))).toEqual(['warning']);
    expect(screen.getByTestId('health-store_health')).toHaveTextContent('Warning');
    // Activity: the icon is the only sign of the kind, so it is named.
    const items = within(screen.getByRole('list', { name: 'Recent activity, newest first' })).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('img').getAttribute('data-icon'))).toEqual(['star', 'user', 'store']);
    expect(items.map((item) => within(item).getByRole('img').getAttribute('aria-label'))).toEqual(['Rating', 'Account', 'Store']);
  });

  it('the analytics charts mark stars with the kit icon, not a text glyph', async () => {
    const api = createFakeApi();
    api.admin.dashboard.mockResolvedValue(makeDashboard());
    renderAt('/admin/analytics', { api });
    const distribution = await screen.findByRole('img', { name: /^Rating distribution/ });
    const top = screen.getByRole('img', { name: /^Top rated stores/ });
    expect(iconGlyphs()).toEqual([]);
    // One star per row of each chart, hidden from screen readers (the chart's title and table say it).
    expect(icons(distribution)).toEqual(['star', 'star', 'star', 'star', 'star']);
    expect(icons(top)).toEqual(['star', 'star']);
    expect(within(top as unknown as HTMLElement).getByText('4.8 (25)')).toBeInTheDocument();
  });

  it('users: the Add button and the averages in the details use the kit icons, and no emoji', async () => {
    const owner = makeUser(5, { name: 'Olivia Owner Greenwood Smith', role: 'store_owner' });
    const api = createFakeApi();
    api.admin.listUsers.mockResolvedValue(userPage([ADMIN, owner]));
    api.admin.getUser.mockResolvedValue({
      user: {
        ...owner,
        average_rating: 4.5,
        total_ratings: 8,
        stores: [{ id: 31, name: 'Green Basket', average_rating: 4.5, total_ratings: 8 }],
      },
    });

    const { user } = renderAt('/admin/users', { api });
    const add = await screen.findByRole('button', { name: 'Add User' });
    expect(icons(add)).toEqual(['plus']);
    await user.click(await screen.findByRole('button', { name: `View details of ${owner.name}` }));
    const details = screen.getByRole('dialog', { name: /User details/ });
    await within(details).findByRole('list', { name: `Stores of ${owner.name}` });
    expect(icons(details)).toEqual(['star', 'star']);
    expect(iconGlyphs()).toEqual([]);
  });

  it('the stores table marks each average with the star icon', async () => {
    const api = createFakeApi();
    api.admin.listStores.mockResolvedValue(storePage([makeStore(31, { average_rating: 4.5, total_ratings: 8 })]));
    renderAt('/admin/stores', { api });
    const table = await screen.findByRole('table', { name: /^Stores/ });
    expect(icons(screen.getByRole('button', { name: 'Add Store' }))).toEqual(['plus']);
    expect(icons(table)).toEqual(['star']);
    expect(iconGlyphs()).toEqual([]);
  });

  it('empty states and the access notice draw the kit icons', async () => {
    const api = createFakeApi();
    api.admin.listStores.mockResolvedValue(storePage([]));
    const { unmount } = renderAt('/admin/stores', { api });
    expect(icons(await screen.findByText('No stores found').then((title) => title.parentElement!))).toEqual(['store']);
    expect(iconGlyphs()).toEqual([]);
    unmount();

    renderAt('/admin/users', { api, user: makeUser(9, { role: 'normal_user' }) });
    const notice = await screen.findByText('You do not have access to this page');
    expect(icons(notice.parentElement!)).toEqual(['lock']);
    expect(iconGlyphs()).toEqual([]);
  });

  it('the deployments history marks an automatic abort with the warning icon', async () => {
    const answer: DeploymentsResponse = {
      generatedAt: '2025-03-02T10:00:00.000Z',
      canaryPolicy: { maxFailureRate: 0.2, minLoads: 20 },
      apps: [
        {
          app: 'mf_stores',
          label: APP_LABELS.mf_stores,
          folder: APP_FOLDERS.mf_stores,
          live: { version: '1.4.0', since: '2025-03-01T10:00:00.000Z' },
          canary: null,
          rollbackTo: null,
          versions: [],
          history: [
            {
              at: '2025-03-01T12:00:00.000Z',
              action: 'auto_abort',
              version: '1.4.1',
              previousVersion: '1.4.0',
              by: 'health monitor',
              note: 'aborted automatically: 12 of 20 loads failed (60% > 20%)',
            },
          ],
        },
      ],
    };
    const api = createFakeApi();
    api.admin.deployments.mockResolvedValue(answer);
    renderRoutes(<Route path="/admin/deployments" element={<AdminDeploymentsPage />} />, {
      route: '/admin/deployments',
      api,
      auth: fakeAuth(ADMIN),
    });
    const reason = await screen.findByText('Reason:');
    await waitFor(() => expect(icons(reason.parentElement!)).toEqual(['warning']));
    expect(iconGlyphs()).toEqual([]);
  });
});
