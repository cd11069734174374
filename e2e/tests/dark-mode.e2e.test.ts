/**
 * Dark mode in the browser, at 1280 and 375 px: a browser whose system prefers dark opens the site dark
 * with nothing chosen; the navbar's "Dark mode" toggle (in the menu on a phone, and by keyboard)
 * switches to light, which is remembered (localStorage 'theme') across a reload and wins over the
 * system; a choice of dark wins over a system in light mode, signed-out pages included. Screenshots:
 * `stores-dark-<viewport>.png` and `stores-light-chosen-<viewport>.png` in e2e/screenshots.
 */
import type { Browser, Page } from 'playwright-core';
import { apiLogin, clickInNavbar, DEMO, mainNav, signInWithToken, storeToken } from '../support/app';
import { BOTH_VIEWPORTS, launchBrowser, screenshot } from '../support/browser';
import { cleanPages } from '../support/pages';
import { type Site, startSite } from '../support/site';

/** --color-bg of each palette (shell/src/styles/global.css), as getComputedStyle writes it. */
const DARK_BG = 'rgb(15, 19, 32)';
const LIGHT_BG = 'rgb(246, 247, 251)';

let site: Site;
let browser: Browser;
let customerToken: string;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite(), launchBrowser()]);
  customerToken = await apiLogin(site.url, DEMO.customer.email, DEMO.customer.password, DEMO.customer.role);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const open = cleanPages(() => ({ browser, baseURL: site.url }));

interface Shown {
  /** The page's background, as getComputedStyle writes it. */
  background: string;
  /** The root's colour scheme (form controls, scrollbars). */
  colorScheme: string;
  /** data-theme on <html>: the choice, or null while the system decides. */
  chosen: string | null;
  /** The choice in localStorage ('theme'). */
  stored: string | null;
}

/** What the page shows: the page's background, its colour scheme, the choice on <html> and in storage. */
function shownTheme(page: Page): Promise<Shown> {
  return page.evaluate(() => ({
    background: getComputedStyle(document.body).backgroundColor,
    colorScheme: getComputedStyle(document.documentElement).colorScheme,
    chosen: document.documentElement.getAttribute('data-theme'),
    stored: window.localStorage.getItem('theme'),
  }));
}

/** Expects the page to show `expected` by its next frames (a second at most), then exactly that. */
async function expectShown(page: Page, expected: Shown): Promise<void> {
  await page
    .waitForFunction(
      (want) =>
        getComputedStyle(document.body).backgroundColor === want.background &&
        getComputedStyle(document.documentElement).colorScheme === want.colorScheme &&
        document.documentElement.getAttribute('data-theme') === want.chosen &&
        window.localStorage.getItem('theme') === want.stored,
      expected,
      { timeout: 1_000 },
    )
    .catch(() => undefined);
  expect(await shownTheme(page)).toEqual(expected);
}

const toggleOf = (page: Page) => mainNav(page).getByRole('button', { name: 'Dark mode' });

/** The store list, rendered with its cards. */
async function storesReady(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 3 }).getByRole('link').first().waitFor();
}

/** Waits until the toggle says `pressed` (aria-pressed); on a phone it may be inside the closed menu. */
async function togglePressed(page: Page, pressed: boolean): Promise<void> {
  await mainNav(page).getByRole('button', { name: 'Dark mode', pressed, includeHidden: true }).waitFor({ state: 'attached' });
}

describe.each(BOTH_VIEWPORTS)('dark mode at %s', (_label, viewport) => {
  test('a system in dark mode opens dark; the navbar toggle switches to light, remembered across a reload', async () => {
    const page = await open(viewport, { colorScheme: 'dark' });
    await signInWithToken(page, customerToken, '/stores');
    await storesReady(page);
    await expectShown(page, { background: DARK_BG, colorScheme: 'dark', chosen: null, stored: null });
    await togglePressed(page, true);
    await screenshot(page, 'stores-dark', viewport);

    // By keyboard: on a phone the toggle is in the menu (its button opens it); Tab from the toggle's
    // neighbour reaches it with a visible focus ring, and Space presses it.
    const toggle = toggleOf(page);
    if (viewport.mobile) {
      await mainNav(page).getByRole('button', { name: 'Menu' }).click();
      await toggle.waitFor({ state: 'visible' });
    }
    await mainNav(page).getByRole('button', { name: 'Logout' }).focus();
    await page.keyboard.press('Shift+Tab');
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    const ring = await toggle.evaluate((el) => ({
      style: getComputedStyle(el).outlineStyle,
      width: parseFloat(getComputedStyle(el).outlineWidth),
    }));
    expect(ring.style).toBe('solid');
    expect(ring.width).toBeGreaterThanOrEqual(2);
    await page.keyboard.press('Space');
    await togglePressed(page, false);
    await expectShown(page, { background: LIGHT_BG, colorScheme: 'light', chosen: 'light', stored: 'light' });

    // The choice outlives the page: light again after a reload, over the system's dark.
    await page.reload();
    await storesReady(page);
    await expectShown(page, { background: LIGHT_BG, colorScheme: 'light', chosen: 'light', stored: 'light' });
    await togglePressed(page, false);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'stores-light-chosen', viewport);

    // And back to dark with a click (or a tap in the menu).
    await clickInNavbar(page, toggleOf(page));
    await togglePressed(page, true);
    await expectShown(page, { background: DARK_BG, colorScheme: 'dark', chosen: 'dark', stored: 'dark' });
  });

  test('a choice of dark wins over a system in light mode, signed-out pages too', async () => {
    const page = await open(viewport, { colorScheme: 'light' });
    await storeToken(page, customerToken);
    await page.evaluate(() => window.localStorage.setItem('theme', 'dark'));
    await page.goto('/stores');
    await storesReady(page);
    await expectShown(page, { background: DARK_BG, colorScheme: 'dark', chosen: 'dark', stored: 'dark' });
    await togglePressed(page, true);

    // Signed out (no navbar): the remembered choice still applies.
    await page.evaluate(() => window.localStorage.removeItem('token'));
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    await expectShown(page, { background: DARK_BG, colorScheme: 'dark', chosen: 'dark', stored: 'dark' });
  });
});
