/**
 * Fault isolation (DESIGN.md §5, spec §8): a remote that cannot be loaded is contained to its own
 * routes and comes back with "Try again" without a page reload; an API that is down leaves usable
 * screens with the spec's failure toasts; a 401 mid-session signs the user out once.
 */
import type { Browser, Page } from 'playwright-core';
import { API_TIMEOUT_MS, MESSAGES } from 'shared-contracts';
import {
  apiLogin,
  clickInNavbar,
  DEMO,
  expectToastTopRight,
  mainNav,
  navLink,
  signInThroughForm,
  signInWithToken,
  toast,
} from '../support/app';
import { launchBrowser, openPage, VIEWPORTS, type Viewport } from '../support/browser';
import {
  breakApi,
  breakRemote,
  countRequests,
  type Fault,
  isScreenApiCall,
  remoteFallback,
  type RemoteArea,
  watchForReload,
  watchToasts,
} from '../support/faults';
import { type Site, startSite } from '../support/site';

/** The shell gives a remote this long to load before it shows the fallback (shell/src/remotes/registry.ts). */
const REMOTE_LOAD_TIMEOUT_MS = 20_000;

let site: Site;
let browser: Browser;
const tokens: Record<'admin' | 'owner' | 'customer', string> = { admin: '', owner: '', customer: '' };

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite(), launchBrowser()]);
  for (const who of ['admin', 'owner', 'customer'] as const)
    tokens[who] = await apiLogin(site.url, DEMO[who].email, DEMO[who].password, DEMO[who].role);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

interface Screen {
  /** The navbar link that opens it. */
  link: string;
  path: string;
  /** Its page heading once rendered. */
  heading: string | RegExp;
}

interface RemoteCase {
  remote: string;
  area: RemoteArea;
  who: keyof typeof tokens;
  /** Where the session starts: a route of another remote. */
  start: Screen;
  /** A route of the broken remote. */
  broken: Screen;
  /** Routes of the other remotes this role can open. */
  others: Screen[];
}

const STORES: Screen = { link: 'Stores', path: '/stores', heading: 'Stores' };
const PROFILE: Screen = { link: 'Profile', path: '/profile', heading: 'My Profile' };
const CUSTOMER_DASHBOARD: Screen = { link: 'Dashboard', path: '/user-dashboard', heading: /^Welcome, / };
const MY_RATINGS: Screen = { link: 'My Ratings', path: '/ratings', heading: 'My Ratings' };
const ADMIN_USERS: Screen = { link: 'Users', path: '/admin/users', heading: 'User Management' };
const OWNER_DASHBOARD: Screen = { link: 'Dashboard', path: '/store-owner', heading: 'Store Owner Dashboard' };

const REMOTE_CASES: RemoteCase[] = [
  { remote: 'mf-auth', area: 'auth', who: 'customer', start: STORES, broken: PROFILE, others: [CUSTOMER_DASHBOARD, STORES] },
  { remote: 'mf-stores', area: 'stores', who: 'customer', start: PROFILE, broken: STORES, others: [CUSTOMER_DASHBOARD, PROFILE] },
  { remote: 'mf-admin', area: 'admin', who: 'admin', start: STORES, broken: ADMIN_USERS, others: [PROFILE, STORES] },
  { remote: 'mf-owner', area: 'owner', who: 'owner', start: STORES, broken: OWNER_DASHBOARD, others: [PROFILE, STORES] },
  { remote: 'mf-customer', area: 'customer', who: 'customer', start: STORES, broken: MY_RATINGS, others: [PROFILE, STORES] },
];

function heading(page: Page, screen: Screen) {
  return page.getByRole('heading', { level: 1, name: screen.heading });
}

/** The screen rendered by its remote: URL, heading, navbar, and no fallback. */
async function expectRendered(page: Page, screen: Screen): Promise<void> {
  await page.waitForURL((url) => url.pathname === screen.path);
  await heading(page, screen).waitFor();
  await expect(mainNav(page).isVisible()).resolves.toBe(true);
  await expect(remoteFallback(page).count()).resolves.toBe(0);
}

/** The broken remote's route: the fallback inside the page, the navbar still there. */
async function expectFallback(page: Page, screen: Screen, timeout?: number): Promise<void> {
  await page.waitForURL((url) => url.pathname === screen.path);
  const fallback = remoteFallback(page);
  await fallback.waitFor({ timeout });
  await expect(fallback.getByRole('button', { name: 'Try again' }).isVisible()).resolves.toBe(true);
  await expect(mainNav(page).isVisible()).resolves.toBe(true);
  await expect(heading(page, screen).count()).resolves.toBe(0);
}

/**
 * One remote broken with `fault`: its route falls back, every other remote this role can open still
 * renders (navbar clicks, one page session), and once the remote is back "Try again" renders it with
 * no reload.
 */
async function remoteOutage(c: RemoteCase, fault: Fault, viewport: Viewport): Promise<void> {
  const { page, context } = await openPage(browser, site.url, viewport);
  try {
    const outage = await breakRemote(page, c.area, fault);
    await signInWithToken(page, tokens[c.who], c.start.path);
    await expectRendered(page, c.start);
    // A remote is fetched only when one of its routes is visited.
    expect(outage.hits).toBe(0);
    const probe = await watchForReload(page);

    await clickInNavbar(page, navLink(page, c.broken.link));
    if (fault === 'hang') {
      // While the remote does not answer, its route shows the shell's spinner, and the rest of the site
      // can be used meanwhile.
      await page
        .getByRole('status')
        .filter({ hasText: /^Loading the / })
        .first()
        .waitFor();
      expect(outage.hits).toBeGreaterThan(0);
      for (const other of c.others) {
        await clickInNavbar(page, navLink(page, other.link));
        await expectRendered(page, other);
      }
      const shownAt = Date.now();
      await clickInNavbar(page, navLink(page, c.broken.link));
      // The shell gives up after its load timeout and shows the fallback.
      await expectFallback(page, c.broken, REMOTE_LOAD_TIMEOUT_MS + 15_000);
      expect(Date.now() - shownAt).toBeGreaterThan(REMOTE_LOAD_TIMEOUT_MS - 5_000);
    } else {
      await expectFallback(page, c.broken);
      expect(outage.hits).toBeGreaterThan(0);
      for (const other of c.others) {
        await clickInNavbar(page, navLink(page, other.link));
        await expectRendered(page, other);
      }
      // Back to the broken route: still the fallback (not a blank page, not another remote's page).
      await clickInNavbar(page, navLink(page, c.broken.link));
      await expectFallback(page, c.broken);
    }

    // The remote is back; the user asks again on the same page.
    await outage.restore();
    await remoteFallback(page).getByRole('button', { name: 'Try again' }).click();
    await expectRendered(page, c.broken);
    await probe.expectNoReload();
  } finally {
    await context.close();
  }
}

describe('a remote that cannot be loaded is contained, and comes back with Try again without a reload', () => {
  describe.each(REMOTE_CASES.map((c) => [c.remote, c] as const))('%s', (_name, c) => {
    test.each([['404'], ['500']] as const)(
      `its files answer %s: ${c.broken.path} falls back, other remotes render, retry renders it`,
      async (fault) => {
        await remoteOutage(c, fault, VIEWPORTS.desktop);
      },
    );
  });

  test.each(REMOTE_CASES.filter((c) => ['mf-stores', 'mf-admin'].includes(c.remote)).map((c) => [c.remote, c] as const))(
    '%s never answers: a spinner, the rest of the site usable, the fallback after the load timeout, retry renders it',
    async (_name, c) => {
      await remoteOutage(c, 'hang', VIEWPORTS.desktop);
    },
    REMOTE_LOAD_TIMEOUT_MS + 90_000,
  );

  test('mf-stores already loaded, then its files answer 404: a page not fetched yet falls back, the loaded page still renders, retry renders it', async () => {
    const { page, context } = await openPage(browser, site.url);
    try {
      await signInWithToken(page, tokens.customer, '/stores');
      await storeLinks(page).first().waitFor();
      const probe = await watchForReload(page);
      const outage = await breakRemote(page, 'stores', '404');
      const storeLink = storeLinks(page).first();
      const storeName = (await storeLink.innerText()).trim();
      const storePath = (await storeLink.getAttribute('href'))!;
      await storeLink.click();
      const detail: Screen = { link: '', path: storePath, heading: storeName };
      await expectFallback(page, detail);
      expect(outage.hits).toBeGreaterThan(0);
      await clickInNavbar(page, navLink(page, 'Stores'));
      await expectRendered(page, STORES);
      await page.goBack();
      await expectFallback(page, detail);
      await outage.restore();
      await remoteFallback(page).getByRole('button', { name: 'Try again' }).click();
      await expectRendered(page, detail);
      await probe.expectNoReload();
    } finally {
      await context.close();
    }
  });

  test('at 375 px: mf-stores refused, the fallback and Try again without a reload', async () => {
    await remoteOutage(
      REMOTE_CASES.find((c) => c.remote === 'mf-stores')!,
      'refused',
      VIEWPORTS.mobile,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// The API down while signed in
// ---------------------------------------------------------------------------------------------

/** A screen after its data failed: the spec's toast, its page heading, the navbar, a way to try again. */
async function expectFailedScreen(
  page: Page,
  screen: Screen,
  message: string,
  alertText: string | RegExp,
  timeout?: number,
): Promise<void> {
  await page.waitForURL((url) => url.pathname === screen.path);
  await toast(page, message).first().waitFor({ timeout });
  await expectToastTopRight(page, message);
  await heading(page, screen).waitFor();
  await expect(mainNav(page).isVisible()).resolves.toBe(true);
  const alert = page.getByRole('alert').filter({ hasText: alertText });
  await alert.waitFor();
  await expect(alert.getByRole('button', { name: 'Try again' }).isVisible()).resolves.toBe(true);
  // Still signed in: a server that is down is not a session that ended.
  await expect(page.evaluate(() => window.localStorage.getItem('token'))).resolves.not.toBeNull();
}

const storeLinks = (page: Page) => page.getByRole('main').getByRole('heading', { level: 3 }).getByRole('link');

interface ApiScreenCase {
  name: string;
  who: keyof typeof tokens;
  /** Where the session starts, with the API up. */
  start: Screen;
  /** Opens the screen the way a person does (a navbar link, a store card). Returns the screen as it looks once failed. */
  open: (page: Page) => Promise<Screen>;
  toast: string;
  /** The screen's own failure notice, with its Try again button. */
  notice: string;
  /** Visible once the screen's data has loaded. */
  loaded: (page: Page) => ReturnType<Page['getByRole']>;
}

const viaNav = (screen: Screen) => async (page: Page) => {
  await clickInNavbar(page, navLink(page, screen.link));
  return screen;
};

const API_SCREENS: ApiScreenCase[] = [
  {
    name: 'customer dashboard',
    who: 'customer',
    start: STORES,
    open: viaNav(CUSTOMER_DASHBOARD),
    toast: MESSAGES.fetchDashboardFailed,
    notice: 'Your figures could not be loaded.',
    loaded: (page) => page.getByRole('term').filter({ hasText: 'Ratings given' }),
  },
  {
    name: 'store list',
    who: 'customer',
    start: PROFILE,
    open: viaNav(STORES),
    toast: MESSAGES.fetchStoresFailed,
    notice: 'The stores could not be loaded.',
    loaded: (page) => storeLinks(page).first(),
  },
  {
    name: 'store page',
    who: 'customer',
    start: STORES,
    open: async (page) => {
      const link = storeLinks(page).first();
      const path = (await link.getAttribute('href'))!;
      await link.click();
      return { link: '', path, heading: 'The store could not be loaded' };
    },
    toast: MESSAGES.fetchStoreDetailsFailed,
    notice: 'Check your connection and try again.',
    loaded: (page) => page.getByRole('heading', { level: 2, name: /^All Ratings/ }),
  },
  {
    name: 'admin user management',
    who: 'admin',
    start: STORES,
    open: viaNav(ADMIN_USERS),
    toast: MESSAGES.fetchUsersFailed,
    notice: 'The users could not be loaded.',
    // The users table with a row of users under its header row.
    loaded: (page) => page.getByRole('table').getByRole('row').nth(1),
  },
  {
    name: 'store owner dashboard',
    who: 'owner',
    start: STORES,
    open: viaNav(OWNER_DASHBOARD),
    toast: MESSAGES.fetchDashboardFailed,
    notice: 'Your dashboard could not be loaded.',
    loaded: (page) => page.getByRole('heading', { level: 2, name: /^Your stores/ }),
  },
];

async function expectStartLoaded(page: Page, start: Screen): Promise<void> {
  await expectRendered(page, start);
  if (start === STORES) await storeLinks(page).first().waitFor();
}

describe.each([
  ['refused', 'the API refuses connections'],
  ['500', 'the API answers 500'],
] as const)('%s: %s while signed in', (fault, _what) => {
  test.each(API_SCREENS.map((c) => [c.name, c] as const))(
    '%s: the spec failure toast on a usable page (heading, navbar, Try again), still signed in; Try again loads it once the API is back, no reload',
    async (_name, c) => {
      const { page, context } = await openPage(browser, site.url);
      try {
        await signInWithToken(page, tokens[c.who], c.start.path);
        await expectStartLoaded(page, c.start);
        const probe = await watchForReload(page);
        const outage = await breakApi(page, fault);

        const failed = await c.open(page);
        await expectFailedScreen(page, failed, c.toast, c.notice);
        expect(outage.hits).toBeGreaterThan(0);

        await outage.restore();
        await page.getByRole('alert').filter({ hasText: c.notice }).getByRole('button', { name: 'Try again' }).click();
        await c.loaded(page).waitFor();
        await expect(page.getByRole('alert').filter({ hasText: c.notice }).count()).resolves.toBe(0);
        await probe.expectNoReload();
      } finally {
        await context.close();
      }
    },
  );

  test('profile: saving shows the spec failure toast and keeps the form; saving again works once the API is back, no reload', async () => {
    const { page, context } = await openPage(browser, site.url);
    try {
      await signInWithToken(page, tokens.customer, STORES.path);
      await expectStartLoaded(page, STORES);
      const probe = await watchForReload(page);
      const outage = await breakApi(page, fault);

      await clickInNavbar(page, navLink(page, 'Profile'));
      await expectRendered(page, PROFILE);
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expectToastTopRight(page, MESSAGES.profileUpdateFailed);
      expect(outage.hits).toBeGreaterThan(0);
      // The form stays open, ready to save again, and the user is still signed in.
      await expect(page.getByRole('button', { name: 'Save Changes' }).isEnabled()).resolves.toBe(true);
      await expect(page.evaluate(() => window.localStorage.getItem('token'))).resolves.not.toBeNull();

      await outage.restore();
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expectToastTopRight(page, MESSAGES.profileUpdated);
      await probe.expectNoReload();
    } finally {
      await context.close();
    }
  });
});

describe('the API down while signed in: a reload, a call that never answers', () => {
  test('a reload while the API is down: the sign-in page, not a blank screen (spec §8: a failed profile check signs out); signing in brings the user back once it is back', async () => {
    const { page, context } = await openPage(browser, site.url);
    try {
      await signInWithToken(page, tokens.customer, '/stores');
      await storeLinks(page).first().waitFor();
      const outage = await breakApi(page, 'refused');
      await page.reload();
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByRole('heading', { level: 1, name: 'Sign In' }).waitFor();
      await expect(page.getByRole('button', { name: 'Sign In', exact: true }).isEnabled()).resolves.toBe(true);
      expect(outage.urls.map((u) => new URL(u).pathname)).toEqual(['/api/auth/profile']);
      await outage.restore();
      await signInThroughForm(page, DEMO.customer.email, DEMO.customer.password);
      // Back on the page the reload was on, with its data.
      await expectRendered(page, STORES);
      await storeLinks(page).first().waitFor();
    } finally {
      await context.close();
    }
  });

  test(
    'the API never answers: the store list gives up after the client timeout with its failure toast, and Try again works once it is back',
    async () => {
      const { page, context } = await openPage(browser, site.url);
      try {
        await signInWithToken(page, tokens.customer, '/profile');
        await expectRendered(page, PROFILE);
        const outage = await breakApi(page, 'hang');
        const clickedAt = Date.now();
        await clickInNavbar(page, navLink(page, 'Stores'));
        // While it waits: the page is there with its heading and its loading state, never a blank screen.
        await heading(page, STORES).waitFor();
        await page.getByRole('status').filter({ hasText: 'Loading stores…' }).waitFor();
        await expectFailedScreen(page, STORES, MESSAGES.fetchStoresFailed, 'The stores could not be loaded.', API_TIMEOUT_MS + 15_000);
        expect(Date.now() - clickedAt).toBeGreaterThan(API_TIMEOUT_MS - 3_000);
        await outage.restore();
        await page
          .getByRole('alert')
          .filter({ hasText: 'The stores could not be loaded.' })
          .getByRole('button', { name: 'Try again' })
          .click();
        await storeLinks(page).first().waitFor();
      } finally {
        await context.close();
      }
    },
    API_TIMEOUT_MS + 90_000,
  );
});

// ---------------------------------------------------------------------------------------------
// A 401 mid-session
// ---------------------------------------------------------------------------------------------

describe('a 401 mid-session signs the user out once', () => {
  test.each([
    ['one call (the dashboard figures) answers 401', (path: string) => path === '/api/users/dashboard', 'Dashboard'],
    [
      'the three calls of a store page answer 401 at once',
      (path: string) => path.startsWith('/api/stores/') || path.startsWith('/api/ratings/'),
      'store',
    ],
  ] as const)('%s: one sign-out toast, on /login, no further calls, no loop', async (_name, matches, via) => {
    const { page, context } = await openPage(browser, site.url);
    try {
      await signInWithToken(page, tokens.customer, '/stores');
      await storeLinks(page).first().waitFor();
      const probe = await watchForReload(page);
      const signOutToasts = await watchToasts(page, MESSAGES.sessionEnded);
      const profileChecks = countRequests(page, (r) => new URL(r.url()).pathname === '/api/auth/profile');
      const apiCalls = countRequests(page, (r) => isScreenApiCall(r.url()));
      const loginVisits: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame() && new URL(frame.url()).pathname === '/login') loginVisits.push(frame.url());
      });
      const answered401: string[] = [];
      await page.route(
        (url) => matches(url.pathname),
        (route) => {
          answered401.push(route.request().url());
          return route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ message: MESSAGES.invalidToken }) });
        },
      );

      if (via === 'store') await storeLinks(page).first().click();
      else await clickInNavbar(page, navLink(page, via));

      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      await expectToastTopRight(page, MESSAGES.sessionEnded);
      await expect(page.evaluate(() => window.localStorage.getItem('token'))).resolves.toBeNull();
      const callsWhenSignedOut = apiCalls.count;
      // A loop would keep calling and redirecting while the toast is up: watch until it has gone.
      await toast(page, MESSAGES.sessionEnded).first().waitFor({ state: 'hidden', timeout: 15_000 });
      expect({
        signOutToasts: await signOutToasts.count(),
        loginVisits: loginVisits.length,
        profileChecks: profileChecks.count,
        apiCallsAfterSignOut: apiCalls.urls.slice(callsWhenSignedOut),
        path: new URL(page.url()).pathname,
      }).toEqual({ signOutToasts: 1, loginVisits: 1, profileChecks: 0, apiCallsAfterSignOut: [], path: '/login' });
      // Each call that answered 401 was made once: nothing asked again.
      expect(answered401.length).toBeGreaterThan(0);
      expect(new Set(answered401).size).toBe(answered401.length);
      await probe.expectNoReload();
    } finally {
      await context.close();
    }
  });
});
