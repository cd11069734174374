/**
 * Reviews a reader can sort and filter, and rating straight from a store card, in the assembled site at
 * 1280 and at 375 px:
 * 1. /stores/:id: the reader's own review pinned first and marked "You"; "Sort reviews" (Lowest rated);
 *    a histogram bar filters to its star count and says so, "Show all ratings" goes back; "With a
 *    comment only"; the view survives a reload (it is in the URL).
 * 2. /stores: a card shows the reader's own stars; "Rate" opens a small popover with the store page's
 *    form; Submit toasts, closes it and the card shows the stars, after a reload too; "Change rating"
 *    brings the comment back; Escape closes it. On a phone the popover fits the screen.
 */
import type { Browser, Page } from 'playwright-core';
import { MESSAGES } from 'shared-contracts';
import { apiAs, apiLogin, apiRegister, DEMO, signInWithToken, toast } from '../support/app';
import { BOTH_VIEWPORTS, launchBrowser, screenshot } from '../support/browser';
import { eventually } from '../support/eventually';
import { cleanPages } from '../support/pages';
import { type Site, startSite } from '../support/site';

let site: Site;
let browser: Browser;
let adminToken: string;
let ownerId: number;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite(), launchBrowser()]);
  adminToken = await apiLogin(site.url, DEMO.admin.email, DEMO.admin.password, DEMO.admin.role);
  const ownerToken = await apiLogin(site.url, DEMO.owner.email, DEMO.owner.password, DEMO.owner.role);
  ownerId = (await apiAs<{ user: { id: number } }>(site.url, ownerToken, 'GET', '/api/auth/profile')).user.id;
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const open = cleanPages(() => ({ browser, baseURL: site.url }));

/** A new store of the demo owner, with a unique name. */
async function newStore(name: string): Promise<number> {
  const { store } = await apiAs<{ store: { id: number } }>(site.url, adminToken, 'POST', '/api/admin/stores', {
    name,
    address: '8 Review Lane, Old Town',
    owner_id: ownerId,
  });
  return store.id;
}

/** Each rating by a new customer; returns their names in order. */
async function rateBy(storeId: number, ratings: Array<{ rating: number; comment: string | null }>): Promise<string[]> {
  const names: string[] = [];
  for (const body of ratings) {
    const rater = await apiRegister(site.url, 'normal_user', 'reviewer');
    await apiAs(site.url, rater.token, 'POST', `/api/ratings/${storeId}`, body);
    names.push(rater.name);
  }
  return names;
}

/** The reviews listed, as their accessible names ('Your rating, 4 stars', 'Name, 5 stars'), in order. */
async function listedReviews(page: Page): Promise<string[]> {
  // The ratings' section, once it shows the answer of the view chosen (not the previous one's).
  const section = page.locator('section[aria-labelledby="all-ratings-title"][aria-busy="false"]');
  await section.waitFor();
  return section.getByRole('article').evaluateAll((articles) => articles.map((a) => a.getAttribute('aria-label') ?? ''));
}

const stars = (review: string) => Number(/, (\d) stars?$/.exec(review)?.[1]);

describe.each(BOTH_VIEWPORTS)('reviews sorted and filtered on the store page at %s', (label, viewport) => {
  let storeId: number;
  let reader: Awaited<ReturnType<typeof apiRegister>>;

  beforeAll(async () => {
    storeId = await newStore(`Review Sorting ${label} Bakery`);
    await rateBy(storeId, [
      { rating: 5, comment: 'Wonderful sourdough' },
      { rating: 2, comment: null },
      { rating: 5, comment: null },
      { rating: 1, comment: 'Stale bread twice' },
    ]);
    reader = await apiRegister(site.url, 'normal_user', 'reader');
    await apiAs(site.url, reader.token, 'POST', `/api/ratings/${storeId}`, { rating: 4, comment: 'Good coffee too' });
  });

  test('the reader\'s own review comes first, marked "You"; Lowest rated; a bar filters to its stars and "Show all ratings" goes back; comments only', async () => {
    const page = await open(viewport);
    await signInWithToken(page, reader.token, `/stores/${storeId}`);
    await page.getByRole('heading', { level: 2, name: /^All Ratings/ }).waitFor();

    // Pinned first and marked, then the others newest first.
    await eventually(async () => expect((await listedReviews(page))[0]).toBe('Your rating, 4 stars'));
    expect(await listedReviews(page)).toHaveLength(5);
    const mine = page.getByRole('article', { name: 'Your rating, 4 stars' });
    expect(await mine.getByText('You', { exact: true }).isVisible()).toBe(true);

    // Lowest rated: after the reader's own, the fewest stars first.
    await page.getByLabel('Sort reviews').selectOption({ label: 'Lowest rated' });
    await page.waitForURL((url) => url.searchParams.get('sort') === 'lowest');
    await eventually(async () => expect((await listedReviews(page)).slice(1).map(stars)).toEqual([1, 2, 5, 5]));

    // A bar of the histogram: only 5-star reviews (the reader's 4 is not pinned then), and it says so.
    const fives = page.getByRole('list', { name: 'Ratings by stars' }).getByRole('button', { name: '5 stars: 2 ratings' });
    await fives.click();
    await page.waitForURL((url) => url.searchParams.get('stars') === '5');
    expect(await fives.getAttribute('aria-pressed')).toBe('true');
    await page.getByText('Showing 5-star ratings only (2).').waitFor();
    await eventually(async () => expect((await listedReviews(page)).map(stars)).toEqual([5, 5]));
    await screenshot(page, 'store-reviews-five-stars', viewport);

    // The view is in the URL: a reload keeps it.
    await page.reload();
    await page.getByText('Showing 5-star ratings only (2).').waitFor();
    expect(await page.getByLabel('Sort reviews').inputValue()).toBe('lowest');

    // The way back.
    await page.getByRole('button', { name: 'Show all ratings' }).click();
    await page.waitForURL((url) => !url.searchParams.has('stars'));
    await eventually(async () => expect(await listedReviews(page)).toHaveLength(5));

    // With a comment only: the reader's own (with a comment) pinned, then the two others with one.
    await page.getByRole('checkbox', { name: 'With a comment only' }).check();
    await page.waitForURL((url) => url.searchParams.get('comments') === '1');
    await page.getByText('Showing ratings with a comment only (3).').waitFor();
    await eventually(async () => expect((await listedReviews(page)).map(stars)).toEqual([4, 1, 5]));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  });
});

describe.each(BOTH_VIEWPORTS)('rating from a store card at %s', (label, viewport) => {
  let storeName: string;

  beforeAll(async () => {
    storeName = `Card Rating ${label} Deli`;
    const storeId = await newStore(storeName);
    await rateBy(storeId, [{ rating: 3, comment: 'Fine' }]);
  });

  test('Rate opens a popover; Submit toasts and the card shows the stars, after a reload too; Change rating keeps the comment; Escape closes', async () => {
    const customer = await apiRegister(site.url, 'normal_user', 'card.rater');
    const page = await open(viewport);
    await signInWithToken(page, customer.token, `/stores?search=${encodeURIComponent(storeName)}`);
    const card = page.getByRole('region', { name: 'Results' }).getByRole('article').filter({ hasText: storeName });
    await card.waitFor();
    expect(await card.getByRole('img', { name: /^Your rating/ }).count()).toBe(0);

    const rate = card.getByRole('button', { name: `Rate ${storeName}` });
    await rate.click();
    const dialog = page.getByRole('dialog', { name: `Rate ${storeName}` });
    await dialog.waitFor();
    expect(await rate.getAttribute('aria-expanded')).toBe('true');
    // The popover fits the screen, on a phone too.
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    await dialog.getByRole('radio', { name: '4 stars' }).check({ force: true });
    await dialog.getByRole('textbox', { name: /Comment/ }).fill('Great sandwiches');
    await screenshot(page, 'stores-card-rating', viewport);
    await dialog.getByRole('button', { name: 'Submit' }).click();

    await toast(page, MESSAGES.ratingSubmitted).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await card.getByRole('img', { name: 'Your rating: 4 stars out of 5' }).waitFor();
    await card.getByText('(2 ratings)').waitFor();

    // The server's own answer: after a reload the card still shows them.
    await page.reload();
    await card.getByRole('img', { name: 'Your rating: 4 stars out of 5' }).waitFor();

    // Change rating: the comment comes back; Escape closes and focus returns to the button.
    const change = card.getByRole('button', { name: `Change rating of ${storeName}` });
    await change.click();
    const edit = page.getByRole('dialog', { name: `Update your rating of ${storeName}` });
    await eventually(async () => expect(await edit.getByRole('textbox', { name: /Comment/ }).inputValue()).toBe('Great sandwiches'));
    expect(await edit.getByRole('radio', { name: '4 stars' }).isChecked()).toBe(true);
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'detached' });
    expect(await change.evaluate((el) => el === document.activeElement)).toBe(true);

    // The store page agrees.
    await card.getByRole('link', { name: storeName }).click();
    await page.getByRole('article', { name: 'Your rating, 4 stars' }).waitFor();
  });
});
