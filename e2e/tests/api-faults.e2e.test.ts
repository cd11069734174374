/**
 * The front end under API faults (spec §8, DESIGN.md §5-§6), beyond fault-isolation.e2e.test.ts:
 *  1. every write a user can make, with the API answering 500 (a gateway's HTML page, or our API's own
 *     `{ message: 'Internal server error' }`), refusing connections or never answering: the spec's
 *     failure toast alone, a usable page with what the user typed still there, still signed in, and
 *     the same submit works once the API is back;
 *  2. a 401 on any call (every API-backed screen's load, every write, the start-up profile check)
 *     signs the user out once: the session-ended toast alone (no failure toast of the screen), on
 *     /login, token gone, no further calls, no loop, no reload;
 *  3. the API going away mid-session: screen after screen shows its failure state (never a blank page),
 *     and Try again / the navbar bring each back once the API is, without a reload.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { API_TIMEOUT_MS, MESSAGES } from 'shared-contracts';
import {
  apiAs,
  apiLogin,
  apiRegister,
  clickInNavbar,
  DEMO,
  expectToastTopRight,
  mainNav,
  navigateInApp,
  navLink,
  signInWithToken,
  toast,
  uniqueEmail,
} from '../support/app';
import { launchBrowser, openPage } from '../support/browser';
import { breakApi, countRequests, type Fault, isScreenApiCall, recordToasts, type ReloadProbe, watchForReload } from '../support/faults';
import { type Site, startSite } from '../support/site';

let site: Site;
let browser: Browser;
const tokens: Record<'admin' | 'owner' | 'customer', string> = { admin: '', owner: '', customer: '' };
/** A store of the demo data every rating case rates (each with an account of its own). */
let store: { id: number; name: string };
/** The demo store owner: the owner of the stores the admin cases create. */
let ownerId: number;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite(), launchBrowser()]);
  for (const who of ['admin', 'owner', 'customer'] as const)
    tokens[who] = await apiLogin(site.url, DEMO[who].email, DEMO[who].password, DEMO[who].role);
  const { stores } = await apiAs<{ stores: Array<{ id: number; name: string }> }>(
    site.url,
    tokens.customer,
    'GET',
    '/api/stores?limit=1&sortBy=name',
  );
  store = stores[0];
  ownerId = (await apiAs<{ user: { id: number } }>(site.url, tokens.owner, 'GET', '/api/auth/profile')).user.id;
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

// ---------------------------------------------------------------------------------------------
// Shared checks
// ---------------------------------------------------------------------------------------------

type Heading = string | RegExp;

const h1 = (page: Page, name: Heading) => page.getByRole('heading', { level: 1, name, exact: typeof name === 'string' });
const storeLinks = (page: Page) => page.getByRole('main').getByRole('heading', { level: 3 }).getByRole('link');
const token = (page: Page) => page.evaluate(() => window.localStorage.getItem('token'));
const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Never a blank screen: still on `path`, its page heading, the navbar, text on the page, still signed in. */
async function expectUsablePage(page: Page, path: string, heading: Heading): Promise<void> {
  await page.waitForURL((url) => url.pathname === path);
  await h1(page, heading).waitFor();
  await expect(mainNav(page).isVisible()).resolves.toBe(true);
  await expect(page.evaluate(() => document.body.innerText.trim().length)).resolves.toBeGreaterThan(0);
  // A server that fails is not a session that ended.
  await expect(token(page)).resolves.not.toBeNull();
}

/** A control a person can use: enabled, and not marked busy (the admin dialogs use aria-disabled while saving). */
async function expectEnabled(control: Locator): Promise<void> {
  await control.waitFor();
  await expect(control.isEnabled()).resolves.toBe(true);
  await expect(control.getAttribute('aria-disabled')).resolves.toBeNull();
}

async function expectValue(field: Locator, value: string): Promise<void> {
  await expect(field.inputValue()).resolves.toBe(value);
}

async function expectChecked(radio: Locator): Promise<void> {
  await expect(radio.isChecked()).resolves.toBe(true);
}

// ---------------------------------------------------------------------------------------------
// 1. Writes under faults
// ---------------------------------------------------------------------------------------------

/** What a write case sets up for itself over the API: the account it acts as and where it starts. */
interface WriteSetup {
  token: string;
  path: string;
  heading: Heading;
  /** The name of the row the write is about (a store, a user), when it is about one. */
  subject?: string;
}

interface WriteCase {
  name: string;
  remote: string;
  setup: () => Promise<WriteSetup>;
  /** After the page has rendered: what a person does before submitting (open a form, type). */
  prepare: (page: Page, s: WriteSetup) => Promise<void>;
  /** The act that sends the write; from the state `prepare` left, and again after a failure. */
  submit: (page: Page, s: WriteSetup) => Promise<void>;
  /** The write's call. */
  method: 'POST' | 'PUT' | 'DELETE';
  path: RegExp;
  failure: string;
  success: string;
  /** After a failure: nothing the user typed is lost and they can submit again. */
  kept: (page: Page, s: WriteSetup) => Promise<void>;
}

const freshCustomer = () => apiRegister(site.url, 'normal_user', 'api-faults');
const rate = (as: string, storeId: number, rating: number, comment: string) =>
  apiAs(site.url, as, 'POST', `/api/ratings/${storeId}`, { rating, comment });
const uniqueName = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`.padEnd(22, 'x');

async function adminCreatesUser(): Promise<{ name: string; email: string }> {
  const name = uniqueName('Faulty Fixture User');
  const email = uniqueEmail('api-faults-user');
  await apiAs(site.url, tokens.admin, 'POST', '/api/admin/users', {
    name,
    email,
    address: '1 Fixture Road',
    password: 'Secret@123',
    role: 'normal_user',
  });
  return { name, email };
}

async function adminCreatesStore(): Promise<string> {
  const name = uniqueName('Fixture Store');
  await apiAs(site.url, tokens.admin, 'POST', '/api/admin/stores', { name, address: '2 Fixture Lane, Springfield', owner_id: ownerId });
  return name;
}

// What the cases type, checked again after each failure.
const TYPED = {
  comment: 'Friendly staff, but the queue was long.',
  profileName: 'Fault Tolerant Customer Person',
  profileAddress: '42 Resilience Avenue, Springfield',
  newPassword: 'Fresh@5678',
  userName: 'Nadia Newly Added Owner',
  userAddress: '7 Admin Street, Springfield',
  storeName: 'Fault Tolerant Bakery',
  storeAddress: '9 Retry Road, Springfield',
  storePhone: '+1 555 0100',
  storeEmail: 'bakery@example.com',
};

const ratingPanel = (page: Page) => page.getByRole('region', { name: /^(Rate This Store|Update Your Rating)$/ });
const myRatingForm = (page: Page) => page.getByRole('form', { name: `Edit your rating of ${store.name}` });
const dialog = (page: Page, name: Heading) => page.getByRole('dialog', { name });
/** A form field by its label (the admin forms mark a required one with an aria-hidden '*'). */
/** A field by its label, which may end in '*' (required) or '(optional)'. */
const field = (scope: Locator, label: string) => scope.getByLabel(new RegExp(`^${label}\\s*(\\*|\\(optional\\))?$`));
const starRadio = (scope: Locator | Page, n: number) =>
  scope.getByRole('radio', { name: `${n} ${n === 1 ? 'star' : 'stars'}`, exact: true });
/** Chooses n stars the way a person does: the star drawn over the (visually hidden) radio. */
async function chooseStars(scope: Locator | Page, n: number): Promise<void> {
  await starRadio(scope, n).locator('xpath=ancestor::label[1]').click();
  await expectChecked(starRadio(scope, n));
}
const adminRowButton = (page: Page, action: 'Edit' | 'Delete', subject: string) =>
  page.getByRole('button', { name: `${action} ${subject}`, exact: true });
const passwordForm = (page: Page) => page.getByRole('form', { name: 'Change password' });
const profileForm = (page: Page) => page.getByRole('form', { name: 'Edit profile' });

const onStorePage = async (): Promise<WriteSetup> => ({
  token: (await freshCustomer()).token,
  path: `/stores/${store.id}`,
  heading: store.name,
});
const onStorePageRated = async (): Promise<WriteSetup> => {
  const customer = await freshCustomer();
  await rate(customer.token, store.id, 4, 'The first visit was fine.');
  return { token: customer.token, path: `/stores/${store.id}`, heading: store.name };
};
const onMyRatings = async (): Promise<WriteSetup> => {
  const customer = await freshCustomer();
  await rate(customer.token, store.id, 4, 'The first visit was fine.');
  return { token: customer.token, path: '/ratings', heading: 'My Ratings' };
};
const onProfile = async (): Promise<WriteSetup> => ({ token: (await freshCustomer()).token, path: '/profile', heading: 'My Profile' });

const WRITES: WriteCase[] = [
  {
    name: 'rate a store (store page, Submit)',
    remote: 'mf-stores',
    setup: onStorePage,
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Add Rating' }).click();
      await chooseStars(page, 2);
      await ratingPanel(page).getByLabel('Comment').fill(TYPED.comment);
    },
    submit: (page) => page.getByRole('button', { name: 'Submit', exact: true }).click(),
    method: 'POST',
    path: /^\/api\/ratings\/\d+$/,
    failure: MESSAGES.submitRatingFailed,
    success: MESSAGES.ratingSubmitted,
    kept: async (page) => {
      await expectChecked(starRadio(page, 2));
      await expectValue(ratingPanel(page).getByLabel('Comment'), TYPED.comment);
      await expectEnabled(page.getByRole('button', { name: 'Submit', exact: true }));
    },
  },
  {
    name: 'change a rating (store page, Update)',
    remote: 'mf-stores',
    setup: onStorePageRated,
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Edit Rating' }).click();
      await chooseStars(page, 1);
      await ratingPanel(page).getByLabel('Comment').fill(TYPED.comment);
    },
    submit: (page) => page.getByRole('button', { name: 'Update', exact: true }).click(),
    method: 'PUT',
    path: /^\/api\/ratings\/\d+$/,
    failure: MESSAGES.submitRatingFailed,
    success: MESSAGES.ratingUpdated,
    kept: async (page) => {
      await expectChecked(starRadio(page, 1));
      await expectValue(ratingPanel(page).getByLabel('Comment'), TYPED.comment);
      await expectEnabled(page.getByRole('button', { name: 'Update', exact: true }));
    },
  },
  {
    name: 'delete a rating (store page, Delete Rating, confirmed)',
    remote: 'mf-stores',
    setup: onStorePageRated,
    prepare: (page) => page.getByRole('button', { name: 'Edit Rating' }).click(),
    submit: async (page) => {
      await page.getByRole('button', { name: 'Delete Rating' }).click();
      await page.getByRole('alertdialog', { name: 'Delete rating' }).getByRole('button', { name: 'Delete', exact: true }).click();
    },
    method: 'DELETE',
    path: /^\/api\/ratings\/\d+$/,
    failure: MESSAGES.deleteRatingFailed,
    success: MESSAGES.ratingDeleted,
    kept: async (page) => {
      await ratingPanel(page).getByRole('heading', { name: 'Update Your Rating' }).waitFor();
      await expectEnabled(page.getByRole('button', { name: 'Delete Rating' }));
    },
  },
  {
    name: 'change a rating (My Ratings, Save)',
    remote: 'mf-customer',
    setup: onMyRatings,
    prepare: async (page) => {
      await page.getByRole('button', { name: `Edit your rating of ${store.name}` }).click();
      await chooseStars(myRatingForm(page), 2);
      await myRatingForm(page).getByLabel('Comment').fill(TYPED.comment);
    },
    submit: (page) => myRatingForm(page).getByRole('button', { name: 'Update' }).click(),
    method: 'PUT',
    path: /^\/api\/ratings\/\d+$/,
    failure: MESSAGES.submitRatingFailed,
    success: MESSAGES.ratingUpdated,
    kept: async (page) => {
      await expectChecked(starRadio(myRatingForm(page), 2));
      await expectValue(myRatingForm(page).getByLabel('Comment'), TYPED.comment);
      await expectEnabled(myRatingForm(page).getByRole('button', { name: 'Update' }));
    },
  },
  {
    name: 'delete a rating (My Ratings, Delete, confirmed)',
    remote: 'mf-customer',
    setup: onMyRatings,
    prepare: (page) => page.getByRole('button', { name: `Delete your rating of ${store.name}` }).waitFor(),
    submit: async (page) => {
      await page.getByRole('button', { name: `Delete your rating of ${store.name}` }).click();
      await page.getByRole('alertdialog', { name: 'Delete rating' }).getByRole('button', { name: 'Delete', exact: true }).click();
    },
    method: 'DELETE',
    path: /^\/api\/ratings\/\d+$/,
    failure: MESSAGES.deleteRatingFailed,
    success: MESSAGES.ratingDeleted,
    kept: async (page) => {
      await page.getByRole('main').getByRole('link', { name: store.name }).waitFor();
      await expectEnabled(page.getByRole('button', { name: `Delete your rating of ${store.name}` }));
    },
  },
  {
    name: 'save the profile',
    remote: 'mf-auth',
    setup: onProfile,
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      await field(profileForm(page), 'Full Name').fill(TYPED.profileName);
      await field(profileForm(page), 'Address').fill(TYPED.profileAddress);
    },
    submit: (page) => page.getByRole('button', { name: 'Save Changes' }).click(),
    method: 'PUT',
    path: /^\/api\/auth\/profile$/,
    failure: MESSAGES.profileUpdateFailed,
    success: MESSAGES.profileUpdated,
    kept: async (page) => {
      await expectValue(field(profileForm(page), 'Full Name'), TYPED.profileName);
      await expectValue(field(profileForm(page), 'Address'), TYPED.profileAddress);
      await expectEnabled(page.getByRole('button', { name: 'Save Changes' }));
    },
  },
  {
    name: 'change the password',
    remote: 'mf-auth',
    setup: onProfile,
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Change Password' }).click();
      await field(passwordForm(page), 'Current Password').fill('Secret@123');
      await field(passwordForm(page), 'New Password').fill(TYPED.newPassword);
      await field(passwordForm(page), 'Confirm New Password').fill(TYPED.newPassword);
    },
    submit: (page) => page.getByRole('button', { name: 'Update Password' }).click(),
    method: 'PUT',
    path: /^\/api\/auth\/password$/,
    failure: MESSAGES.passwordUpdateFailed,
    success: MESSAGES.passwordUpdated,
    kept: async (page) => {
      await expectValue(field(passwordForm(page), 'Current Password'), 'Secret@123');
      await expectValue(field(passwordForm(page), 'New Password'), TYPED.newPassword);
      await expectValue(field(passwordForm(page), 'Confirm New Password'), TYPED.newPassword);
      await expectEnabled(page.getByRole('button', { name: 'Update Password' }));
    },
  },
  {
    name: 'admin adds a user',
    remote: 'mf-admin',
    setup: async () => ({
      token: tokens.admin,
      path: '/admin/users',
      heading: 'User Management',
      subject: uniqueEmail('api-faults-added'),
    }),
    prepare: async (page, s) => {
      await page.getByRole('button', { name: 'Add User' }).click();
      const form = dialog(page, 'Add User');
      await field(form, 'Name').fill(TYPED.userName);
      await field(form, 'Email').fill(s.subject!);
      await field(form, 'Address').fill(TYPED.userAddress);
      await field(form, 'Password').fill(TYPED.newPassword);
      await field(form, 'Role').selectOption('store_owner');
    },
    submit: (page) => dialog(page, 'Add User').getByRole('button', { name: 'Create User' }).click(),
    method: 'POST',
    path: /^\/api\/admin\/users$/,
    failure: MESSAGES.createUserFailed,
    success: MESSAGES.userCreated,
    kept: async (page, s) => {
      const form = dialog(page, 'Add User');
      await expectValue(field(form, 'Name'), TYPED.userName);
      await expectValue(field(form, 'Email'), s.subject!);
      await expectValue(field(form, 'Address'), TYPED.userAddress);
      await expectValue(field(form, 'Password'), TYPED.newPassword);
      await expectValue(field(form, 'Role'), 'store_owner');
      await expectEnabled(form.getByRole('button', { name: 'Create User' }));
    },
  },
  {
    name: 'admin edits a user',
    remote: 'mf-admin',
    setup: async () => {
      const user = await adminCreatesUser();
      return {
        token: tokens.admin,
        path: `/admin/users?search=${encodeURIComponent(user.email)}`,
        heading: 'User Management',
        subject: user.name,
      };
    },
    prepare: async (page, s) => {
      await adminRowButton(page, 'Edit', s.subject!).click();
      await field(dialog(page, /^Edit User/), 'Name').fill(TYPED.userName);
    },
    submit: (page) =>
      dialog(page, /^Edit User/)
        .getByRole('button', { name: 'Save Changes' })
        .click(),
    method: 'PUT',
    path: /^\/api\/admin\/users\/\d+$/,
    failure: MESSAGES.updateUserFailed,
    success: MESSAGES.userUpdated,
    kept: async (page) => {
      await expectValue(field(dialog(page, /^Edit User/), 'Name'), TYPED.userName);
      await expectEnabled(dialog(page, /^Edit User/).getByRole('button', { name: 'Save Changes' }));
    },
  },
  {
    name: 'admin deletes a user',
    remote: 'mf-admin',
    setup: async () => {
      const user = await adminCreatesUser();
      return {
        token: tokens.admin,
        path: `/admin/users?search=${encodeURIComponent(user.email)}`,
        heading: 'User Management',
        subject: user.name,
      };
    },
    prepare: (page, s) => adminRowButton(page, 'Delete', s.subject!).waitFor(),
    submit: async (page, s) => {
      await adminRowButton(page, 'Delete', s.subject!).click();
      await page.getByRole('alertdialog', { name: 'Delete user' }).getByRole('button', { name: 'Delete', exact: true }).click();
    },
    method: 'DELETE',
    path: /^\/api\/admin\/users\/\d+$/,
    failure: MESSAGES.deleteUserFailed,
    success: MESSAGES.userDeleted,
    // The confirmation closes either way; the user is still listed, ready to delete again.
    kept: (page, s) => expectEnabled(adminRowButton(page, 'Delete', s.subject!)),
  },
  {
    name: 'admin adds a store',
    remote: 'mf-admin',
    setup: async () => ({ token: tokens.admin, path: '/admin/stores', heading: 'Store Management' }),
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Add Store' }).click();
      const form = dialog(page, 'Add Store');
      // The owner picker is enabled once the store owners have loaded.
      await form.getByLabel('Store owner').and(page.locator('select:enabled')).waitFor();
      await field(form, 'Store name').fill(TYPED.storeName);
      await field(form, 'Address').fill(TYPED.storeAddress);
      await field(form, 'Phone').fill(TYPED.storePhone);
      await field(form, 'Email').fill(TYPED.storeEmail);
      await field(form, 'Store owner').selectOption(String(ownerId));
    },
    submit: (page) => dialog(page, 'Add Store').getByRole('button', { name: 'Create Store' }).click(),
    method: 'POST',
    path: /^\/api\/admin\/stores$/,
    failure: MESSAGES.saveStoreFailed,
    success: MESSAGES.storeCreated,
    kept: async (page) => {
      const form = dialog(page, 'Add Store');
      await expectValue(field(form, 'Store name'), TYPED.storeName);
      await expectValue(field(form, 'Address'), TYPED.storeAddress);
      await expectValue(field(form, 'Phone'), TYPED.storePhone);
      await expectValue(field(form, 'Email'), TYPED.storeEmail);
      await expectValue(field(form, 'Store owner'), String(ownerId));
      await expectEnabled(form.getByRole('button', { name: 'Create Store' }));
    },
  },
  {
    name: 'admin edits a store',
    remote: 'mf-admin',
    setup: async () => {
      const name = await adminCreatesStore();
      return { token: tokens.admin, path: `/admin/stores?search=${encodeURIComponent(name)}`, heading: 'Store Management', subject: name };
    },
    prepare: async (page, s) => {
      await adminRowButton(page, 'Edit', s.subject!).click();
      const form = dialog(page, /^Edit Store/);
      await form.getByLabel('Store owner').and(page.locator('select:enabled')).waitFor();
      await field(form, 'Store name').fill(TYPED.storeName);
    },
    submit: (page) =>
      dialog(page, /^Edit Store/)
        .getByRole('button', { name: 'Save Changes' })
        .click(),
    method: 'PUT',
    path: /^\/api\/admin\/stores\/\d+$/,
    failure: MESSAGES.saveStoreFailed,
    success: MESSAGES.storeUpdated,
    kept: async (page) => {
      await expectValue(field(dialog(page, /^Edit Store/), 'Store name'), TYPED.storeName);
      await expectEnabled(dialog(page, /^Edit Store/).getByRole('button', { name: 'Save Changes' }));
    },
  },
  {
    name: 'admin deletes a store',
    remote: 'mf-admin',
    setup: async () => {
      const name = await adminCreatesStore();
      return { token: tokens.admin, path: `/admin/stores?search=${encodeURIComponent(name)}`, heading: 'Store Management', subject: name };
    },
    prepare: (page, s) => adminRowButton(page, 'Delete', s.subject!).waitFor(),
    submit: async (page, s) => {
      await adminRowButton(page, 'Delete', s.subject!).click();
      await page.getByRole('alertdialog', { name: 'Delete store' }).getByRole('button', { name: 'Delete', exact: true }).click();
    },
    method: 'DELETE',
    path: /^\/api\/admin\/stores\/\d+$/,
    failure: MESSAGES.deleteStoreFailed,
    success: MESSAGES.storeDeleted,
    kept: (page, s) => expectEnabled(adminRowButton(page, 'Delete', s.subject!)),
  },
];

/**
 * One write per remote that has writes waits out the client timeout (each costs API_TIMEOUT_MS; they
 * run side by side, each in its own browser context).
 */
const HANG_WRITES = [
  'rate a store (store page, Submit)',
  'change a rating (My Ratings, Save)',
  'change the password',
  'admin adds a store',
];
/**
 * A gateway's HTML 500 page takes the same path through the screens as our API's JSON 500 with no
 * usable message, so one write per remote is enough (the JSON 500 and the refused connection run for all).
 */
const GATEWAY_500_WRITES = [
  'delete a rating (store page, Delete Rating, confirmed)',
  'delete a rating (My Ratings, Delete, confirmed)',
  'save the profile',
  'admin deletes a store',
];
const only = (names: string[]) => WRITES.filter((c) => names.includes(c.name));
const asRows = (cases: WriteCase[]) => cases.map((c) => [`${c.remote}: ${c.name}`, c] as const);

/** Opens the write's page as its user, ready to submit: returns the page and the probes. */
async function openWrite(c: WriteCase) {
  const s = await c.setup();
  const opened = await openPage(browser, site.url);
  const { page } = opened;
  await signInWithToken(page, s.token, s.path);
  await h1(page, s.heading).waitFor();
  await c.prepare(page, s);
  const probe = await watchForReload(page);
  const toasts = await recordToasts(page);
  return { ...opened, s, probe, toasts };
}

const pathOfCall = (call: string) => call.replace(/^\S+ /, '').replace(/\?.*$/, '');
/** The shell's bell polls this in the background, whatever the screen is doing. */
const UNREAD_COUNT_PATH = '/api/notifications/unread-count';

async function writeUnderFault(c: WriteCase, fault: Fault): Promise<void> {
  const { page, context, s, probe, toasts } = await openWrite(c);
  try {
    const path = pathOf(page);
    const outage = await breakApi(page, fault);
    const submittedAt = Date.now();
    await c.submit(page, s);
    if (fault === 'hang') {
      // While it waits, the page is there (never blank), and then the client gives up.
      await expectUsablePage(page, path, s.heading);
      await toast(page, c.failure)
        .first()
        .waitFor({ timeout: API_TIMEOUT_MS + 15_000 });
      expect(Date.now() - submittedAt).toBeGreaterThan(API_TIMEOUT_MS - 3_000);
    }
    await expectToastTopRight(page, c.failure);
    // The write was the one call the screen made, once (no retry storm, no reload of the page's data).
    // The bell's unread-count poll runs on its own clock (first 1.5 s after load, then on focus and
    // every 30 s) and may fall inside the outage: it fails silently (the toasts below prove it).
    const screenCalls = outage.calls.filter((call) => pathOfCall(call) !== UNREAD_COUNT_PATH);
    expect(screenCalls.map((call) => call.split(' ')[0])).toEqual([c.method]);
    expect(pathOfCall(screenCalls[0])).toMatch(c.path);
    await expectUsablePage(page, path, s.heading);
    await c.kept(page, s);
    // The spec's failure toast alone: not the server's 'Internal server error', not a sign-out.
    await expect(toasts.texts()).resolves.toEqual([c.failure]);

    await outage.restore();
    await c.submit(page, s);
    await expectToastTopRight(page, c.success);
    await expect(token(page)).resolves.not.toBeNull();
    await probe.expectNoReload();
  } finally {
    await context.close();
  }
}

describe('1. writes under faults: the spec failure toast, the page usable with what was typed, still signed in; the same submit works once the API is back', () => {
  describe.each([
    ['500-json', "the API answers 500 { message: 'Internal server error' } (what our API sends)"],
    ['refused', 'the API refuses connections'],
  ] as const)('%s: %s', (fault, _what) => {
    test.each(asRows(WRITES))('%s', async (_name, c) => {
      await writeUnderFault(c, fault);
    });
  });

  describe('500: a gateway answers 500 with an HTML page, one write per remote', () => {
    test.each(asRows(only(GATEWAY_500_WRITES)))('%s', async (_name, c) => {
      await writeUnderFault(c, '500');
    });
  });

  test(
    `hang: the API never answers; one write per remote, side by side, each gives up after API_TIMEOUT_MS (${API_TIMEOUT_MS} ms): ${HANG_WRITES.join('; ')}`,
    async () => {
      const cases = only(HANG_WRITES);
      const outcomes = await Promise.allSettled(cases.map((c) => writeUnderFault(c, 'hang')));
      const failures = outcomes.flatMap((outcome, i) =>
        outcome.status === 'rejected' ? [`${cases[i].name}: ${String(outcome.reason)}`] : [],
      );
      expect(failures).toEqual([]);
    },
    API_TIMEOUT_MS + 60_000,
  );

  test('the tables name real writes, and cover every remote that has writes', () => {
    const remotes = new Set(WRITES.map((c) => c.remote));
    for (const names of [HANG_WRITES, GATEWAY_500_WRITES]) {
      expect(only(names)).toHaveLength(names.length);
      expect(new Set(only(names).map((c) => c.remote))).toEqual(remotes);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// 2. A 401 on any call signs out once, with the session-ended toast alone
// ---------------------------------------------------------------------------------------------

/** How long the page is watched, once signed out, for a loop (calls, redirects, toasts) to show. */
const QUIET_MS = 1_000;

interface SignOutProbe {
  probe: ReloadProbe;
  toasts: Awaited<ReturnType<typeof recordToasts>>;
  apiCalls: ReturnType<typeof countRequests>;
  loginVisits: string[];
}

async function watchSignOut(page: Page): Promise<SignOutProbe> {
  const probe = await watchForReload(page);
  const toasts = await recordToasts(page);
  const apiCalls = countRequests(page, (r) => isScreenApiCall(r.url()));
  const loginVisits: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && new URL(frame.url()).pathname === '/login') loginVisits.push(frame.url());
  });
  return { probe, toasts, apiCalls, loginVisits };
}

/** On /login with one session-ended toast and no other, token gone; then nothing more happens. */
async function expectSignedOutOnce(page: Page, { probe, toasts, apiCalls, loginVisits }: SignOutProbe): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/login');
  await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
  await expectToastTopRight(page, MESSAGES.sessionEnded);
  await expect(token(page)).resolves.toBeNull();
  const callsWhenSignedOut = apiCalls.count;
  await page.waitForTimeout(QUIET_MS);
  expect({
    toasts: await toasts.texts(),
    loginVisits: loginVisits.length,
    apiCallsAfterSignOut: apiCalls.urls.slice(callsWhenSignedOut),
    path: pathOf(page),
    token: await token(page),
  }).toEqual({ toasts: [MESSAGES.sessionEnded], loginVisits: 1, apiCallsAfterSignOut: [], path: '/login', token: null });
  await probe.expectNoReload();
}

interface LoadCase {
  name: string;
  who: keyof typeof tokens;
  /** Where the session starts, loaded, with the API up. */
  start: string;
  /** Ready once the start page has its data. */
  startReady: (page: Page) => Locator;
  /** Opens the screen as a person does. */
  open: (page: Page) => Promise<void>;
}

const viaNavbar = (label: string) => (page: Page) => clickInNavbar(page, navLink(page, label));
const storesReady = (page: Page) => storeLinks(page).first();

const LOADS: LoadCase[] = [
  { name: 'customer dashboard', who: 'customer', start: '/stores', startReady: storesReady, open: viaNavbar('Dashboard') },
  {
    name: 'store list',
    who: 'customer',
    start: '/profile',
    startReady: (page) => page.getByRole('button', { name: 'Edit Profile' }),
    open: viaNavbar('Stores'),
  },
  { name: 'store page', who: 'customer', start: '/stores', startReady: storesReady, open: (page) => storeLinks(page).first().click() },
  { name: 'my ratings', who: 'customer', start: '/stores', startReady: storesReady, open: viaNavbar('My Ratings') },
  // Where signing in lands: the shell fetches the figures, then redirects by role.
  {
    name: '/dashboard (shell)',
    who: 'customer',
    start: '/stores',
    startReady: storesReady,
    open: (page) => navigateInApp(page, '/dashboard'),
  },
  { name: 'store owner dashboard', who: 'owner', start: '/stores', startReady: storesReady, open: viaNavbar('Dashboard') },
  { name: 'admin dashboard', who: 'admin', start: '/stores', startReady: storesReady, open: viaNavbar('Dashboard') },
  { name: 'admin users', who: 'admin', start: '/stores', startReady: storesReady, open: viaNavbar('Users') },
  { name: 'admin stores', who: 'admin', start: '/stores', startReady: storesReady, open: viaNavbar('Manage Stores') },
  { name: 'admin analytics', who: 'admin', start: '/stores', startReady: storesReady, open: viaNavbar('Analytics') },
];

describe('2. a 401 on any call signs the user out once: the session-ended toast alone, on /login, token gone, no further calls, no loop, no reload', () => {
  test.each(LOADS.map((c) => [c.name, c] as const))('loading the %s', async (_name, c) => {
    const { page, context } = await openPage(browser, site.url);
    try {
      await signInWithToken(page, tokens[c.who], c.start);
      await c.startReady(page).waitFor();
      const watch = await watchSignOut(page);
      const outage = await breakApi(page, '401');
      await c.open(page);
      await expectSignedOutOnce(page, watch);
      expect(outage.hits).toBeGreaterThan(0);
      // Each call that answered 401 was made once: nothing asked again.
      expect(new Set(outage.calls).size).toBe(outage.calls.length);
    } finally {
      await context.close();
    }
  });

  test.each(WRITES.map((c) => [`${c.remote}: ${c.name}`, c] as const))('the write answers 401: %s', async (_name, c) => {
    const { page, context, s } = await openWrite(c);
    try {
      const watch = await watchSignOut(page);
      const outage = await breakApi(page, '401', (path) => c.path.test(path), c.method);
      await c.submit(page, s);
      await expectSignedOutOnce(page, watch);
      expect(outage.calls.map((call) => call.split(' ')[0])).toEqual([c.method]);
    } finally {
      await context.close();
    }
  });

  test('the start-up profile check answers 401 (a revoked token, then a reload): the spinner gives way to /login with the toast alone', async () => {
    const { page, context } = await openPage(browser, site.url);
    try {
      await signInWithToken(page, tokens.customer, '/stores');
      await storesReady(page).waitFor();
      const outage = await breakApi(page, '401');
      const apiCalls = countRequests(page, (r) => isScreenApiCall(r.url()));
      await page.reload();
      const toasts = await recordToasts(page);
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      await expectToastTopRight(page, MESSAGES.sessionEnded);
      await page.waitForTimeout(QUIET_MS);
      expect({
        toasts: await toasts.texts(),
        apiCalls: apiCalls.urls.map((u) => new URL(u.replace(/^\S+ /, '')).pathname),
        token: await token(page),
        spinners: await page
          .getByRole('status')
          .filter({ hasText: /^Loading/ })
          .count(),
      }).toEqual({ toasts: [MESSAGES.sessionEnded], apiCalls: ['/api/auth/profile'], token: null, spinners: 0 });
      expect(outage.hits).toBe(1);
    } finally {
      await context.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// 3. The API going away mid-session, and coming back, without a reload
// ---------------------------------------------------------------------------------------------

interface Stop {
  name: string;
  /** Opens it as a person does (from wherever the tour is). */
  open: (page: Page) => Promise<void>;
  path: string | RegExp;
  /** Its page heading once failed (and once loaded). */
  heading: Heading;
  toast: string;
  /** The screen's failure notice (role=alert) with its Try again button. */
  notice: string;
  loaded: (page: Page) => Locator;
}

interface Tour {
  who: keyof typeof tokens;
  start: string;
  startReady: (page: Page) => Locator;
  /** The screens first asked for during the outage: each shows its failure state. */
  stops: Stop[];
  /**
   * The screen the tour started on, answered just before the outage: coming back to it shows that answer
   * from the page's one query cache (no request, no failure, nothing blank).
   */
  revisit: Stop;
}

const STOPS = {
  storePage: {
    name: 'store page',
    open: async (page: Page) => {
      if (pathOf(page) !== '/stores') {
        await clickInNavbar(page, navLink(page, 'Stores'));
        await storesReady(page).waitFor();
      }
      await storeLinks(page).first().click();
    },
    path: /^\/stores\/\d+$/,
    heading: 'The store could not be loaded',
    toast: MESSAGES.fetchStoreDetailsFailed,
    notice: 'Check your connection and try again.',
    loaded: (page: Page) => page.getByRole('heading', { level: 2, name: /^All Ratings/ }),
  },
  customerDashboard: {
    name: 'customer dashboard',
    open: viaNavbar('Dashboard'),
    path: '/user-dashboard',
    heading: /^Welcome, /,
    toast: MESSAGES.fetchDashboardFailed,
    notice: 'Your figures could not be loaded.',
    loaded: (page: Page) => page.getByRole('term').filter({ hasText: 'Ratings given' }),
  },
  myRatings: {
    name: 'my ratings',
    open: viaNavbar('My Ratings'),
    path: '/ratings',
    heading: 'My Ratings',
    toast: 'Failed to load your ratings',
    notice: 'Your ratings could not be loaded.',
    loaded: (page: Page) => page.getByRole('list').getByRole('heading', { level: 2 }).first(),
  },
  storeList: {
    name: 'store list',
    open: viaNavbar('Stores'),
    path: '/stores',
    heading: 'Stores',
    toast: MESSAGES.fetchStoresFailed,
    notice: 'The stores could not be loaded.',
    loaded: storesReady,
  },
  adminStores: {
    name: 'admin stores',
    open: viaNavbar('Manage Stores'),
    path: '/admin/stores',
    heading: 'Store Management',
    toast: MESSAGES.fetchStoresFailed,
    notice: 'The stores could not be loaded.',
    loaded: (page: Page) => page.getByRole('table').getByRole('row').nth(1),
  },
  adminDashboard: {
    name: 'admin dashboard',
    open: viaNavbar('Dashboard'),
    path: '/admin',
    heading: 'Admin Dashboard',
    toast: MESSAGES.fetchDashboardFailed,
    notice: 'The dashboard could not be loaded.',
    loaded: (page: Page) => page.getByRole('heading', { level: 2, name: 'Recent activity' }),
  },
  adminAnalytics: {
    name: 'admin analytics',
    open: viaNavbar('Analytics'),
    path: '/admin/analytics',
    heading: 'Analytics',
    toast: MESSAGES.fetchDashboardFailed,
    notice: 'The analytics could not be loaded.',
    loaded: (page: Page) => page.getByRole('heading', { level: 2, name: 'Top rated stores' }),
  },
  adminUsers: {
    name: 'admin users',
    open: viaNavbar('Users'),
    path: '/admin/users',
    heading: 'User Management',
    toast: MESSAGES.fetchUsersFailed,
    notice: 'The users could not be loaded.',
    loaded: (page: Page) => page.getByRole('table').getByRole('row').nth(1),
  },
  ownerDashboard: {
    name: 'store owner dashboard',
    open: viaNavbar('Dashboard'),
    path: '/store-owner',
    heading: 'Store Owner Dashboard',
    toast: MESSAGES.fetchDashboardFailed,
    notice: 'Your dashboard could not be loaded.',
    loaded: (page: Page) => page.getByRole('heading', { level: 2, name: /^Your stores/ }),
  },
} satisfies Record<string, Stop>;

const TOURS: Array<[string, Tour]> = [
  [
    'customer: store page, dashboard, my ratings, store list',
    {
      who: 'customer',
      start: '/stores',
      startReady: storesReady,
      stops: [STOPS.storePage, STOPS.customerDashboard, STOPS.myRatings],
      revisit: STOPS.storeList,
    },
  ],
  [
    'admin: stores, dashboard, analytics, users',
    {
      who: 'admin',
      start: '/admin/users',
      startReady: STOPS.adminUsers.loaded,
      stops: [STOPS.adminStores, STOPS.adminDashboard, STOPS.adminAnalytics],
      revisit: STOPS.adminUsers,
    },
  ],
  [
    'store owner: dashboard, store list',
    { who: 'owner', start: '/stores', startReady: storesReady, stops: [STOPS.ownerDashboard], revisit: STOPS.storeList },
  ],
];

const noticeOf = (page: Page, stop: Stop) => page.getByRole('alert').filter({ hasText: stop.notice });

async function expectFailedStop(page: Page, stop: Stop): Promise<void> {
  await page.waitForURL((url) => (typeof stop.path === 'string' ? url.pathname === stop.path : stop.path.test(url.pathname)));
  await toast(page, stop.toast).first().waitFor();
  await noticeOf(page, stop).getByRole('button', { name: 'Try again' }).waitFor();
  await expectUsablePage(page, pathOf(page), stop.heading);
}

describe('3. the API goes away mid-session: each screen first asked for then shows its failure state, a screen answered before shows that answer, never a blank page; Try again and the navbar recover once it is back, without a reload', () => {
  test.each(TOURS)('%s', async (_name, tour) => {
    const { page, context } = await openPage(browser, site.url);
    try {
      await signInWithToken(page, tokens[tour.who], tour.start);
      await tour.startReady(page).waitFor();
      const probe = await watchForReload(page);
      const outage = await breakApi(page, 'refused');

      const [first, ...rest] = tour.stops;
      await first.open(page);
      await expectFailedStop(page, first);
      // The start screen again: its answer from before the outage, from the cache, without a failure.
      await tour.revisit.open(page);
      await tour.revisit.loaded(page).waitFor();
      await expectUsablePage(page, pathOf(page), tour.revisit.heading);
      await expect(noticeOf(page, tour.revisit).count()).resolves.toBe(0);
      // The rest (or the first again, still failing) while the API is away.
      const afterRevisit = rest.length > 0 ? rest : [first];
      for (const stop of afterRevisit) {
        await stop.open(page);
        await expectFailedStop(page, stop);
      }
      expect(outage.hits).toBeGreaterThanOrEqual(tour.stops.length);

      // Back: the screen in front of the user comes back with Try again ...
      await outage.restore();
      const last = afterRevisit[afterRevisit.length - 1];
      await noticeOf(page, last).getByRole('button', { name: 'Try again' }).click();
      await last.loaded(page).waitFor();
      await expect(noticeOf(page, last).count()).resolves.toBe(0);
      // ... and every other one through the navbar.
      for (const stop of [...tour.stops.filter((stop) => stop !== last), tour.revisit]) {
        await stop.open(page);
        await stop.loaded(page).waitFor();
        await expect(noticeOf(page, stop).count()).resolves.toBe(0);
        await expect(mainNav(page).isVisible()).resolves.toBe(true);
      }
      await expect(token(page)).resolves.not.toBeNull();
      await probe.expectNoReload();
    } finally {
      await context.close();
    }
  });
});
