/**
 * One seamless site (issue 16), in Chromium on the production build: moving between areas keeps the
 * navbar still and never shows an empty page (the loading skeleton stands in); each route names the
 * browser tab; the navbar fits at 1280 px without cutting a name that has room; toasts keep clear of
 * the controls beside them (Logout, the menu button, 'Browse stores', '+ Add User'), at both widths.
 */
import type { Browser, Page } from 'playwright-core';
import { apiLogin, clickInNavbar, DEMO, mainNav, navigateInApp, navLink, signInThroughForm, signInWithToken, toast } from '../support/app';
import { BOTH_VIEWPORTS, launchBrowser, openPage, VIEWPORTS } from '../support/browser';
import { type Site, startSite } from '../support/site';

let site: Site;
let browser: Browser;
const tokens: Partial<Record<keyof typeof DEMO, string>> = {};

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite(), launchBrowser()]);
  for (const key of ['admin', 'owner', 'customer'] as const)
    tokens[key] = await apiLogin(site.url, DEMO[key].email, DEMO[key].password, DEMO[key].role);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('moving between areas', () => {
  test('keeps the navbar still and shows the next page’s skeleton, never an empty page, until it is there', async () => {
    const { page, context } = await openPage(browser, site.url, VIEWPORTS.desktop);
    await signInWithToken(page, tokens.customer!, '/stores');
    await page.locator('article').first().waitFor();
    // Every frame from here on: where the navbar is, and whether the page area shows anything.
    await page.evaluate(() => {
      const frames: Array<{ navTop: number; navHeight: number; main: string }> = [];
      (window as unknown as { frames_: typeof frames }).frames_ = frames;
      const sample = () => {
        const nav = document.querySelector('nav[aria-label="Main"]')?.getBoundingClientRect();
        const main = document.querySelector('#main-content main');
        frames.push({
          navTop: nav ? nav.top : -1,
          navHeight: nav ? nav.height : -1,
          main: !main ? 'none' : main.getAttribute('data-skeleton') ? 'skeleton' : 'page',
        });
        requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    for (const [link, heading] of [
      ['Profile', 'My Profile'],
      ['My Ratings', 'My Ratings'],
      ['Dashboard', /^Welcome/],
      ['Stores', 'Stores'],
    ] as const) {
      await clickInNavbar(page, navLink(page, link));
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    }
    const frames = await page.evaluate(
      () => (window as unknown as { frames_: Array<{ navTop: number; navHeight: number; main: string }> }).frames_,
    );
    await context.close();
    expect(frames.length).toBeGreaterThan(10);
    expect(frames.filter((f) => f.main === 'none')).toEqual([]);
    expect(new Set(frames.map((f) => `${f.navTop}/${f.navHeight}`)).size).toBe(1);
  });

  test.each([
    ['/stores', 'customer', 'Stores · Store Ratings'],
    ['/ratings', 'customer', 'My Ratings · Store Ratings'],
    ['/profile', 'owner', 'My Profile · Store Ratings'],
    ['/store-owner', 'owner', 'Store Owner Dashboard · Store Ratings'],
    ['/admin/users', 'admin', 'User Management · Store Ratings'],
    ['/admin/stores', 'admin', 'Store Management · Store Ratings'],
  ] as const)('%s names the browser tab (%s)', async (path, account, title) => {
    const { page, context } = await openPage(browser, site.url, VIEWPORTS.desktop);
    await signInWithToken(page, tokens[account]!, path);
    await page.locator('main h1').first().waitFor();
    await expectTitle(page, title);
    await context.close();
  });

  test('the sign-in page and a store’s page name the tab too (the store by its name)', async () => {
    const { page, context } = await openPage(browser, site.url, VIEWPORTS.desktop);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    await expectTitle(page, 'Sign In · Store Ratings');
    await signInWithToken(page, tokens.customer!, '/stores');
    const first = page.locator('article h3 a').first();
    const name = (await first.textContent())!.trim();
    await first.click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await expectTitle(page, `${name} · Store Ratings`);
    await context.close();
  });
});

async function expectTitle(page: Page, title: string): Promise<void> {
  await page.waitForFunction((expected) => document.title === expected, title, { timeout: 5_000 }).catch(() => undefined);
  expect(await page.title()).toBe(title);
}

describe('the navbar at 1280 px', () => {
  test.each(['admin', 'owner', 'customer'] as const)('fits the window for the %s, Logout in full', async (account) => {
    const { page, context } = await openPage(browser, site.url, VIEWPORTS.desktop);
    await signInWithToken(page, tokens[account]!, '/stores');
    await mainNav(page).getByRole('button', { name: 'Logout' }).waitFor();
    const fit = await page.evaluate(() => {
      const logout = [...document.querySelectorAll('nav button')].find((b) => b.textContent === 'Logout')!.getBoundingClientRect();
      return { scroll: document.documentElement.scrollWidth, width: window.innerWidth, logoutRight: logout.right };
    });
    await context.close();
    expect(fit.scroll).toBeLessThanOrEqual(fit.width);
    expect(fit.logoutRight).toBeLessThanOrEqual(fit.width);
  });

  test.each(['owner', 'customer'] as const)('shows the %s’s whole name where there is room', async (account) => {
    const { page, context } = await openPage(browser, site.url, VIEWPORTS.desktop);
    await signInWithToken(page, tokens[account]!, '/stores');
    const name = mainNav(page).locator('[title]').first();
    await name.waitFor();
    const cut = await name.evaluate((element) => element.scrollWidth > element.clientWidth);
    await context.close();
    expect(cut).toBe(false);
  });
});

describe.each(BOTH_VIEWPORTS)('toasts keep clear of the controls beside them at %s', (_label, viewport) => {
  const covers = async (page: Page, text: RegExp, control: Box) => {
    const item = toast(page, text).first();
    await item.waitFor();
    return overlaps((await item.boundingBox())!, control);
  };

  test('the welcome toast covers neither the navbar’s button nor “Browse stores”', async () => {
    const { page, context } = await openPage(browser, site.url, viewport);
    await signInThroughForm(page, DEMO.customer.email, DEMO.customer.password, DEMO.customer.role);
    const browse = page.getByRole('link', { name: /Browse stores/i }).first();
    await browse.waitFor();
    const barButton = viewport.mobile
      ? mainNav(page).getByRole('button', { name: 'Menu' })
      : mainNav(page).getByRole('button', { name: 'Logout' });
    expect(await covers(page, /Welcome back/, (await barButton.boundingBox())!)).toBe(false);
    expect(await covers(page, /Welcome back/, (await browse.boundingBox())!)).toBe(false);
    await context.close();
  });

  test('a toast on User Management does not cover “+ Add User”', async () => {
    const { page, context } = await openPage(browser, site.url, viewport);
    await signInThroughForm(page, DEMO.admin.email, DEMO.admin.password, DEMO.admin.role);
    // Sign-in lands on /dashboard, which sends an admin on to /admin: move on only once it has.
    await page.waitForURL((url) => url.pathname === '/admin');
    await navigateInApp(page, '/admin/users');
    const add = page.getByRole('button', { name: /Add User/ });
    await add.waitFor();
    expect(await covers(page, /Welcome back/, (await add.boundingBox())!)).toBe(false);
    await context.close();
  });
});
