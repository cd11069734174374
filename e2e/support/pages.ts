/**
 * The pages a test file opens: each in a fresh browser context, each checked after every test to have
 * run clean (no console errors, no uncaught exceptions) and then closed.
 */
import type { Browser, Page } from 'playwright-core';
import { openPage, type OpenPageOptions, type TestPage, type Viewport } from './browser';

/**
 * Registers the after-each check and returns `open(viewport, options?)` (options: the system's colour
 * scheme). `browser` and `baseURL` are read when a page is opened (they are set in the file's beforeAll).
 */
export function cleanPages(
  target: () => { browser: Browser; baseURL: string },
): (viewport: Viewport, options?: OpenPageOptions) => Promise<Page> {
  const opened: TestPage[] = [];
  afterEach(async () => {
    const pages = opened.splice(0);
    try {
      for (const tp of pages) expect(tp.errors).toEqual([]);
    } finally {
      await Promise.all(pages.map((tp) => tp.context.close()));
    }
  });
  return async (viewport, options) => {
    const { browser, baseURL } = target();
    const tp = await openPage(browser, baseURL, viewport, options);
    opened.push(tp);
    return tp.page;
  };
}
