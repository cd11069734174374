/**
 * Moderation and helpful votes in the assembled site, at 1280 and at 375 px: a reader marks a rating
 * helpful and reports another; the admin finds the report on /admin/moderation and hides the rating,
 * which leaves the store page for everyone but its author, who sees it marked hidden on My Ratings;
 * the admin restores it from the resolved list. The demo data carries open reports for the queue.
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
let readerToken: string;
let ownerId: number;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite(), launchBrowser()]);
  const ownerToken = await apiLogin(site.url, DEMO.owner.email, DEMO.owner.password, DEMO.owner.role);
  [adminToken, readerToken] = await Promise.all([
    apiLogin(site.url, DEMO.admin.email, DEMO.admin.password, DEMO.admin.role),
    apiLogin(site.url, DEMO.customer.email, DEMO.customer.password, DEMO.customer.role),
  ]);
  ownerId = (await apiAs<{ user: { id: number } }>(site.url, ownerToken, 'GET', '/api/auth/profile')).user.id;
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const open = cleanPages(() => ({ browser, baseURL: site.url }));

describe.each(BOTH_VIEWPORTS)('moderation at %s', (label, viewport) => {
  let storeId: number;
  let storeName: string;
  let spammer: Awaited<ReturnType<typeof apiRegister>>;
  let fan: Awaited<ReturnType<typeof apiRegister>>;

  beforeAll(async () => {
    storeName = `Moderated ${label} Deli`;
    ({
      store: { id: storeId },
    } = await apiAs<{ store: { id: number } }>(site.url, adminToken, 'POST', '/api/admin/stores', {
      name: storeName,
      address: '8 Quiet Lane, Old Town',
      owner_id: ownerId,
    }));
    [spammer, fan] = await Promise.all([apiRegister(site.url, 'normal_user', 'spammer'), apiRegister(site.url, 'normal_user', 'fan')]);
    await apiAs(site.url, spammer.token, 'POST', `/api/ratings/${storeId}`, { rating: 1, comment: 'Cheap watches at example.com!!!' });
    await apiAs(site.url, fan.token, 'POST', `/api/ratings/${storeId}`, { rating: 5, comment: 'Best sandwiches in town' });
  });

  test('a reader votes and reports; the admin hides the rating, its author sees it hidden, and the admin restores it', async () => {
    // The reader marks the fan's rating helpful and reports the spam.
    const reader = await open(viewport);
    await signInWithToken(reader, readerToken, `/stores/${storeId}`);
    const fanReview = reader.getByRole('article', { name: `${fan.name}, 5 stars` });
    await fanReview.getByRole('button', { name: `Helpful for the rating by ${fan.name}` }).click();
    await fanReview.getByRole('button', { name: `Helpful (1) for the rating by ${fan.name}`, pressed: true }).waitFor();

    const spam = reader.getByRole('article', { name: `${spammer.name}, 1 star` });
    await spam.getByRole('button', { name: `Report rating by ${spammer.name}` }).click();
    const dialog = reader.getByRole('dialog', { name: 'Report this rating' });
    await dialog.getByRole('radio', { name: 'Spam or advertising' }).check();
    await screenshot(reader, 'customer-report-dialog', viewport);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByText(MESSAGES.reportSent).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await spam.getByRole('button', { name: `Reported rating by ${spammer.name}` }).waitFor();
    expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

    // The admin finds it in the queue and hides it.
    const admin = await open(viewport);
    await signInWithToken(admin, adminToken, '/admin/moderation');
    const item = admin.getByRole('article', { name: `Rating on ${storeName}` });
    await item.getByText('Cheap watches at example.com!!!').waitFor();
    await item.getByRole('listitem').filter({ hasText: 'Spam or advertising: 1' }).waitFor();
    await screenshot(admin, 'admin-moderation', viewport);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await item.getByRole('button', { name: `Hide rating: rating by ${spammer.name}` }).click();
    await toast(admin, MESSAGES.ratingHidden).waitFor();
    await item.waitFor({ state: 'detached' });

    // Gone from the store page; its author sees it marked on My Ratings.
    await reader.reload();
    await reader.getByRole('article', { name: `${fan.name}, 5 stars` }).waitFor();
    expect(await reader.getByRole('article', { name: `${spammer.name}, 1 star` }).count()).toBe(0);
    const author = await open(viewport);
    await signInWithToken(author, spammer.token, '/ratings');
    await author.getByRole('article', { name: storeName }).getByText('Hidden by a moderator.').waitFor();

    // Restored from the resolved list, it is back for everyone.
    await admin.getByRole('button', { name: 'Resolved' }).click();
    const resolved = admin.getByRole('article', { name: `Rating on ${storeName}` });
    await resolved.getByRole('button', { name: `Restore rating: rating by ${spammer.name}` }).click();
    await toast(admin, MESSAGES.ratingRestored).waitFor();
    await reader.reload();
    await reader.getByRole('article', { name: `${spammer.name}, 1 star` }).waitFor();
  });

  test('the demo data fills the queue: open reports of ratings and of a reply', async () => {
    const admin = await open(viewport);
    await signInWithToken(admin, adminToken, '/admin/moderation');
    await admin.getByText(/^\d+ open reports? on \d+ (ratings and replies|rating or reply)\.$/).waitFor();
    await admin
      .getByRole('article', { name: /^Reply on / })
      .first()
      .waitFor();
  });
});
