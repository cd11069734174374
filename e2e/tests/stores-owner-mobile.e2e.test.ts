/**
 * The store pages and the owner dashboard on a phone (375 × 812) and at 1280, after issue 16's review:
 * 1. /stores: the filters no longer fill the first screen: the search stays, the sort and the chips
 *    fold behind a "Filters" button (aria-expanded, aria-controls, "Filters (n)"), and the first store
 *    card starts well within the first screen; at 1280 nothing folds.
 * 2. Sorting: choosing another field sorts it in its natural order (Rating best first, Date Added
 *    newest first, Name A to Z); choosing it again still flips the order.
 * 3. /stores/:id: "Add Rating" shows without scrolling on a phone (the rating panel comes before the
 *    summary on one column); at 1280 the summary still comes first.
 * 4. /store-owner: the reviews come right after the summary (within the first 1.5 screens of a phone)
 *    and only one store's chart is drawn at first; "Show details" draws another's.
 * 5. The kit's icons: the pressed chip's check and the Filters button's icon are the kit's SVG icons.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { MESSAGES } from 'shared-contracts';
import { apiAs, apiLogin, apiRegister, DEMO, expectToastTopRight, signInWithToken } from '../support/app';
import { launchBrowser, openPage, screenshot, type TestPage, VIEWPORTS } from '../support/browser';
import { type Site, startSite } from '../support/site';
import { eventually } from '../support/eventually';

const PHONE = VIEWPORTS.mobile;
const DESKTOP = VIEWPORTS.desktop;

let site: Site;
let browser: Browser;
let customerToken: string;
let ownerToken: string;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite(), launchBrowser()]);
  [customerToken, ownerToken] = await Promise.all([
    apiLogin(site.url, DEMO.customer.email, DEMO.customer.password, DEMO.customer.role),
    apiLogin(site.url, DEMO.owner.email, DEMO.owner.password, DEMO.owner.role),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const opened: TestPage[] = [];
async function open(viewport: typeof PHONE | typeof DESKTOP): Promise<TestPage> {
  const tp = await openPage(browser, site.url, viewport);
  opened.push(tp);
  return tp;
}
afterEach(async () => {
  const pages = opened.splice(0);
  try {
    for (const tp of pages) expect(tp.errors).toEqual([]);
  } finally {
    await Promise.all(pages.map((tp) => tp.context.close()));
  }
});

/** The top of `locator` in page coordinates (not moved by any scrolling). */
async function pageTop(locator: Locator): Promise<number> {
  return locator.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
}

/** The stores the list shows, with each card's average as its stars announce it (0 when not rated). */
async function listedStores(page: Page): Promise<Array<{ name: string; rating: number }>> {
  return page.getByRole('region', { name: 'Results' }).evaluate((region) =>
    Array.from(region.querySelectorAll('article')).map((card) => {
      const label = card.querySelector('[role="img"]')?.getAttribute('aria-label') ?? '';
      const match = /^Rated (\d(?:\.\d)?) out of 5$/.exec(label);
      return { name: card.querySelector('h3')?.textContent?.trim() ?? '', rating: match ? Number(match[1]) : 0 };
    }),
  );
}

/** Waits for the list to have settled (not busy) with its cards. */
async function listSettled(page: Page): Promise<void> {
  await page.locator('[aria-labelledby][aria-busy="false"] article').first().waitFor();
}

describe('/stores on a phone (375 × 812)', () => {
  test('the search stays, the sort and the chips fold behind "Filters", and the first store card starts on the first screen', async () => {
    const { page } = await open(PHONE);
    await signInWithToken(page, customerToken, '/stores');
    const firstCard = page.getByRole('region', { name: 'Results' }).locator('article').first();
    await firstCard.waitFor();

    expect(await page.getByRole('searchbox', { name: 'Search stores' }).isVisible()).toBe(true);
    expect(await page.getByRole('search').getByRole('button', { name: 'Search', exact: true }).isVisible()).toBe(true);
    const filters = page.getByRole('button', { name: /^Filters/ });
    expect(await filters.innerText()).toBe('Filters');
    expect(await filters.getAttribute('aria-expanded')).toBe('false');
    const panelId = await filters.getAttribute('aria-controls');
    expect(panelId).toBeTruthy();
    const panel = page.locator(`[id="${panelId}"]`);
    expect(await panel.isVisible()).toBe(false);
    expect(await page.getByLabel('Sort by', { exact: true }).isVisible()).toBe(false);
    expect(await page.getByRole('group', { name: 'Category' }).isVisible()).toBe(false);
    // The button's icon is the kit's SVG (decorative: the text names the button).
    expect(await filters.locator('svg[data-icon="filter"][aria-hidden="true"]').count()).toBe(1);

    // The first card starts well within the first screen (it was at y≈720 of 812).
    const top = await pageTop(firstCard);
    expect(top).toBeLessThan(450);
    const box = await firstCard.boundingBox();
    expect(box!.y + Math.min(box!.height, 120)).toBeLessThan(PHONE.height);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'stores-filters-closed', PHONE);

    // Opened, the panel shows the sort and the chips; each filter chosen is counted on the button.
    await filters.click();
    await page.getByRole('button', { name: /^Filters/, expanded: true }).waitFor();
    await page.getByLabel('Sort by', { exact: true }).waitFor({ state: 'visible' });
    const categories = page.getByRole('group', { name: 'Category' });
    const ratings = page.getByRole('group', { name: 'Rating' });
    await categories.waitFor({ state: 'visible' });
    await ratings.waitFor({ state: 'visible' });
    // The pressed chip's check is the kit's icon, not a text glyph.
    const all = categories.getByRole('button', { name: 'All', exact: true, pressed: true });
    expect(await all.locator('svg[data-icon="check"]').count()).toBe(1);
    expect((await all.innerText()).trim()).toBe('All');

    await categories.getByRole('button', { name: 'Grocery' }).click();
    await page.waitForURL((url) => url.searchParams.get('category') === 'Grocery');
    await page.getByRole('button', { name: 'Filters (1)', expanded: true }).waitFor();
    await ratings.getByRole('button', { name: '3+ Stars' }).click();
    await page.waitForURL((url) => url.searchParams.get('minRating') === '3');
    await page.getByRole('button', { name: 'Filters (2)', expanded: true }).waitFor();
    await screenshot(page, 'stores-filters-open', PHONE);

    // Closed again, the count still says what is on.
    await page.getByRole('button', { name: 'Filters (2)' }).click();
    await page.getByRole('button', { name: 'Filters (2)', expanded: false }).waitFor();
    await categories.waitFor({ state: 'hidden' });
  });

  test('choosing Rating sorts the best rated first and Date Added the newest first; the same field again flips the order', async () => {
    const { page } = await open(PHONE);
    await signInWithToken(page, customerToken, '/stores?page=2');
    await listSettled(page);
    await page.getByRole('button', { name: /^Filters/ }).click();
    const sortBy = page.getByLabel('Sort by', { exact: true });
    const order = page.getByRole('button', { name: /^Sort order:/ });

    await sortBy.selectOption({ label: 'Rating' });
    await page.waitForURL((url) => url.searchParams.get('sortBy') === 'rating' && url.searchParams.get('sortOrder') === 'desc');
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    await page.getByRole('button', { name: /^Sort order: descending/ }).waitFor();
    await eventually(async () => {
      await listSettled(page);
      const best = (await listedStores(page)).map((s) => s.rating);
      expect(best.length).toBeGreaterThan(1);
      expect(best).toEqual([...best].sort((a, b) => b - a));
      expect(best[0]).toBeGreaterThanOrEqual(4);
    });

    // The toggle still flips it: the worst first.
    await order.click();
    await page.waitForURL((url) => url.searchParams.get('sortBy') === 'rating' && url.searchParams.get('sortOrder') === null);
    await page.getByRole('button', { name: /^Sort order: ascending/ }).waitFor();

    // Another field takes its own natural order, whatever the order was: Date Added, newest first.
    await sortBy.selectOption({ label: 'Date Added' });
    await page.waitForURL((url) => url.searchParams.get('sortBy') === 'created_at' && url.searchParams.get('sortOrder') === 'desc');
    await page.getByRole('button', { name: /^Sort order: descending/ }).waitFor();

    // And Name, A to Z.
    await sortBy.selectOption({ label: 'Name' });
    await page.waitForURL((url) => url.pathname === '/stores' && url.search === '');
    await page.getByRole('button', { name: /^Sort order: ascending/ }).waitFor();
  });
});

describe('/stores at 1280', () => {
  test('nothing folds: no Filters button; the search and the sort share a row, the chips show', async () => {
    const { page } = await open(DESKTOP);
    await signInWithToken(page, customerToken, '/stores');
    const firstCard = page.getByRole('region', { name: 'Results' }).locator('article').first();
    await firstCard.waitFor();
    expect(await page.getByRole('button', { name: /^Filters/ }).isVisible()).toBe(false);
    const search = await page.getByRole('searchbox', { name: 'Search stores' }).boundingBox();
    const sort = await page.getByLabel('Sort by', { exact: true }).boundingBox();
    expect(sort).not.toBeNull();
    expect(Math.abs(sort!.y - search!.y)).toBeLessThan(8);
    expect(sort!.x).toBeGreaterThan(search!.x + search!.width);
    expect(await page.getByRole('group', { name: 'Category' }).isVisible()).toBe(true);
    expect(await page.getByRole('group', { name: 'Rating' }).isVisible()).toBe(true);
    expect(await pageTop(firstCard)).toBeLessThan(DESKTOP.height);
  });
});

describe('/stores/:id: the rating action without scrolling', () => {
  let storeId: number;
  let freshToken: string;
  beforeAll(async () => {
    const { stores } = await apiAs<{ stores: Array<{ id: number }> }>(site.url, customerToken, 'GET', '/api/stores?limit=1&sortBy=name');
    storeId = stores[0].id;
    // A customer with no rating of the store, so the panel offers "Add Rating".
    freshToken = (await apiRegister(site.url, 'normal_user', 'mobile.rater')).token;
  });

  test('on a phone, "Rate This Store" and its "Add Rating" show on the first screen, before the summary; after rating, "Edit Rating" does too', async () => {
    const { page } = await open(PHONE);
    await signInWithToken(page, freshToken, `/stores/${storeId}`);
    const panel = page.getByRole('region', { name: 'Rate This Store' });
    const add = panel.getByRole('button', { name: 'Add Rating' });
    await add.waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const box = await add.boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height);
    expect(await pageTop(panel)).toBeLessThan(await pageTop(page.getByRole('region', { name: 'Rating summary' })));
    await screenshot(page, 'store-detail-rate-first', PHONE);

    // The form keeps the spec's labels.
    await add.click();
    await panel.getByRole('button', { name: 'Submit', exact: true }).waitFor();
    await panel.getByRole('button', { name: 'Cancel', exact: true }).waitFor();
    await panel.getByRole('button', { name: 'Submit', exact: true }).click();
    await expectToastTopRight(page, MESSAGES.ratingSubmitted);

    const mine = page.getByRole('region', { name: 'Update Your Rating' });
    const edit = mine.getByRole('button', { name: 'Edit Rating' });
    await edit.waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    const editBox = await edit.boundingBox();
    expect(editBox!.y + editBox!.height).toBeLessThanOrEqual(PHONE.height);
    await edit.click();
    await mine.getByRole('button', { name: 'Update', exact: true }).waitFor();
    await mine.getByRole('button', { name: 'Delete Rating' }).waitFor();
    await mine.getByRole('button', { name: 'Cancel', exact: true }).click();
    await edit.waitFor();
  });

  test('at 1280 the summary still comes first, the rating panel under it', async () => {
    const { page } = await open(DESKTOP);
    await signInWithToken(page, customerToken, `/stores/${storeId}`);
    const summary = page.getByRole('region', { name: 'Rating summary' });
    const panel = page.getByRole('region', { name: /^(Rate This Store|Update Your Rating)$/ });
    await panel.waitFor();
    const [summaryBox, panelBox] = await Promise.all([summary.boundingBox(), panel.boundingBox()]);
    expect(panelBox!.y).toBeGreaterThan(summaryBox!.y + summaryBox!.height);
    expect(Math.abs(panelBox!.x - summaryBox!.x)).toBeLessThan(2);
  });
});

describe('/store-owner on a phone (375 × 812)', () => {
  test("the reviews come right after the summary, within the first 1.5 screens, and one store's chart is drawn at first", async () => {
    const { page } = await open(PHONE);
    await signInWithToken(page, ownerToken, '/store-owner');
    await page.getByRole('heading', { level: 1, name: 'Store Owner Dashboard' }).waitFor();
    const table = page.getByRole('table', { name: /^Ratings of all your stores/ });
    await table.getByRole('row').nth(1).waitFor();

    const headings = await page.getByRole('heading', { level: 2 }).allInnerTexts();
    expect(headings.map((h) => h.replace(/\s*\(.*$/, ''))).toEqual(['Summary', 'Ratings', 'Your stores']);
    const reviewsHeading = page.getByRole('heading', { level: 2, name: 'Ratings', exact: true });
    expect(await pageTop(reviewsHeading)).toBeLessThan(PHONE.height * 1.5);
    expect(await pageTop(table)).toBeLessThan(PHONE.height * 1.5);
    await screenshot(page, 'owner-dashboard-reviews-first', PHONE);

    // The demo owner has several stores; only the first one's distribution and chart are drawn.
    const cards = page.getByRole('article');
    const storeCount = await cards.count();
    expect(storeCount).toBeGreaterThan(1);
    const charts = page.locator('main figure svg[role="img"]');
    expect(await charts.count()).toBe(1);
    expect(await cards.first().locator('figure svg[role="img"]').count()).toBe(1);

    // "Show details" draws another store's, and says it is open.
    const second = cards.nth(1);
    const name = (await second.getByRole('heading', { level: 3 }).innerText()).trim();
    const show = second.getByRole('button', { name: `Show details of ${name}` });
    expect(await show.getAttribute('aria-expanded')).toBe('false');
    await show.click();
    await second.getByRole('button', { name: `Hide details of ${name}`, expanded: true }).waitFor();
    await second.getByRole('figure', { name: /Last 6 months/ }).waitFor();
    expect(await charts.count()).toBe(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});
