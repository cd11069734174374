/**
 * Accessibility of every screen in the dark theme: the scans of accessibility.e2e.test.ts, in a browser
 * whose system prefers dark (`prefers-color-scheme: dark`, nothing chosen in the navbar), at desktop and
 * mobile width (support/screen-scans.ts): axe-core finds no serious or critical violation, colour
 * contrast included, and each screen is photographed (`<role>-<screen>-dark-<viewport>.png` in
 * e2e/screenshots). The counts per screen go to e2e/reports/axe-summary-dark.json. A file of its own,
 * so the runner can schedule it apart from the light scans.
 */
import { describeScreenScans, type ScanSetup, startScanSetup } from '../support/screen-scans';

let setup: ScanSetup | undefined;

beforeAll(async () => {
  setup = await startScanSetup();
});

afterAll(async () => {
  await setup?.browser.close();
  await setup?.site.stop();
});

describeScreenScans('dark', () => setup!, 'axe-summary-dark.json');
