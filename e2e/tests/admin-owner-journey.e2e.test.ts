/**
 * Two journeys through the assembled site, at desktop and phone width (below 1024 px the navigation
 * sits behind the menu toggle, so a phone user opens it first):
 * 1. The demo admin signs in through the form, adds a store owner on /admin/users (after the form
 *    refuses invalid input with the spec's messages), adds a store for them on /admin/stores, edits
 *    both, and deletes both, cancelling each confirmation once first (spec §2 Admin users/stores,
 *    §5, §8).
 * 2. A store owner follows a new rating: before it their dashboard shows no ratings; a customer
 *    rates the store from its detail page; the owner then sees the customer's name, stars and
 *    comment, and the new figures, on /store-owner (spec §2, §4; DESIGN.md §7 owner dashboard).
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { MESSAGES, type Role, welcomeBackMessage } from 'shared-contracts';
import { apiAs, apiLogin, apiRegister, clickInNavbar, DEMO, expectToastTopRight, navLink, signInThroughForm, toast } from '../support/app';
import { BOTH_VIEWPORTS, launchBrowser, openPage, screenshot, type TestPage, type Viewport } from '../support/browser';
import { type Site, startSite } from '../support/site';

let site: Site;
let browser: Browser;
let adminToken: string;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite(), launchBrowser()]);
  adminToken = await apiLogin(site.url, DEMO.admin.email, DEMO.admin.password, DEMO.admin.role);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

// ---------- helpers of this file ----------

/** Follows a link of the navigation bar (on a phone it is hidden in the menu until that opens), to `path`. */
async function navigateTo(page: Page, viewport: Viewport, linkName: string, path: string): Promise<void> {
  const link = navLink(page, linkName);
  if (viewport.mobile) await link.waitFor({ state: 'hidden' });
  await clickInNavbar(page, link);
  await page.waitForURL((url) => url.pathname === path);
}

/**
 * Runs a search of an admin table (its labelled search box and Search button) and waits for its
 * answer: the list summary says how many matched ('Showing 1–1 of 1 user'), or the empty state.
 */
async function searchTable(page: Page, label: string, text: string, expected: { count: number; noun: [string, string] }): Promise<void> {
  const form = page.getByRole('search', { name: label });
  await form.getByLabel(label).fill(text);
  await form.getByRole('button', { name: 'Search', exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get('search') === text);
  const { count, noun } = expected;
  await page.getByText(`Showing 1–${count} of ${count} ${count === 1 ? noun[0] : noun[1]}`, { exact: true }).waitFor();
}

const ONE_USER = { count: 1, noun: ['user', 'users'] as [string, string] };
const ONE_STORE = { count: 1, noun: ['store', 'stores'] as [string, string] };

/** The table row (of the page's data table) whose text contains `text`. */
function row(page: Page, text: string): Locator {
  return page.getByRole('table').getByRole('row').filter({ hasText: text });
}

interface AdminUserRow {
  id: number;
  name: string;
  email: string;
  role: Role;
}
interface AdminStoreRow {
  id: number;
  name: string;
  owner_id: number;
  owner_name: string;
}

const findUsers = (search: string) =>
  apiAs<{ users: AdminUserRow[] }>(site.url, adminToken, 'GET', `/api/admin/users?search=${encodeURIComponent(search)}`).then(
    (r) => r.users,
  );
const findStores = (search: string) =>
  apiAs<{ stores: AdminStoreRow[] }>(site.url, adminToken, 'GET', `/api/admin/stores?search=${encodeURIComponent(search)}`).then(
    (r) => r.stores,
  );

// ---------- 1. the admin manages a store owner and their store ----------

describe.each(BOTH_VIEWPORTS)('an admin manages a store owner and their store at %s', (_name: string, viewport: Viewport) => {
  const tag = randomUUID().slice(0, 6);
  const owner = {
    name: `Journey Owner Person ${tag}`,
    renamed: `Journey Owner Renamed ${tag}`,
    email: `journey.owner.${tag}@example.com`,
    password: 'Owner#2024',
    address: '7 Market Lane, Springfield',
  };
  const store = {
    name: `Journey Corner Shop ${tag}`,
    renamed: `Journey Renamed Shop ${tag}`,
    address: '21 High Street, Springfield',
    newAddress: '99 Harbour Road, Springfield',
    phone: '+1 555 0100',
  };
  let tp: TestPage;

  beforeAll(async () => {
    tp = await openPage(browser, site.url, viewport);
  });
  afterAll(async () => {
    await tp?.context.close();
  });
  afterEach(() => {
    // Nothing in this journey provokes an error: the console stays clean.
    expect(tp.errors).toEqual([]);
  });

  test('the admin signs in through the form and lands on the admin dashboard, greeted top-right', async () => {
    const { page } = tp;
    await signInThroughForm(page, DEMO.admin.email, DEMO.admin.password, DEMO.admin.role);
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    const me = await apiAs<{ user: { name: string } }>(site.url, adminToken, 'GET', '/api/auth/profile');
    await expectToastTopRight(page, welcomeBackMessage(me.user.name));
  });

  test('the add-user form refuses invalid input with the spec messages and creates nothing', async () => {
    const { page } = tp;
    await navigateTo(page, viewport, 'Users', '/admin/users');
    await page.getByRole('heading', { level: 1, name: 'User Management' }).waitFor();
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.waitFor();

    // Empty: the required-fields message, inline in the form.
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await dialog.getByRole('alert').filter({ hasText: MESSAGES.fillRequiredFields }).waitFor();
    expect(await dialog.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');

    // A name under 20 characters.
    await dialog.getByLabel('Name').fill('Too Short');
    await dialog.getByLabel('Email').fill(owner.email);
    await dialog.getByLabel(/^Password/).fill(owner.password);
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await dialog.getByRole('alert').filter({ hasText: MESSAGES.nameLength }).waitFor();

    // A password that breaks the rule (no uppercase letter, no special character).
    await dialog.getByLabel('Name').fill(owner.name);
    await dialog.getByLabel(/^Password/).fill('weakpassword');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await dialog.getByRole('alert').filter({ hasText: MESSAGES.passwordRequirements }).waitFor();
    await screenshot(page, 'journey-admin-add-user-invalid', viewport);

    expect(await findUsers(owner.email)).toEqual([]);
  });

  test('the admin adds the store owner: success toast top-right, and the owner found in the list', async () => {
    const { page } = tp;
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByLabel(/^Password/).fill(owner.password);
    await dialog.getByLabel('Address').fill(owner.address);
    await dialog.getByLabel('Role').selectOption({ label: 'Store Owner' });
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expectToastTopRight(page, MESSAGES.userCreated);
    await dialog.waitFor({ state: 'detached' });

    await searchTable(page, 'Search users', owner.email, ONE_USER);
    const ownerRow = row(page, owner.email);
    await ownerRow.waitFor();
    expect(await ownerRow.getByRole('rowheader').innerText()).toContain(owner.name);
    expect(await ownerRow.innerText()).toContain('Store Owner');
    expect(await page.getByRole('table').getByRole('row').count()).toBe(2); // header + this user
    await screenshot(page, 'journey-admin-user-added', viewport);

    const [created] = await findUsers(owner.email);
    expect(created).toMatchObject({ name: owner.name, email: owner.email, role: 'store_owner' });
  });

  test('the admin adds a store, choosing the new owner in the form, and sees it listed', async () => {
    const { page } = tp;
    await navigateTo(page, viewport, 'Manage Stores', '/admin/stores');
    await page.getByRole('heading', { level: 1, name: 'Store Management' }).waitFor();
    await page.getByRole('button', { name: 'Add Store' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Store' });
    await dialog.waitFor();

    // The form's own rules first: required fields, then the store name length.
    await dialog.getByRole('button', { name: 'Create Store' }).click();
    await dialog.getByRole('alert').filter({ hasText: MESSAGES.fillRequiredFields }).waitFor();
    await dialog.getByLabel('Store name').fill('AB');
    await dialog.getByLabel('Address').fill(store.address);
    await dialog.getByLabel('Store owner').selectOption({ label: `${owner.name} (${owner.email})` });
    await dialog.getByRole('button', { name: 'Create Store' }).click();
    await dialog.getByRole('alert').filter({ hasText: MESSAGES.storeNameLength }).waitFor();

    await dialog.getByLabel('Store name').fill(store.name);
    await dialog.getByLabel('Phone').fill(store.phone);
    await dialog.getByRole('button', { name: 'Create Store' }).click();
    await expectToastTopRight(page, MESSAGES.storeCreated);
    await dialog.waitFor({ state: 'detached' });

    await searchTable(page, 'Search stores', tag, ONE_STORE);
    const storeRow = row(page, store.name);
    await storeRow.waitFor();
    expect(await storeRow.innerText()).toContain(owner.name);
    expect(await storeRow.innerText()).toContain(store.address);
    await screenshot(page, 'journey-admin-store-added', viewport);

    const [created] = await findStores(tag);
    const [ownerAccount] = await findUsers(owner.email);
    expect(created).toMatchObject({ name: store.name, owner_id: ownerAccount.id });
  });

  test('the admin edits the user in the edit dialog and sees the new name, also as the store owner', async () => {
    const { page } = tp;
    await navigateTo(page, viewport, 'Users', '/admin/users');
    await searchTable(page, 'Search users', owner.email, ONE_USER);
    await row(page, owner.email)
      .getByRole('button', { name: `Edit ${owner.name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Edit User: ${owner.name}` });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Email').inputValue()).toBe(owner.email);
    await dialog.getByLabel('Name').fill(owner.renamed);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToastTopRight(page, MESSAGES.userUpdated);
    await dialog.waitFor({ state: 'detached' });
    await row(page, owner.email).getByRole('rowheader').filter({ hasText: owner.renamed }).waitFor();

    await navigateTo(page, viewport, 'Manage Stores', '/admin/stores');
    await searchTable(page, 'Search stores', tag, ONE_STORE);
    await row(page, store.name).filter({ hasText: owner.renamed }).waitFor();
  });

  test('the admin edits the store in the edit dialog and sees the change', async () => {
    const { page } = tp;
    await row(page, store.name)
      .getByRole('button', { name: `Edit ${store.name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Edit Store: ${store.name}` });
    await dialog.waitFor();
    // The form opens with the store's values and its owner chosen.
    expect(await dialog.getByLabel('Store name').inputValue()).toBe(store.name);
    expect(await dialog.getByLabel('Phone').inputValue()).toBe(store.phone);
    const [ownerAccount] = await findUsers(owner.email);
    expect(await dialog.getByLabel('Store owner').inputValue()).toBe(String(ownerAccount.id));

    await dialog.getByLabel('Store name').fill(store.renamed);
    await dialog.getByLabel('Address').fill(store.newAddress);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToastTopRight(page, MESSAGES.storeUpdated);
    await dialog.waitFor({ state: 'detached' });

    const storeRow = row(page, store.renamed);
    await storeRow.waitFor();
    expect(await storeRow.innerText()).toContain(store.newAddress);
    expect(await row(page, store.name).count()).toBe(0);
    await screenshot(page, 'journey-admin-store-edited', viewport);
  });

  test('deleting the store asks first: Cancel keeps it, Delete removes it with the spec toast', async () => {
    const { page } = tp;
    const deleteButton = row(page, store.renamed).getByRole('button', { name: `Delete ${store.renamed}` });
    const confirm = page.getByRole('alertdialog', { name: 'Delete store' });

    await deleteButton.click();
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain(MESSAGES.confirmDeleteStore);
    await screenshot(page, 'journey-admin-confirm-delete-store', viewport);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await row(page, store.renamed).waitFor();
    expect(await toast(page, MESSAGES.storeDeleted).count()).toBe(0);
    expect((await findStores(tag)).map((s) => s.name)).toEqual([store.renamed]);

    await deleteButton.click();
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToastTopRight(page, MESSAGES.storeDeleted);
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('No stores found').waitFor();
    expect(await row(page, store.renamed).count()).toBe(0);
    expect(await findStores(tag)).toEqual([]);
  });

  test('deleting the user asks first: Cancel keeps them, Delete removes them with the spec toast', async () => {
    const { page } = tp;
    await navigateTo(page, viewport, 'Users', '/admin/users');
    await searchTable(page, 'Search users', owner.email, ONE_USER);
    const deleteButton = row(page, owner.email).getByRole('button', { name: `Delete ${owner.renamed}` });
    const confirm = page.getByRole('alertdialog', { name: 'Delete user' });

    await deleteButton.click();
    await confirm.waitFor();
    // A store owner's stores are looked up first (none left by now): then the spec's question.
    await confirm.getByText(MESSAGES.confirmDeleteUser).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await row(page, owner.email).waitFor();
    expect(await toast(page, MESSAGES.userDeleted).count()).toBe(0);
    expect(await findUsers(owner.email)).toHaveLength(1);

    await deleteButton.click();
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToastTopRight(page, MESSAGES.userDeleted);
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('No users found').waitFor();
    expect(await row(page, owner.email).count()).toBe(0);
    expect(await findUsers(owner.email)).toEqual([]);
    await screenshot(page, 'journey-admin-user-deleted', viewport);
  });
});

// ---------- 2. the owner sees a new rating ----------

describe.each(BOTH_VIEWPORTS)('a store owner sees a new rating of their store at %s', (_name: string, viewport: Viewport) => {
  const tag = randomUUID().slice(0, 6);
  const owner = {
    name: `Rated Store Owner ${tag}`,
    email: `rated.owner.${tag}@example.com`,
    password: 'Owner#2024',
    role: 'store_owner' as const,
  };
  const storeName = `Owner Journey Bakery ${tag}`;
  const comment = `Fresh bread and friendly staff (${tag})`;
  let customer: Awaited<ReturnType<typeof apiRegister>>;
  let storeId: number;
  let ownerTp: TestPage;
  let customerTp: TestPage;

  beforeAll(async () => {
    // The set-up goes through the API as the admin; the journey itself goes through the pages.
    const created = await apiAs<{ user: { id: number } }>(site.url, adminToken, 'POST', '/api/admin/users', {
      name: owner.name,
      email: owner.email,
      address: '3 Baker Street, Springfield',
      password: owner.password,
      role: owner.role,
    });
    const { store } = await apiAs<{ store: { id: number } }>(site.url, adminToken, 'POST', '/api/admin/stores', {
      name: storeName,
      address: '5 Mill Road, Springfield',
      owner_id: created.user.id,
    });
    storeId = store.id;
    customer = await apiRegister(site.url, 'normal_user', `rater.${tag}`);
    [ownerTp, customerTp] = await Promise.all([openPage(browser, site.url, viewport), openPage(browser, site.url, viewport)]);
  });
  afterAll(async () => {
    await ownerTp?.context.close();
    await customerTp?.context.close();
  });
  afterEach(() => {
    expect(ownerTp.errors).toEqual([]);
    expect(customerTp.errors).toEqual([]);
  });

  test('before any rating, the owner dashboard shows the store without ratings', async () => {
    const { page } = ownerTp;
    await signInThroughForm(page, owner.email, owner.password, owner.role);
    await page.waitForURL((url) => url.pathname === '/store-owner');
    await page.getByRole('heading', { level: 1, name: 'Store Owner Dashboard' }).waitFor();
    const card = page.getByRole('article', { name: storeName });
    await card.waitFor();
    expect(await card.innerText()).toContain('No ratings yet');
    expect(await summaryValue(page, 'Total ratings')).toBe('0');
    await page.getByText('Your stores have no ratings yet.').waitFor();
  });

  test('a customer rates the store from its detail page', async () => {
    const { page } = customerTp;
    await signInThroughForm(page, customer.email, customer.password, customer.role);
    await page.waitForURL((url) => url.pathname === '/user-dashboard');
    await navigateTo(page, viewport, 'Stores', '/stores');
    const search = page.getByRole('search');
    await search.getByLabel('Search stores').fill(storeName);
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('link', { name: storeName }).click();
    await page.waitForURL((url) => url.pathname === `/stores/${storeId}`);
    await page.getByRole('heading', { level: 1, name: storeName }).waitFor();

    const panel = page.getByRole('region', { name: 'Rate This Store' });
    await panel.getByRole('button', { name: 'Add Rating' }).click();
    // A person clicks the fourth star (the radio inside it is drawn by the star glyph).
    await panel.locator('label', { has: page.getByRole('radio', { name: '4 stars', exact: true }) }).click();
    expect(await panel.getByRole('radio', { name: '4 stars', exact: true }).isChecked()).toBe(true);
    await panel.getByLabel(/^Comment/).fill(comment);
    await panel.getByRole('button', { name: 'Submit', exact: true }).click();
    await expectToastTopRight(page, MESSAGES.ratingSubmitted);

    // The panel now shows the customer's rating, and the list below has it.
    const mine = page.getByRole('region', { name: 'Update Your Rating' });
    await mine.getByRole('img', { name: 'Your rating: 4 stars out of 5' }).waitFor();
    await mine.getByRole('button', { name: 'Edit Rating' }).waitFor();
    await page.getByRole('region', { name: 'Rating summary' }).getByText('Based on 1 rating').waitFor();
    // The customer's own review, pinned first and marked "You".
    const listed = page.getByRole('article', { name: 'Your rating, 4 stars' });
    await listed.waitFor();
    expect(await listed.innerText()).toContain(comment);
    await screenshot(page, 'journey-owner-customer-rated', viewport);
  });

  test("the owner then sees the customer's rating and the updated figures on /store-owner", async () => {
    const { page } = ownerTp;
    // Back to the dashboard the way the owner would: through the navigation bar, from another page.
    await navigateTo(page, viewport, 'Stores', '/stores');
    await page.getByRole('heading', { level: 1, name: 'Stores' }).waitFor();
    await navigateTo(page, viewport, 'Dashboard', '/store-owner');
    await page.getByRole('heading', { level: 1, name: 'Store Owner Dashboard' }).waitFor();

    const ratingsTable = page.getByRole('table', { name: /^Ratings of all your stores/ });
    const ratingRow = ratingsTable.getByRole('row').filter({ hasText: customer.email });
    await ratingRow.waitFor();
    const text = await ratingRow.innerText();
    expect(text).toContain(customer.name);
    expect(text).toContain(storeName);
    expect(text).toContain(comment);
    await ratingRow.getByRole('img', { name: '4 out of 5 stars' }).waitFor();
    expect(await ratingsTable.getByRole('row').count()).toBe(2); // header + the one rating

    expect(await summaryValue(page, 'Total ratings')).toBe('1');
    expect(await summaryValue(page, 'Overall average')).toContain('4.0');
    const card = page.getByRole('article', { name: storeName });
    const cardText = await card.innerText();
    expect(cardText).toContain('4.0');
    expect(cardText).toContain('Good');
    expect(cardText).toContain('1 rating');
    await screenshot(page, 'journey-owner-dashboard-new-rating', viewport);
  });
});

/** The value of a tile of the owner's Summary panel (a <dt>/<dd> pair). */
async function summaryValue(page: Page, term: string): Promise<string> {
  const panel = page.getByRole('region', { name: 'Summary' });
  const tile = panel
    .locator('div')
    .filter({ has: page.getByRole('term').filter({ hasText: term }) })
    .last();
  return (await tile.getByRole('definition').innerText()).trim();
}
