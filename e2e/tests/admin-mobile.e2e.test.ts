/**
 * The admin screens on a phone (issue 16's review at 375 px): the users and stores tables fit the
 * screen (no sideways scrolling of the page) and every row's View, Edit and Delete buttons can be
 * reached where they are, as cards under 40rem and with the actions kept in view on a tablet; at
 * 1280 px the tables still fit their box with every action showing. The dashboard draws the kit's
 * icons, no emoji; and deleting a store owner who still owns stores says so before asking anything.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { apiLogin, DEMO, storeToken } from '../support/app';
import { expectNoSeriousViolations, scanPage } from '../support/axe';
import { launchBrowser, openPage, type TestPage, VIEWPORTS, type Viewport } from '../support/browser';
import { type Site, startSite } from '../support/site';

let site: Site;
let browser: Browser;
let adminToken: string;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite(), launchBrowser()]);
  adminToken = await apiLogin(site.url, DEMO.admin.email, DEMO.admin.password, 'system_admin');
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/** A tablet in portrait: the kit's wide table layout (more than 40rem of room), narrower than the tables. */
// (Viewport's type holds the two sizes of support/browser.ts; openPage takes any size.)
const TABLET = { name: 'desktop', width: 800, height: 1024, mobile: false } as unknown as Viewport;

async function adminPage(viewport: Viewport): Promise<TestPage> {
  const opened = await openPage(browser, site.url, viewport);
  await storeToken(opened.page, adminToken);
  return opened;
}

interface RowActions {
  row: string;
  buttons: Array<{ name: string; left: number; right: number; onTop: boolean; insideRegion: boolean }>;
}

interface TableLayout {
  pageWidth: number;
  viewportWidth: number;
  /** The remote's page (<main>): how far right it reaches, and whether anything in it sticks out of it. */
  mainRight: number;
  mainOverflows: boolean;
  /** The table's scroll region: how wide its content is, and how wide the region shows. */
  regionScrollWidth: number;
  regionClientWidth: number;
  rows: RowActions[];
}

/** Measures the page and each data row's action buttons (scrolling the window, never the table, to reach each row). */
function measureTable(page: Page, name: RegExp): Promise<TableLayout> {
  return page.evaluate(async (source) => {
    const pattern = new RegExp(source);
    const regions = Array.from(document.querySelectorAll<HTMLElement>('[role="region"]'));
    const region = regions.find((el) => pattern.test(document.getElementById(el.getAttribute('aria-labelledby') ?? '')?.textContent ?? ''));
    if (!region) throw new Error(`no table region named ${source}`);
    const regionBox = region.getBoundingClientRect();
    const rows: RowActions[] = [];
    for (const row of Array.from(region.querySelectorAll<HTMLElement>('tbody tr'))) {
      // Bring the row to the middle of the screen vertically (the sticky navbar sits at the top).
      const top = row.getBoundingClientRect().top + window.scrollY;
      window.scrollTo(0, Math.max(0, top - window.innerHeight / 3));
      await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
      const box = region.getBoundingClientRect();
      const buttons = Array.from(row.querySelectorAll<HTMLButtonElement>('button')).map((button) => {
        const rect = button.getBoundingClientRect();
        const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
        return {
          name: (button.textContent ?? '').trim(),
          left: rect.left,
          right: rect.right,
          onTop: hit !== null && button.contains(hit),
          insideRegion: rect.left >= box.left - 0.5 && rect.right <= box.right + 0.5,
        };
      });
      rows.push({ row: row.querySelector('th')?.textContent?.trim() ?? '', buttons });
    }
    window.scrollTo(0, 0);
    return {
      pageWidth: document.documentElement.scrollWidth,
      viewportWidth: window.innerWidth,
      mainRight: document.querySelector('main')!.getBoundingClientRect().right,
      mainOverflows: document.querySelector('main')!.scrollWidth > document.querySelector('main')!.clientWidth,
      regionScrollWidth: region.scrollWidth,
      regionClientWidth: regionBox.width,
      rows,
    };
  }, name.source);
}

/** Every row has its actions (View and Edit; Delete except on the admin's own row), each fully on screen and not covered. */
function expectActionsInView(layout: TableLayout, label: string) {
  expect(layout.rows.length).toBeGreaterThan(0);
  for (const { row, buttons } of layout.rows) {
    const names = buttons.map((b) => b.name.split(' ')[0]);
    expect({ row, names }).toEqual({ row, names: expect.arrayContaining(['View', 'Edit']) });
    for (const button of buttons) {
      const where = `${label}: ${row} › ${button.name}`;
      expect({ where, left: button.left >= 0, right: button.right <= layout.viewportWidth }).toEqual({ where, left: true, right: true });
      expect({ where, insideRegion: button.insideRegion, onTop: button.onTop }).toEqual({ where, insideRegion: true, onTop: true });
    }
  }
}

/**
 * The admin page itself fits the window (the navigation bar above it is the shell's, checked by the
 * shell's own tests).
 */
function expectPageFits(layout: TableLayout) {
  expect({ mainRight: layout.mainRight <= layout.viewportWidth, mainOverflows: layout.mainOverflows }).toEqual({
    mainRight: true,
    mainOverflows: false,
  });
}

const TABLES = [
  ['/admin/users', /^Users/],
  ['/admin/stores', /^Stores/],
] as const;

async function openTable(page: Page, path: string, name: RegExp) {
  await page.goto(path);
  await page
    .getByRole('region', { name })
    .getByRole('button', { name: /^View\b/ })
    .first()
    .waitFor();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

describe.each(TABLES)('%s', (path, name) => {
  test('at 375×812 the page does not scroll sideways and every row shows its actions as a card', async () => {
    const { page, context, errors } = await adminPage(VIEWPORTS.mobile);
    await openTable(page, path, name);
    const layout = await measureTable(page, name);
    expect({ pageWidth: layout.pageWidth, viewport: layout.viewportWidth }).toEqual({ pageWidth: 375, viewport: 375 });
    // The kit's card layout: nothing in the table scrolls sideways either.
    expect(layout.regionScrollWidth).toBeLessThanOrEqual(layout.regionClientWidth);
    expect(layout.regionClientWidth).toBeLessThanOrEqual(375);
    expectActionsInView(layout, `${path} at 375`);
    // Each row is a card: its values carry their labels and its actions sit inside it.
    const firstRow = page.getByRole('region', { name }).locator('tbody tr').first();
    expect(await firstRow.evaluate((row) => getComputedStyle(row).display)).toBe('grid');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('on an 800 px tablet the table scrolls in its box and the row actions stay in view', async () => {
    const { page, context, errors } = await adminPage(TABLET);
    await openTable(page, path, name);
    const layout = await measureTable(page, name);
    expectPageFits(layout);
    expectActionsInView(layout, `${path} at 800`);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('at 1280 px the table fits its box with every action showing', async () => {
    const { page, context, errors } = await adminPage(VIEWPORTS.desktop);
    await openTable(page, path, name);
    const layout = await measureTable(page, name);
    expectPageFits(layout);
    expect(layout.regionScrollWidth).toBeLessThanOrEqual(layout.regionClientWidth);
    expectActionsInView(layout, `${path} at 1280`);
    // The wide layout: a real table with its header row.
    expect(await page.getByRole('region', { name }).locator('thead').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** Each admin screen and what shows it is ready. */
const SCREENS: Array<[string, (page: Page) => Locator]> = [
  ['/admin', (page) => page.getByRole('heading', { level: 2, name: 'Recent activity' })],
  [
    '/admin/users',
    (page) =>
      page
        .getByRole('region', { name: /^Users/ })
        .getByRole('button', { name: /^View\b/ })
        .first(),
  ],
  [
    '/admin/stores',
    (page) =>
      page
        .getByRole('region', { name: /^Stores/ })
        .getByRole('button', { name: /^View\b/ })
        .first(),
  ],
  ['/admin/analytics', (page) => page.getByRole('heading', { level: 2, name: 'Top rated stores' })],
  ['/admin/deployments', (page) => page.getByRole('heading', { name: 'Release history' }).first()],
];

test.each(SCREENS)('%s at 375×812 does not scroll sideways', async (path, ready) => {
  const { page, context, errors } = await adminPage(VIEWPORTS.mobile);
  await page.goto(path);
  await ready(page).waitFor();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Charts lay themselves out at their measured width: give them a frame.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const { pageWidth, wider } = await page.evaluate(() => {
    // What sticks out of the screen and is not clipped by a box of its own (those do not widen the page).
    const clipped = (el: Element) => {
      for (let parent = el.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    return {
      pageWidth: document.documentElement.scrollWidth,
      wider: Array.from(document.querySelectorAll('body *'))
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5 && !clipped(el))
        .slice(0, 5)
        .map((el) => `${el.tagName.toLowerCase()} ${(el.textContent ?? '').trim().slice(0, 40)}`),
    };
  });
  expect({ path, pageWidth, wider }).toEqual({ path, pageWidth: 375, wider: [] });
  expect(errors).toEqual([]);
  await context.close();
});

test('the admin dashboard at 375 px draws the kit icons and no emoji', async () => {
  const { page, context, errors } = await adminPage(VIEWPORTS.mobile);
  await page.goto('/admin');
  await page.getByRole('heading', { level: 2, name: 'Recent activity' }).waitFor();
  const found = await page.evaluate(() => {
    const glyph = /[\p{Extended_Pictographic}\u2605\u2606\u2713\u2714\u2717\u2718]/u;
    const main = document.querySelector('main')!;
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    const glyphs: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const char of node.textContent ?? '') if (glyph.test(char)) glyphs.push(char);
    }
    const icons = Array.from(main.querySelectorAll('svg[data-icon]')).map((svg) => svg.getAttribute('data-icon'));
    return { glyphs, icons, pageWidth: document.documentElement.scrollWidth };
  });
  expect(found.glyphs).toEqual([]);
  expect(found.icons).toEqual(expect.arrayContaining(['users', 'store', 'star', 'chart', 'rocket', 'check']));
  expect(found.pageWidth).toBeLessThanOrEqual(375);
  expect(errors).toEqual([]);
  await context.close();
});

test('deleting a store owner who still owns stores says so first, with no Delete button, and leads to the stores (375 px)', async () => {
  const { page, context, errors } = await adminPage(VIEWPORTS.mobile);
  await openTable(page, `/admin/users?search=${encodeURIComponent(DEMO.owner.email)}`, /^Users/);
  await page
    .getByRole('region', { name: /^Users/ })
    .getByRole('button', { name: /^Delete\b/ })
    .first()
    .click();
  const notice = page.getByRole('alertdialog', { name: 'Delete user' });
  const message = notice.getByText(
    /owns \d+ stores? and cannot be deleted until (those stores are|that store is) deleted or given another owner\./,
  );
  await message.waitFor();
  expect(await notice.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
  expect(await notice.getByText('Are you sure you want to delete this user?').count()).toBe(0);
  const stores = notice.getByRole('list', { name: /^Stores of / }).getByRole('link');
  const count = Number(/owns (\d+) store/.exec((await message.textContent()) ?? '')?.[1]);
  expect(await stores.count()).toBe(count);
  // The dialog fits the phone, and passes axe.
  const box = await notice.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  expectNoSeriousViolations(await scanPage(page), 'the delete dialog of a store owner with stores at 375 px');
  // A store's link opens Store Management searched for it, where it can be deleted or given another owner.
  const first = ((await stores.first().textContent()) ?? '').trim();
  await stores.first().click();
  await page.waitForURL((url) => url.pathname === '/admin/stores' && url.searchParams.get('search') === first);
  await page
    .getByRole('region', { name: /^Stores/ })
    .getByRole('rowheader', { name: first, exact: true })
    .first()
    .waitFor();
  expect(errors).toEqual([]);
  await context.close();
});
