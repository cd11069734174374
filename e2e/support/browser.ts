/**
 * Debian's Chromium driven by playwright-core: headless, a fresh profile per launch, never a
 * downloaded browser. Pages collect their console errors and uncaught exceptions so a test can
 * assert a screen ran clean, and screenshots go to the git-ignored e2e/screenshots folder.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.resolve(__dirname, '..', 'screenshots');

export const VIEWPORTS = {
  desktop: { name: 'desktop', width: 1280, height: 800, mobile: false },
  mobile: { name: 'mobile', width: 375, height: 812, mobile: true },
} as const;
export type Viewport = (typeof VIEWPORTS)[keyof typeof VIEWPORTS];
/** Every journey runs at both sizes: `describe.each(BOTH_VIEWPORTS)('... at %s', ...)`. */
export const BOTH_VIEWPORTS: Array<[string, Viewport]> = [
  ['desktop', VIEWPORTS.desktop],
  ['mobile', VIEWPORTS.mobile],
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface TestPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and page errors seen so far (network failures a test provokes are its own business). */
  errors: string[];
}

/** The system's colour scheme a context emulates (`prefers-color-scheme`); light unless a test says otherwise. */
export type ColorScheme = 'light' | 'dark';

export interface OpenPageOptions {
  colorScheme?: ColorScheme;
}

/** A new browser context (its own storage, like a fresh visitor) with one page at `viewport`. */
export async function openPage(
  browser: Browser,
  baseURL: string,
  viewport: Viewport = VIEWPORTS.desktop,
  { colorScheme = 'light' }: OpenPageOptions = {},
): Promise<TestPage> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: viewport.width, height: viewport.height },
    isMobile: viewport.mobile,
    hasTouch: viewport.mobile,
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
    colorScheme,
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page: ${error.message}`));
  return { context, page, errors };
}

/** Saves `<name>-<viewport>.png` (full page) into e2e/screenshots. */
export async function screenshot(page: Page, name: string, viewport: Viewport): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}-${viewport.name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}
