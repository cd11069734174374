/**
 * The axe scan of every screen (support/screens.ts) at desktop and mobile width, in one colour scheme
 * (the system's `prefers-color-scheme`, which the site's theme follows): axe-core finds no serious or
 * critical violation (colour contrast included), and each screen is photographed
 * (`<role>-<screen>[-dark]-<viewport>.png` in e2e/screenshots). The counts per screen go to a report in
 * e2e/reports. Used by accessibility.e2e.test.ts (light) and accessibility-dark.e2e.test.ts (dark),
 * two files so the runner can schedule them apart.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { storeToken } from './app';
import { countByImpact, expectNoSeriousViolations, type Impact, scanPageResults } from './axe';
import { BOTH_VIEWPORTS, type ColorScheme, launchBrowser, openPage, screenshot, type TestPage, type Viewport } from './browser';
import {
  demoToken,
  loadFixture,
  openScreen,
  type Screen,
  type ScreenFixture,
  type ScreenRole,
  screenId,
  screenPath,
  screensFor,
} from './screens';
import { type Site, startSite } from './site';

export const REPORTS_DIR = path.resolve(__dirname, '..', 'reports');

interface SummaryRow {
  screen: string;
  role: ScreenRole;
  path: string;
  viewport: string;
  colorScheme: ColorScheme;
  counts: Record<Impact, number>;
  /** Each rule that failed, with how many elements it hit. */
  rules: Array<{ id: string; impact: Impact | null; nodes: number }>;
  /** What axe could not decide (checked by hand; see the report), by rule with its element count. */
  needsReview: Array<{ id: string; nodes: number }>;
}

/** What the scans need: the site, a browser, a token per role and the demo data's ids. */
export interface ScanSetup {
  site: Site;
  browser: Browser;
  tokens: Record<Exclude<ScreenRole, 'anonymous'>, string>;
  fixture: ScreenFixture;
}

/** Starts the site and a browser and looks up what the screens need; on a failure, stops what it started. */
export async function startScanSetup(): Promise<ScanSetup> {
  const [siteStart, browserStart] = await Promise.allSettled([startSite(), launchBrowser()]);
  const site = siteStart.status === 'fulfilled' ? siteStart.value : undefined;
  const browser = browserStart.status === 'fulfilled' ? browserStart.value : undefined;
  try {
    if (siteStart.status === 'rejected') throw siteStart.reason;
    if (browserStart.status === 'rejected') throw browserStart.reason;
    const tokens = {} as ScanSetup['tokens'];
    for (const role of ['customer', 'owner', 'admin'] as const) tokens[role] = await demoToken(site!.url, role);
    const fixture = await loadFixture(site!.url, tokens);
    return { site: site!, browser: browser!, tokens, fixture };
  } catch (error) {
    await browser?.close();
    await site?.stop();
    throw error;
  }
}

/**
 * Registers the scans of every screen at both viewports in `colorScheme` (a describe per viewport, a
 * test per screen), and writes `reportFile` (in e2e/reports) after them.
 */
export function describeScreenScans(colorScheme: ColorScheme, setup: () => ScanSetup, reportFile: string): void {
  const summary: SummaryRow[] = [];
  const suffix = colorScheme === 'dark' ? '-dark' : '';

  afterAll(() => {
    if (summary.length === 0) return;
    mkdirSync(REPORTS_DIR, { recursive: true });
    const order = (row: SummaryRow) => `${row.viewport}/${row.screen}`;
    summary.sort((a, b) => order(a).localeCompare(order(b)));
    writeFileSync(
      path.join(REPORTS_DIR, reportFile),
      `${JSON.stringify({ generatedAt: new Date().toISOString(), colorScheme, screens: summary }, null, 2)}\n`,
    );
  });

  /** A page of a context signed in as `role` (the token where the shell keeps it), or signed out. */
  async function signedInPage(viewport: Viewport, role: ScreenRole): Promise<TestPage> {
    const { site, browser, tokens } = setup();
    const opened = await openPage(browser, site.url, viewport, { colorScheme });
    if (role !== 'anonymous') await storeToken(opened.page, tokens[role]);
    return opened;
  }

  describe.each(BOTH_VIEWPORTS)(`every screen passes axe in the ${colorScheme} theme at %s`, (_label, viewport) => {
    // One context per role for this viewport, reused by that role's screens (each screen loads afresh).
    const pages = new Map<ScreenRole, Promise<TestPage>>();
    const pageFor = (role: ScreenRole) => {
      if (!pages.has(role)) pages.set(role, signedInPage(viewport, role));
      return pages.get(role)!;
    };
    afterAll(async () => {
      for (const opened of pages.values()) await (await opened).context.close();
    });

    const cases: Array<[string, Screen]> = screensFor(viewport.name).map((screen) => [screenId(screen), screen]);

    test.each(cases)('%s', async (id, screen) => {
      const { fixture } = setup();
      const { page, errors } = await pageFor(screen.role);
      errors.length = 0;
      await openScreen(page, screen, fixture);
      // The theme the page shows is the one asked for (nothing chosen: the system's).
      const shown = await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme);
      expect(shown).toBe(colorScheme);
      // Opening a form moves focus and may scroll: back to the top, so the full-page screenshot shows
      // the sticky navbar where it belongs and axe sees nothing sitting under it.
      await page.evaluate(() => window.scrollTo(0, 0));

      const { violations, incomplete } = await scanPageResults(page);
      await screenshot(page, `${id}${suffix}`, viewport);
      summary.push({
        screen: id,
        role: screen.role,
        path: screenPath(screen, fixture),
        viewport: viewport.name,
        colorScheme,
        counts: countByImpact(violations),
        rules: violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length })),
        needsReview: incomplete.map((v) => ({ id: v.id, nodes: v.nodes.length })),
      });

      expectNoSeriousViolations(violations, `${id} at ${viewport.name} in the ${colorScheme} theme`);
      expect(errors).toEqual([]);
    });
  });
}
