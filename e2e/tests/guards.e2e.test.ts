/**
 * The shell's route guards (spec §2 "Guarding rules", §4; DESIGN.md §5 route ownership), at desktop
 * and phone width:
 * - a signed-out visitor of any guarded route lands on /login, and after signing in returns to the
 *   page they asked for (when their role may see it);
 * - a signed-in user on a route of another role lands, through /dashboard, on their own dashboard,
 *   without the other role's remote or API ever being asked for anything;
 * - signed-in users are sent away from /login and /register;
 * - an unknown path goes to `/`, which sends to the role's dashboard or to /login;
 * - /dashboard sends each role to its own dashboard.
 * Every row visits the page the way a person does who types the address (a fresh page load).
 */
import type { Browser, Page } from 'playwright-core';
import { type Role } from 'shared-contracts';
import { apiLogin, clickInNavbar, DEMO, navLink, signInWithToken } from '../support/app';
import { BOTH_VIEWPORTS, launchBrowser, openPage, type TestPage, type Viewport } from '../support/browser';
import { type Site, startSite } from '../support/site';

let site: Site;
let browser: Browser;
const tokens = {} as Record<Role, string>;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite(), launchBrowser()]);
  for (const account of [DEMO.admin, DEMO.owner, DEMO.customer])
    tokens[account.role] = await apiLogin(site.url, account.email, account.password, account.role);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/** Each landing page, known by its main heading. */
const HEADINGS: Record<string, string | RegExp> = {
  '/login': 'Sign In',
  '/register': 'Create Account',
  '/admin': 'Admin Dashboard',
  '/admin/users': 'User Management',
  '/admin/stores': 'Store Management',
  '/admin/analytics': 'Analytics',
  '/admin/deployments': 'Deployments',
  '/store-owner': 'Store Owner Dashboard',
  '/user-dashboard': /^Welcome, /,
  '/ratings': 'My Ratings',
  '/stores': 'Stores',
  '/profile': 'My Profile',
};

const DASHBOARD: Record<Role, string> = { system_admin: '/admin', store_owner: '/store-owner', normal_user: '/user-dashboard' };

/** The remote and the API prefix behind a role's own area: a bounced visit must touch neither. */
const AREA_OF_ROUTE: Array<[RegExp, { remote: string; api: string }]> = [
  [/^\/admin/, { remote: '/mf/admin/', api: '/api/admin/' }],
  [/^\/store-owner/, { remote: '/mf/owner/', api: '/api/owner/' }],
  [/^\/(user-dashboard|ratings)/, { remote: '/mf/customer/', api: '/api/users/ratings' }],
];

/** Records the paths of every request the page makes from now on. */
function recordRequests(page: Page): { paths: string[]; stop: () => void } {
  const paths: string[] = [];
  const onRequest = (request: { url: () => string }) => paths.push(new URL(request.url()).pathname);
  page.on('request', onRequest);
  return { paths, stop: () => page.off('request', onRequest) };
}

/**
 * Opens `path` as a typed address and waits to settle on `expected` (pathname), with that page's
 * heading shown; then checks the address did not move on. Returns the final URL.
 */
async function visitAndLand(page: Page, path: string, expected: string): Promise<URL> {
  await page.goto(path);
  await page.waitForURL((url) => url.pathname === expected);
  const heading = HEADINGS[expected];
  if (heading === undefined) throw new Error(`no heading known for ${expected}`);
  await page.getByRole('heading', { level: 1, name: heading }).first().waitFor();
  const url = new URL(page.url());
  expect(url.pathname).toBe(expected);
  return url;
}

/** Signs in through the form, choosing the role in the chooser as a person does. */
async function signInOnForm(page: Page, account: { email: string; password: string; role: Role }): Promise<void> {
  const roleLabel = { normal_user: 'Customer', store_owner: 'Shopkeeper', system_admin: 'Admin' }[account.role];
  await page.getByRole('heading', { level: 1, name: 'Sign In' }).waitFor();
  await page.getByRole('radio', { name: roleLabel, exact: true }).check();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

const PROTECTED_ROUTES = [
  '/dashboard',
  '/profile',
  '/stores',
  '/stores/1',
  '/admin',
  '/admin/users',
  '/admin/stores',
  '/admin/analytics',
  '/admin/deployments',
  '/admin/dashboard',
  '/store-owner',
  '/user-dashboard',
  '/ratings',
];

/** Routes each role may not open, and routes each role may open (the control: no over-bouncing). */
const ROLE_TABLE: Array<{ role: Role; label: string; forbidden: string[]; allowed: string[] }> = [
  {
    role: 'normal_user',
    label: 'customer',
    forbidden: ['/admin', '/admin/users', '/admin/stores', '/admin/analytics', '/admin/deployments', '/admin/dashboard', '/store-owner'],
    allowed: ['/user-dashboard', '/ratings', '/stores', '/profile'],
  },
  {
    role: 'store_owner',
    label: 'store owner',
    forbidden: [
      '/admin',
      '/admin/users',
      '/admin/stores',
      '/admin/analytics',
      '/admin/deployments',
      '/admin/dashboard',
      '/user-dashboard',
      '/ratings',
    ],
    allowed: ['/store-owner', '/stores', '/profile'],
  },
  {
    role: 'system_admin',
    label: 'admin',
    forbidden: ['/store-owner', '/user-dashboard', '/ratings'],
    allowed: ['/admin', '/admin/users', '/admin/stores', '/admin/analytics', '/admin/deployments', '/stores', '/profile'],
  },
];

const UNKNOWN_PATHS = ['/no-such-page', '/admin/nope', '/stores/1/extra', '/notifications', '/admin/settings'];

describe.each(BOTH_VIEWPORTS)('route guards at %s', (_name: string, viewport: Viewport) => {
  describe('a signed-out visitor', () => {
    let tp: TestPage;
    beforeAll(async () => {
      tp = await openPage(browser, site.url, viewport);
    });
    afterAll(async () => {
      await tp?.context.close();
    });
    afterEach(() => {
      expect(tp.errors).toEqual([]);
    });

    test.each(PROTECTED_ROUTES)('opening %s lands on /login', async (route) => {
      const requests = recordRequests(tp.page);
      await visitAndLand(tp.page, route, '/login');
      requests.stop();
      // Nothing of the guarded area was asked for: no API call needing a session, no area remote.
      expect(requests.paths.filter((p) => p.startsWith('/api/') && p !== '/api/health')).toEqual([]);
      expect(requests.paths.filter((p) => /^\/mf\/(admin|owner|customer|stores)\//.test(p))).toEqual([]);
    });

    test.each(UNKNOWN_PATHS)('the unknown path %s lands on /login', async (route) => {
      await visitAndLand(tp.page, route, '/login');
    });

    test('/ lands on /login', async () => {
      await visitAndLand(tp.page, '/', '/login');
    });

    test('/register stays open to a signed-out visitor', async () => {
      await visitAndLand(tp.page, '/register', '/register');
    });
  });

  describe('after being sent to sign in, a visitor comes back to the page they asked for', () => {
    // A fresh visitor per row: each signs in once.
    const cases: Array<{
      title: string;
      asked: string;
      account: { email: string; password: string; role: Role };
      lands: string;
      search?: string;
    }> = [
      {
        title: 'an admin asking for /admin/users?search=example returns there, search kept',
        asked: '/admin/users?search=example',
        account: DEMO.admin,
        lands: '/admin/users',
        search: '?search=example',
      },
      { title: 'a customer asking for /ratings returns there', asked: '/ratings', account: DEMO.customer, lands: '/ratings' },
      { title: 'a store owner asking for /store-owner returns there', asked: '/store-owner', account: DEMO.owner, lands: '/store-owner' },
      {
        title: 'a customer asking for /admin is bounced on to their own dashboard',
        asked: '/admin',
        account: DEMO.customer,
        lands: '/user-dashboard',
      },
    ];

    test.each(cases)('$title', async ({ asked, account, lands, search }) => {
      const { page, errors, context } = await openPage(browser, site.url, viewport);
      try {
        await visitAndLand(page, asked, '/login');
        await signInOnForm(page, account);
        await page.waitForURL((url) => url.pathname === lands);
        await page.getByRole('heading', { level: 1, name: HEADINGS[lands] }).first().waitFor();
        const url = new URL(page.url());
        expect(url.pathname).toBe(lands);
        if (search) expect(url.search).toBe(search);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });

    test('without a page asked for, signing in goes to the role dashboard', async () => {
      const { page, errors, context } = await openPage(browser, site.url, viewport);
      try {
        await page.goto('/login');
        await signInOnForm(page, DEMO.owner);
        await page.waitForURL((url) => url.pathname === '/store-owner');
        await page.getByRole('heading', { level: 1, name: HEADINGS['/store-owner'] }).waitFor();
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });

  describe.each(ROLE_TABLE)('a signed-in $label', ({ role, forbidden, allowed }) => {
    let tp: TestPage;
    const home = DASHBOARD[role];
    beforeAll(async () => {
      tp = await openPage(browser, site.url, viewport);
      await signInWithToken(tp.page, tokens[role], home);
      await tp.page.getByRole('heading', { level: 1, name: HEADINGS[home] }).waitFor();
    });
    afterAll(async () => {
      await tp?.context.close();
    });
    afterEach(() => {
      expect(tp.errors).toEqual([]);
    });

    test.each(forbidden)(`opening %s is bounced to ${home}, nothing of that area loaded`, async (route) => {
      const area = AREA_OF_ROUTE.find(([pattern]) => pattern.test(route))![1];
      const requests = recordRequests(tp.page);
      await visitAndLand(tp.page, route, home);
      requests.stop();
      expect(requests.paths.filter((p) => p.startsWith(area.remote) || p.startsWith(area.api))).toEqual([]);
    });

    test.each(allowed)('opening %s shows that page', async (route) => {
      const area = AREA_OF_ROUTE.find(([pattern]) => pattern.test(route))?.[1];
      const requests = recordRequests(tp.page);
      await visitAndLand(tp.page, route, route);
      requests.stop();
      // The control for the bounce rows above: visiting an area does load its remote.
      if (area) expect(requests.paths.some((p) => p.startsWith(area.remote))).toBe(true);
    });

    test.each(['/login', '/register'])(`opening %s sends them to ${home}`, async (route) => {
      await visitAndLand(tp.page, route, home);
    });

    test(`/dashboard sends them to ${home}`, async () => {
      await visitAndLand(tp.page, '/dashboard', home);
    });

    test(`/ sends them to ${home}`, async () => {
      await visitAndLand(tp.page, '/', home);
    });

    test.each(UNKNOWN_PATHS)(`the unknown path %s lands on ${home}`, async (route) => {
      await visitAndLand(tp.page, route, home);
    });

    test('the Dashboard link of the navigation bar goes to their dashboard', async () => {
      await visitAndLand(tp.page, '/stores', '/stores');
      const dashboard = navLink(tp.page, 'Dashboard');
      // Below 1024 px the links sit behind the menu toggle.
      if (viewport.mobile) await dashboard.waitFor({ state: 'hidden' });
      await clickInNavbar(tp.page, dashboard);
      await tp.page.waitForURL((url) => url.pathname === home);
      await tp.page.getByRole('heading', { level: 1, name: HEADINGS[home] }).waitFor();
    });
  });
});
