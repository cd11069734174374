/**
 * Notifications in the assembled site (issue 18), at 1280 and at 375 px: a customer rates the demo
 * owner's store, and the owner's bell counts it; the notification leads to the owner's dashboard and is
 * read; the owner replies, and the customer's bell tells them; 'Mark all as read' clears the badge. The
 * panel is a non-modal dialog that Escape closes (focus back on the bell), passes the axe scan, and fits
 * the window; on a phone the bell sits in the bar beside the menu button. At 1280 px the admin's bar,
 * the longest, still fits with the bell, the admin's name readable. Screenshots: `notifications-<viewport>.png`.
 */
import type { Browser, Page } from 'playwright-core';
import { apiAs, apiLogin, apiRegister, DEMO, mainNav, signInWithToken } from '../support/app';
import { expectNoSeriousViolations, scanPage } from '../support/axe';
import { BOTH_VIEWPORTS, launchBrowser, screenshot, VIEWPORTS } from '../support/browser';
import { cleanPages } from '../support/pages';
import { type Site, startSite } from '../support/site';

let site: Site;
let browser: Browser;
let adminToken: string;
let ownerToken: string;
let ownerId: number;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite(), launchBrowser()]);
  [adminToken, ownerToken] = await Promise.all([
    apiLogin(site.url, DEMO.admin.email, DEMO.admin.password, DEMO.admin.role),
    apiLogin(site.url, DEMO.owner.email, DEMO.owner.password, DEMO.owner.role),
  ]);
  ownerId = (await apiAs<{ user: { id: number } }>(site.url, ownerToken, 'GET', '/api/auth/profile')).user.id;
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const open = cleanPages(() => ({ browser, baseURL: site.url }));

// A string names the bell exactly: 'Notifications' must not match 'Notifications, 1 unread'.
const bell = (page: Page, name: string | RegExp = /^Notifications/) =>
  mainNav(page).getByRole('button', typeof name === 'string' ? { name, exact: true } : { name });
const panelOf = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });

/** The panel fits the window: nothing of it, nor of the page, beyond the window's width. */
async function expectPanelInWindow(page: Page, width: number): Promise<void> {
  const box = (await panelOf(page).boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

describe.each(BOTH_VIEWPORTS)('notifications at %s', (label, viewport) => {
  let storeId: number;
  let storeName: string;
  let rater: Awaited<ReturnType<typeof apiRegister>>;
  let ratingId: number;

  beforeAll(async () => {
    storeName = `Bell ${label} Bakery`;
    ({
      store: { id: storeId },
    } = await apiAs<{ store: { id: number } }>(site.url, adminToken, 'POST', '/api/admin/stores', {
      name: storeName,
      address: '5 Chime Street, Old Town',
      owner_id: ownerId,
    }));
    rater = await apiRegister(site.url, 'normal_user', 'notified');
  });

  test("a customer's rating reaches the owner's bell; the owner's reply reaches the customer's; mark all read", async () => {
    ratingId = (
      await apiAs<{ rating: { id: number } }>(site.url, rater.token, 'POST', `/api/ratings/${storeId}`, {
        rating: 4,
        comment: 'Warm bread',
      })
    ).rating.id;

    // The owner: the bell counts the new rating (the demo data's unread ones too), visible without opening a menu.
    const owner = await open(viewport);
    await signInWithToken(owner, ownerToken, '/stores');
    const ownerBell = bell(owner, /^Notifications, \d+ unread$/);
    await ownerBell.waitFor();
    expect(await ownerBell.isVisible()).toBe(true);
    const before = Number((await ownerBell.getAttribute('aria-label'))!.match(/(\d+) unread/)![1]);
    await ownerBell.click();
    const panel = panelOf(owner);
    const news = panel.getByRole('link', { name: new RegExp(`^Unread: New 4-star rating on ${storeName}`) });
    await news.waitFor();
    await expectPanelInWindow(owner, viewport.width);
    expectNoSeriousViolations(await scanPage(owner, '[role="dialog"]'), `the owner's notifications panel at ${label}`);
    await screenshot(owner, 'notifications', viewport);

    // Following it: the owner's dashboard, the notification read, the panel closed.
    await news.click();
    await owner.waitForURL('**/store-owner');
    await panel.waitFor({ state: 'detached' });
    await bell(owner, before - 1 === 0 ? 'Notifications' : `Notifications, ${before - 1} unread`).waitFor();

    // The owner replies; the customer's bell tells them.
    await apiAs(site.url, ownerToken, 'PUT', `/api/ratings/${ratingId}/reply`, { reply: 'Thank you, see you soon!' });
    const customer = await open(viewport);
    await signInWithToken(customer, rater.token, '/stores');
    const customerBell = bell(customer, 'Notifications, 1 unread');
    await customerBell.waitFor();
    expect(await customerBell.textContent()).toBe('1');
    await customerBell.click();
    const customerPanel = panelOf(customer);
    await customerPanel.getByRole('link', { name: new RegExp(`^Unread: ${storeName} replied to your rating`) }).waitFor();
    expect(await customerPanel.getByRole('link', { name: /replied to your rating/ }).getAttribute('href')).toBe(`/stores/${storeId}`);
    await expectPanelInWindow(customer, viewport.width);
    expectNoSeriousViolations(await scanPage(customer, '[role="dialog"]'), `the customer's notifications panel at ${label}`);

    // Mark all as read: the badge goes, the notification stays, read.
    await customerPanel.getByRole('button', { name: 'Mark all as read' }).click();
    await bell(customer, 'Notifications').waitFor();
    expect(await bell(customer, 'Notifications').textContent()).toBe('');
    await customerPanel.getByRole('link', { name: new RegExp(`^${storeName} replied to your rating`) }).waitFor();
    await customer.reload();
    await bell(customer, 'Notifications').waitFor();

    // Escape closes the panel, focus back on the bell.
    await bell(customer, 'Notifications').click();
    await customerPanel.waitFor();
    await customer.keyboard.press('Escape');
    await customerPanel.waitFor({ state: 'detached' });
    expect(await bell(customer, 'Notifications').evaluate((element) => element === document.activeElement)).toBe(true);
  });
});

test("at 1280 px the admin's bar, the longest, fits with the bell, the admin's name readable", async () => {
  const page = await open(VIEWPORTS.desktop);
  await signInWithToken(page, adminToken, '/stores');
  await bell(page).waitFor();
  const fit = await page.evaluate(() => {
    const nav = document.querySelector('nav[aria-label="Main"]')!;
    const name = nav.querySelector<HTMLElement>('[title]')!;
    const bellBox = nav.querySelector('button[aria-haspopup="dialog"]')!.getBoundingClientRect();
    return {
      scroll: document.documentElement.scrollWidth,
      width: window.innerWidth,
      bellRight: bellBox.right,
      nameShown: name.clientWidth,
      nameWhole: name.scrollWidth,
    };
  });
  expect(fit.scroll).toBeLessThanOrEqual(fit.width);
  expect(fit.bellRight).toBeLessThanOrEqual(fit.width);
  // "Admin User"-like names are shown whole; a long one keeps at least 10 characters' room before its ellipsis.
  expect(fit.nameShown).toBeGreaterThanOrEqual(Math.min(fit.nameWhole, 80));
});
