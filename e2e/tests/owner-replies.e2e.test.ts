/**
 * Owner replies in the assembled site, at 1280 and at 375 px: the owner answers a new rating from the
 * dashboard's ratings table (a dialog), edits the reply on the store page, and the rater reads it on My
 * Ratings and under their rating on the store page. The demo data carries replies, so the demo owner's
 * table and the demo customer's My Ratings show some from the start.
 */
import type { Browser } from 'playwright-core';
import { MESSAGES } from 'shared-contracts';
import { apiAs, apiLogin, apiRegister, DEMO, signInWithToken, toast } from '../support/app';
import { BOTH_VIEWPORTS, launchBrowser, screenshot } from '../support/browser';
import { cleanPages } from '../support/pages';
import { type Site, startSite } from '../support/site';

let site: Site;
let browser: Browser;
let adminToken: string;
let ownerToken: string;
let customerToken: string;
let ownerId: number;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite(), launchBrowser()]);
  [adminToken, ownerToken, customerToken] = await Promise.all([
    apiLogin(site.url, DEMO.admin.email, DEMO.admin.password, DEMO.admin.role),
    apiLogin(site.url, DEMO.owner.email, DEMO.owner.password, DEMO.owner.role),
    apiLogin(site.url, DEMO.customer.email, DEMO.customer.password, DEMO.customer.role),
  ]);
  ownerId = (await apiAs<{ user: { id: number } }>(site.url, ownerToken, 'GET', '/api/auth/profile')).user.id;
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const open = cleanPages(() => ({ browser, baseURL: site.url }));

describe.each(BOTH_VIEWPORTS)('owner replies at %s', (label, viewport) => {
  let storeId: number;
  let storeName: string;
  let rater: Awaited<ReturnType<typeof apiRegister>>;

  beforeAll(async () => {
    storeName = `Reply ${label} Cafe`;
    ({
      store: { id: storeId },
    } = await apiAs<{ store: { id: number } }>(site.url, adminToken, 'POST', '/api/admin/stores', {
      name: storeName,
      address: '3 Answer Street, Old Town',
      owner_id: ownerId,
    }));
    rater = await apiRegister(site.url, 'normal_user', 'replied');
    await apiAs(site.url, rater.token, 'POST', `/api/ratings/${storeId}`, { rating: 2, comment: 'The coffee was cold' });
  });

  test('the owner replies from the dashboard, edits it on the store page, and the rater reads it on My Ratings and the store page', async () => {
    const owner = await open(viewport);
    await signInWithToken(owner, ownerToken, `/store-owner?storeId=${storeId}`);
    const row = owner.getByRole('row', { name: new RegExp(rater.name) });
    await row.waitFor();
    await row.getByRole('button', { name: `Reply to ${rater.name}` }).click();
    const dialog = owner.getByRole('dialog', { name: `Reply to ${rater.name}` });
    await dialog.getByRole('textbox', { name: 'Your reply' }).fill('Sorry about that! Your next coffee is on us.');
    await screenshot(owner, 'owner-reply-dialog', viewport);
    await dialog.getByRole('button', { name: 'Post reply' }).click();
    await toast(owner, MESSAGES.replyPosted).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText(`Reply from ${storeName}`).waitFor();
    await row.getByText('Sorry about that! Your next coffee is on us.').waitFor();

    // On the store page, the owner edits it in place.
    await owner.goto(`/stores/${storeId}`);
    const review = owner.getByRole('article', { name: `${rater.name}, 2 stars` });
    await review.getByText('Sorry about that! Your next coffee is on us.').waitFor();
    await review.getByRole('button', { name: `Edit reply to ${rater.name}` }).click();
    const field = review.getByRole('textbox', { name: `Your reply to ${rater.name}` });
    expect(await field.inputValue()).toBe('Sorry about that! Your next coffee is on us.');
    await field.fill('Sorry about that! Ask for Sam and your next coffee is on us.');
    await review.getByRole('button', { name: 'Update reply' }).click();
    await toast(owner, MESSAGES.replyUpdated).waitFor();
    await review.getByText('Sorry about that! Ask for Sam and your next coffee is on us.').waitFor();
    expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

    // The rater reads it on My Ratings and under their rating on the store page.
    const reader = await open(viewport);
    await signInWithToken(reader, rater.token, '/ratings');
    const mine = reader.getByRole('article', { name: storeName });
    await mine.getByText(`Reply from ${storeName}`).waitFor();
    await mine.getByText('Sorry about that! Ask for Sam and your next coffee is on us.').waitFor();
    await screenshot(reader, 'my-ratings-reply', viewport);
    await reader.goto(`/stores/${storeId}`);
    await reader.getByRole('article', { name: 'Your rating, 2 stars' }).getByText(`Reply from ${storeName}`).waitFor();
    // The rater may report the reply, but never write, edit or remove it.
    expect(await reader.getByRole('button', { name: /^(reply|edit reply|delete reply|remove reply)/i }).count()).toBe(0);
  });

  test("the demo data shows replies: on the demo owner's ratings table and the demo customer's My Ratings", async () => {
    const owner = await open(viewport);
    await signInWithToken(owner, ownerToken, '/store-owner');
    await owner
      .getByRole('table', { name: /^Ratings of / })
      .getByText(/^Reply from /)
      .first()
      .waitFor();
    const customer = await open(viewport);
    await signInWithToken(customer, customerToken, '/ratings');
    await customer
      .getByText(/^Reply from /)
      .first()
      .waitFor();
  });
});
