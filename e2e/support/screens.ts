/**
 * Every screen of the site, by who sees it: the signed-out pages, each role's pages, and every dialog
 * or in-place form open. A screen says how to reach it (a path, then actions that open a dialog) and
 * which element proves it rendered with its real content (never the spinner). The accessibility suite
 * scans and photographs each one at both viewports.
 */
import type { Locator, Page } from 'playwright-core';
import { type DemoAccount, demoAccountFor } from 'shared-contracts';
import { apiAs, apiLogin } from './app';

export type ScreenRole = 'anonymous' | 'customer' | 'owner' | 'admin';
export type ViewportName = 'desktop' | 'mobile';

/** Ids looked up once from the demo data, so a screen can name "a store the customer rated". */
export interface ScreenFixture {
  /** A store the demo customer has rated (the rating panel shows 'Update Your Rating'). */
  storeRatedByCustomer: number;
  /** A store the demo customer has not rated ('Rate This Store'). */
  storeUnratedByCustomer: number;
  /** A store of the demo owner (their own store: no rating panel). */
  ownerStore: number;
}

export interface Screen {
  /** Short, file-name safe: the screenshot is `<role>-<name>-<viewport>.png`. */
  name: string;
  role: ScreenRole;
  path: string | ((fixture: ScreenFixture) => string);
  /** After the path has rendered: what a person does to reach this state (open a dialog, a form). */
  open?: (page: Page) => Promise<void>;
  /** An element that only exists once the screen's real content is there. */
  ready: (page: Page) => Locator;
  /** Default: both. */
  viewports?: ViewportName[];
}

export const ROLE_ACCOUNTS: Record<Exclude<ScreenRole, 'anonymous'>, DemoAccount> = {
  customer: demoAccountFor('normal_user'),
  owner: demoAccountFor('store_owner'),
  admin: demoAccountFor('system_admin'),
};

export function screenPath(screen: Screen, fixture: ScreenFixture): string {
  return typeof screen.path === 'function' ? screen.path(fixture) : screen.path;
}

export function screenId(screen: Screen): string {
  return `${screen.role}-${screen.name}`;
}

const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });
const alertDialog = (page: Page, name: string | RegExp) => page.getByRole('alertdialog', { name });

async function click(locator: Locator): Promise<void> {
  await locator.waitFor({ state: 'visible' });
  await locator.click();
}

/** The mobile navbar menu: the toggle, then the open menu's links. */
const openMobileMenu = async (page: Page) => {
  await click(page.getByRole('button', { name: 'Menu' }));
};
const mobileMenuReady = (page: Page) => page.getByRole('button', { name: 'Logout' });

/** The first data row's action button in an admin table ('View', 'Edit', 'Delete'). */
const rowAction = (page: Page, action: 'View' | 'Edit' | 'Delete') =>
  page
    .getByRole('region', { name: /^(Users|Stores)/ })
    .getByRole('button', { name: new RegExp(`^${action}\\b`) })
    .first();

export const SCREENS: Screen[] = [
  // ---------- signed out ----------
  {
    name: 'login',
    role: 'anonymous',
    path: '/login',
    ready: (page) => page.getByRole('button', { name: 'Sign In', exact: true }),
  },
  {
    name: 'register',
    role: 'anonymous',
    path: '/register',
    ready: (page) => page.getByLabel('Confirm Password', { exact: true }),
  },
  {
    name: 'forgot-password',
    role: 'anonymous',
    path: '/forgot-password',
    ready: (page) => page.getByRole('button', { name: 'Send Reset Link' }),
  },
  {
    // A reset link's page (the token is only checked when the form is sent).
    name: 'reset-password',
    role: 'anonymous',
    path: `/reset-password?token=${'A'.repeat(43)}`,
    ready: (page) => page.getByLabel('Confirm Password', { exact: true }),
  },
  {
    name: 'reset-password-invalid',
    role: 'anonymous',
    path: '/reset-password',
    ready: (page) => page.getByRole('link', { name: 'Ask for a new reset link' }),
  },

  // ---------- customer ----------
  {
    name: 'dashboard',
    role: 'customer',
    path: '/user-dashboard',
    ready: (page) => page.getByRole('heading', { level: 2, name: 'Recommended for you' }),
  },
  {
    name: 'stores',
    role: 'customer',
    path: '/stores',
    ready: (page) => page.getByRole('heading', { level: 3 }).getByRole('link').first(),
  },
  {
    name: 'store-detail',
    role: 'customer',
    path: (f) => `/stores/${f.storeUnratedByCustomer}`,
    ready: (page) => page.getByRole('button', { name: 'Add Rating' }),
  },
  {
    name: 'store-rating-form',
    role: 'customer',
    path: (f) => `/stores/${f.storeUnratedByCustomer}`,
    open: (page) => click(page.getByRole('button', { name: 'Add Rating' })),
    ready: (page) => page.getByRole('button', { name: 'Submit', exact: true }),
  },
  {
    name: 'store-detail-rated',
    role: 'customer',
    path: (f) => `/stores/${f.storeRatedByCustomer}`,
    ready: (page) => page.getByRole('button', { name: 'Edit Rating' }),
  },
  {
    // The rating being edited, with Delete Rating.
    name: 'store-rating-edit',
    role: 'customer',
    path: (f) => `/stores/${f.storeRatedByCustomer}`,
    open: (page) => click(page.getByRole('button', { name: 'Edit Rating' })),
    ready: (page) => page.getByRole('button', { name: 'Delete Rating' }),
  },
  {
    // Delete Rating asks first, in the kit's ConfirmDialog (the one confirmation of every delete).
    name: 'store-rating-delete-confirm',
    role: 'customer',
    path: (f) => `/stores/${f.storeRatedByCustomer}`,
    open: async (page) => {
      await click(page.getByRole('button', { name: 'Edit Rating' }));
      await click(page.getByRole('button', { name: 'Delete Rating' }));
    },
    ready: (page) => alertDialog(page, 'Delete rating').getByRole('button', { name: 'Cancel' }),
  },
  {
    name: 'store-report-dialog',
    role: 'customer',
    path: (f) => `/stores/${f.storeRatedByCustomer}`,
    open: (page) => click(page.getByRole('button', { name: /^Report rating by / }).first()),
    ready: (page) => page.getByRole('dialog', { name: 'Report this rating' }).getByRole('button', { name: 'Send report' }),
  },
  {
    name: 'ratings',
    role: 'customer',
    path: '/ratings',
    ready: (page) => page.getByRole('list').getByRole('heading', { level: 2 }).first(),
  },
  {
    name: 'ratings-edit',
    role: 'customer',
    path: '/ratings',
    open: (page) => click(page.getByRole('button', { name: /^Edit your rating of/ }).first()),
    ready: (page) => page.getByRole('form', { name: /^Edit your rating of/ }).getByRole('button', { name: 'Update' }),
  },
  {
    name: 'ratings-delete-confirm',
    role: 'customer',
    path: '/ratings',
    open: (page) => click(page.getByRole('button', { name: /^Delete your rating of/ }).first()),
    ready: (page) => alertDialog(page, 'Delete rating').getByRole('button', { name: 'Cancel' }),
  },
  {
    name: 'profile',
    role: 'customer',
    path: '/profile',
    ready: (page) => page.getByRole('button', { name: 'Edit Profile' }),
  },
  {
    // A verification link without its token: the page's invalid-link state (the same as the API's 400 gives).
    name: 'verify-email-invalid',
    role: 'customer',
    path: '/verify-email',
    ready: (page) => page.getByRole('link', { name: 'Go to your profile' }),
  },
  {
    name: 'profile-edit',
    role: 'customer',
    path: '/profile',
    open: (page) => click(page.getByRole('button', { name: 'Edit Profile' })),
    ready: (page) => page.getByRole('form', { name: 'Edit profile' }).getByLabel('Full Name'),
  },
  {
    name: 'profile-password',
    role: 'customer',
    path: '/profile',
    open: (page) => click(page.getByRole('button', { name: 'Change Password' })),
    ready: (page) => page.getByRole('form', { name: 'Change password' }).getByLabel('Current Password', { exact: true }),
  },
  {
    name: 'nav-menu',
    role: 'customer',
    path: '/user-dashboard',
    open: openMobileMenu,
    ready: mobileMenuReady,
    viewports: ['mobile'],
  },

  // ---------- store owner ----------
  {
    name: 'dashboard',
    role: 'owner',
    path: '/store-owner',
    ready: (page) => page.getByRole('heading', { level: 2, name: /^Your stores/ }),
  },
  {
    name: 'stores',
    role: 'owner',
    path: '/stores',
    ready: (page) => page.getByRole('heading', { level: 3 }).getByRole('link').first(),
  },
  {
    name: 'store-detail',
    role: 'owner',
    path: (f) => `/stores/${f.ownerStore}`,
    ready: (page) => page.getByText('This is your store'),
  },
  {
    name: 'profile',
    role: 'owner',
    path: '/profile',
    ready: (page) => page.getByRole('button', { name: 'Edit Profile' }),
  },
  {
    name: 'nav-menu',
    role: 'owner',
    path: '/store-owner',
    open: openMobileMenu,
    ready: mobileMenuReady,
    viewports: ['mobile'],
  },

  // ---------- system admin ----------
  {
    name: 'dashboard',
    role: 'admin',
    path: '/admin',
    ready: (page) => page.getByRole('heading', { level: 2, name: 'Recent activity' }),
  },
  {
    name: 'users',
    role: 'admin',
    path: '/admin/users',
    ready: (page) => rowAction(page, 'View'),
  },
  {
    name: 'users-add',
    role: 'admin',
    path: '/admin/users',
    open: (page) => click(page.getByRole('button', { name: 'Add User' })),
    ready: (page) => dialog(page, 'Add User').getByRole('button', { name: 'Create User' }),
  },
  {
    // A store owner's details also list their stores.
    name: 'users-details',
    role: 'admin',
    path: `/admin/users?search=${encodeURIComponent(ROLE_ACCOUNTS.owner.email)}`,
    open: (page) => click(rowAction(page, 'View')),
    ready: (page) => dialog(page, /^User details/).getByText('Member since'),
  },
  {
    name: 'users-edit',
    role: 'admin',
    path: `/admin/users?search=${encodeURIComponent(ROLE_ACCOUNTS.customer.email)}`,
    open: (page) => click(rowAction(page, 'Edit')),
    ready: (page) => dialog(page, /^Edit User/).getByRole('button', { name: 'Save Changes' }),
  },
  {
    name: 'users-delete-confirm',
    role: 'admin',
    path: `/admin/users?search=${encodeURIComponent(ROLE_ACCOUNTS.customer.email)}`,
    open: (page) => click(rowAction(page, 'Delete')),
    ready: (page) => alertDialog(page, 'Delete user').getByRole('button', { name: 'Cancel' }),
  },
  {
    name: 'manage-stores',
    role: 'admin',
    path: '/admin/stores',
    ready: (page) => rowAction(page, 'View'),
  },
  {
    name: 'stores-add',
    role: 'admin',
    path: '/admin/stores',
    open: (page) => click(page.getByRole('button', { name: 'Add Store' })),
    // The owner picker is enabled once the store owners have loaded.
    ready: (page) => dialog(page, 'Add Store').getByLabel('Store owner').and(page.locator('select:enabled')),
  },
  {
    name: 'stores-details',
    role: 'admin',
    path: '/admin/stores',
    open: (page) => click(rowAction(page, 'View')),
    ready: (page) => dialog(page, /^Store details/).getByRole('button', { name: 'Close', exact: true }),
  },
  {
    name: 'stores-edit',
    role: 'admin',
    path: '/admin/stores',
    open: (page) => click(rowAction(page, 'Edit')),
    ready: (page) =>
      dialog(page, /^Edit Store/)
        .getByLabel('Store owner')
        .and(page.locator('select:enabled')),
  },
  {
    name: 'stores-delete-confirm',
    role: 'admin',
    path: '/admin/stores',
    open: (page) => click(rowAction(page, 'Delete')),
    ready: (page) => alertDialog(page, 'Delete store').getByRole('button', { name: 'Cancel' }),
  },
  {
    name: 'analytics',
    role: 'admin',
    path: '/admin/analytics',
    ready: (page) => page.getByRole('heading', { level: 2, name: 'Top rated stores' }),
  },
  {
    name: 'moderation',
    role: 'admin',
    path: '/admin/moderation',
    ready: (page) => page.getByRole('heading', { level: 2, name: 'Open reports' }),
  },
  {
    name: 'deployments',
    role: 'admin',
    path: '/admin/deployments',
    ready: (page) => page.getByRole('region', { name: /^Store list and store pages/ }).getByRole('heading', { name: 'Release history' }),
  },
  {
    name: 'profile',
    role: 'admin',
    path: '/profile',
    ready: (page) => page.getByRole('button', { name: 'Edit Profile' }),
  },
  {
    name: 'stores',
    role: 'admin',
    path: '/stores',
    ready: (page) => page.getByRole('heading', { level: 3 }).getByRole('link').first(),
  },
  {
    name: 'nav-menu',
    role: 'admin',
    path: '/admin',
    open: openMobileMenu,
    ready: mobileMenuReady,
    viewports: ['mobile'],
  },
];

export function screensFor(viewport: ViewportName): Screen[] {
  return SCREENS.filter((s) => !s.viewports || s.viewports.includes(viewport));
}

/** Text of a status message that means "still loading" (spinners, 'Finding stores for you…'). */
const LOADING_TEXT = /^\s*(Loading|Finding)\b/;

/**
 * Waits until the screen shows its real content: the proving element is visible, no spinner or
 * other loading status is visible, nothing is marked aria-busy, and the web fonts are in.
 */
export async function waitForScreen(page: Page, screen: Screen): Promise<void> {
  await screen.ready(page).first().waitFor({ state: 'visible' });
  await page.waitForFunction((pattern) => {
    const loading = new RegExp(pattern);
    const visible = (el: Element) => {
      const box = (el as HTMLElement).getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const statuses = Array.from(document.querySelectorAll('[role="status"]')).filter((el) => loading.test(el.textContent ?? ''));
    if (statuses.some(visible)) return false;
    if (document.querySelector('[aria-busy="true"]')) return false;
    return true;
  }, LOADING_TEXT.source);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** Reaches the screen in a page whose context is already signed in as `screen.role` (or signed out). */
export async function openScreen(page: Page, screen: Screen, fixture: ScreenFixture): Promise<void> {
  await page.goto(screenPath(screen, fixture));
  if (screen.open) {
    // The page must be ready before a person could click what opens the dialog.
    await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible' });
    await screen.open(page);
  }
  await waitForScreen(page, screen);
}

// ---------- setting up ----------

/** A token for a demo account (signed in with its own role, as the sign-in screen's chooser sends it). */
export function demoToken(baseURL: string, role: Exclude<ScreenRole, 'anonymous'>): Promise<string> {
  const account = ROLE_ACCOUNTS[role];
  return apiLogin(baseURL, account.email, account.password, account.role);
}

/** Looks up the ids the screens need in the demo data. */
export async function loadFixture(baseURL: string, tokens: Record<'customer' | 'owner', string>): Promise<ScreenFixture> {
  const mine = await apiAs<{ ratings: Array<{ store_id: number }> }>(baseURL, tokens.customer, 'GET', `/api/users/ratings?limit=100`);
  const rated = new Set(mine.ratings.map((r) => r.store_id));
  const all = await apiAs<{ stores: Array<{ id: number }> }>(baseURL, tokens.customer, 'GET', `/api/stores?limit=100&sortBy=name`);
  const unrated = all.stores.find((s) => !rated.has(s.id));
  const owner = await apiAs<{ stores: Array<{ id: number }> }>(baseURL, tokens.owner, 'GET', `/api/owner/dashboard`);
  if (rated.size === 0 || !unrated || owner.stores.length === 0) {
    throw new Error('The demo data has no rated store, no unrated store or no store of the demo owner');
  }
  return { storeRatedByCustomer: mine.ratings[0].store_id, storeUnratedByCustomer: unrated.id, ownerStore: owner.stores[0].id };
}
