/**
 * A store's city in the assembled site, at 1280 and at 375 px: the admin adds a store and the form
 * proposes its city from the address; the admin table shows it and filters by it; a customer filters
 * the store list by it (the demo data's cities, migrated from their addresses, are offered with their
 * numbers of stores).
 */
import type { Browser, Page } from 'playwright-core';
import { MESSAGES } from 'shared-contracts';
import { apiLogin, DEMO, signInWithToken, toast } from '../support/app';
import { BOTH_VIEWPORTS, launchBrowser, screenshot } from '../support/browser';
import { eventually } from '../support/eventually';
import { cleanPages } from '../support/pages';
import { type Site, startSite } from '../support/site';

let site: Site;
let browser: Browser;
let adminToken: string;
let customerToken: string;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite(), launchBrowser()]);
  [adminToken, customerToken] = await Promise.all([
    apiLogin(site.url, DEMO.admin.email, DEMO.admin.password, DEMO.admin.role),
    apiLogin(site.url, DEMO.customer.email, DEMO.customer.password, DEMO.customer.role),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const open = cleanPages(() => ({ browser, baseURL: site.url }));

/** The cities a City select offers, as shown ('Bengaluru (12)'). */
function offered(page: Page): Promise<string[]> {
  return page.getByRole('combobox', { name: 'City' }).locator('option').allTextContents();
}

describe.each(BOTH_VIEWPORTS)('store city at %s', (label, viewport) => {
  test('the admin adds a store: the form proposes the city from the address; the table shows it and filters by it', async () => {
    const page = await open(viewport);
    await signInWithToken(page, adminToken, '/admin/stores');
    await page.getByRole('button', { name: 'Add Store' }).click();
    const form = page.getByRole('form', { name: 'Add store' });
    await form.getByLabel('Store name').fill(`Lakeside ${label} Books`);
    await form.getByLabel('Address').fill('7 Lake Road, Ernakulam, Kochi, Kerala 682016');
    expect(await form.getByLabel('City').inputValue()).toBe('Kochi');
    const owner = form.getByLabel('Store owner');
    await eventually(async () => expect(await owner.isEnabled()).toBe(true));
    await owner.selectOption({ index: 1 });
    await form.getByRole('button', { name: 'Create Store' }).click();
    await toast(page, MESSAGES.storeCreated).waitFor();

    const city = page.getByRole('combobox', { name: 'City' });
    await eventually(async () => expect((await offered(page)).some((o) => /^Kochi \(\d+\)$/.test(o))).toBe(true));
    await city.selectOption('Kochi');
    await page.waitForURL((url) => url.searchParams.get('city') === 'Kochi');
    await eventually(async () => {
      const rows = page
        .getByRole('table')
        .getByRole('row')
        .filter({ hasText: `Lakeside ${label} Books` });
      expect(await rows.count()).toBe(1);
    });
    await screenshot(page, 'admin-stores-city', viewport);
  });

  test("a customer filters the store list by city: the demo data's cities with their numbers of stores", async () => {
    const page = await open(viewport);
    await signInWithToken(page, customerToken, '/stores');
    await page.getByRole('region', { name: 'Results' }).getByRole('article').first().waitFor();
    if (viewport.mobile) await page.getByRole('button', { name: /^Filters/ }).click();
    const city = page.getByRole('combobox', { name: 'City' });
    await eventually(async () => expect((await offered(page)).some((o) => /^Bengaluru \(\d+\)$/.test(o))).toBe(true));
    expect((await offered(page))[0]).toBe('All cities');

    await city.selectOption('Mumbai');
    await page.waitForURL((url) => url.searchParams.get('city') === 'Mumbai');
    await eventually(async () => {
      const addresses = await page.getByRole('region', { name: 'Results' }).getByRole('article').locator('p').allTextContents();
      expect(addresses.length).toBeGreaterThan(0);
      for (const text of addresses.filter((t) => t.includes(','))) expect(text).toContain('Mumbai');
    });
    if (viewport.mobile) expect(await page.getByRole('button', { name: 'Filters (1)' }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  });
});
