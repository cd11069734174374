/**
 * axe-core in the page under test: `scanPage` injects node_modules/axe-core/axe.min.js (once per
 * document) and returns the violations, and `expectNoSeriousViolations` fails with a readable list
 * (rule, impact, help, the selectors of every offending element) when one is serious or critical.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

/** axe.min.js of the installed axe-core (4.14.x), resolved the way Node finds the package. */
export const AXE_SCRIPT = require.resolve('axe-core/axe.min.js');

export const IMPACTS = ['critical', 'serious', 'moderate', 'minor'] as const;
export type Impact = (typeof IMPACTS)[number];
/** What fails a screen: axe's two highest impacts. */
export const BLOCKING_IMPACTS: readonly Impact[] = ['critical', 'serious'];

export interface AxeNode {
  /** CSS selectors axe uses to point at the element (one per frame / shadow root level). */
  target: string[];
  html: string;
  failureSummary?: string;
}

export interface AxeViolation {
  id: string;
  impact: Impact | null;
  help: string;
  helpUrl: string;
  description: string;
  tags: string[];
  nodes: AxeNode[];
}

/** What axe.run is given as its context: a selector, or include/exclude lists of selectors. */
export type AxeContext = string | { include?: string[]; exclude?: string[] };

export interface ScanOptions {
  /**
   * Rules to switch off, each with the written reason it is a false positive here. A reason is
   * required on purpose: a rule is never turned off just to make a screen pass.
   */
  disableRules?: Record<string, string>;
}

let axeSource: string | undefined;

/**
 * Puts axe into the page. Not with page.addScriptTag: the site's Content-Security-Policy
 * (script-src 'self', from helmet) blocks the inline <script> it writes (and logs a console error),
 * and the shared browser helpers do not open contexts with bypassCSP. The same file evaluated
 * through the DevTools protocol is not subject to the page's CSP.
 */
async function injectAxe(page: Page): Promise<void> {
  const present = () => page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (await present()) return;
  axeSource ??= readFileSync(AXE_SCRIPT, 'utf8');
  await page.evaluate(axeSource);
  if (!(await present())) throw new Error('axe-core could not be injected into the page');
}

export interface ScanResults {
  violations: AxeViolation[];
  /** What axe could not decide and a person should check (e.g. contrast over an image or gradient). */
  incomplete: AxeViolation[];
}

/** Runs axe over the page (or `context` inside it) and returns its violations. */
export async function scanPage(page: Page, context?: AxeContext, options: ScanOptions = {}): Promise<AxeViolation[]> {
  return (await scanPageResults(page, context, options)).violations;
}

/** Runs axe over the page (or `context` inside it): violations and the results that need review. */
export async function scanPageResults(page: Page, context?: AxeContext, options: ScanOptions = {}): Promise<ScanResults> {
  await injectAxe(page);

  const rules: Record<string, { enabled: boolean }> = {};
  for (const [id, reason] of Object.entries(options.disableRules ?? {})) {
    if (!reason.trim()) throw new Error(`axe rule ${id} is switched off without a reason`);
    rules[id] = { enabled: false };
  }

  return page.evaluate(
    async ({ context, rules }) => {
      type RawResult = Record<string, unknown> & { nodes: Array<Record<string, unknown>> };
      type Result = { violations: RawResult[]; incomplete: RawResult[] };
      const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<Result> } }).axe;
      const result = await axe.run(context ?? document, {
        rules,
        // Passes are not needed: leaving their details out keeps the answer small.
        resultTypes: ['violations', 'incomplete'],
      });
      const simplify = (v: RawResult) => ({
        id: v.id as string,
        impact: (v.impact ?? null) as Impact | null,
        help: v.help as string,
        helpUrl: v.helpUrl as string,
        description: v.description as string,
        tags: v.tags as string[],
        nodes: v.nodes.map((n) => ({
          target: (n.target as unknown[]).map((t) => (Array.isArray(t) ? t.join(' >>> ') : String(t))),
          html: String(n.html ?? ''),
          failureSummary: n.failureSummary as string | undefined,
        })),
      });
      return { violations: result.violations.map(simplify), incomplete: result.incomplete.map(simplify) };
    },
    { context: context ?? null, rules },
  );
}

/** How many violations of each impact (each rule counts once, however many elements it hit). */
export function countByImpact(violations: AxeViolation[]): Record<Impact, number> {
  const counts: Record<Impact, number> = { critical: 0, serious: 0, moderate: 0, minor: 0 };
  for (const v of violations) if (v.impact) counts[v.impact] += 1;
  return counts;
}

export function isBlocking(violation: AxeViolation): boolean {
  return violation.impact !== null && BLOCKING_IMPACTS.includes(violation.impact);
}

/** One readable paragraph per violation: rule, impact, what to do, where. */
export function formatViolations(violations: AxeViolation[], maxNodes = 8): string {
  return violations
    .map((v) => {
      const nodes = v.nodes.slice(0, maxNodes).map((n) => {
        const summary = n.failureSummary ? `\n        ${n.failureSummary.replace(/\n\s*/g, ' ')}` : '';
        return `      - ${n.target.join(', ')}${summary}`;
      });
      const more = v.nodes.length > maxNodes ? [`      … and ${v.nodes.length - maxNodes} more`] : [];
      return [`  [${v.impact ?? 'unknown'}] ${v.id}: ${v.help}`, `    ${v.helpUrl}`, ...nodes, ...more].join('\n');
    })
    .join('\n');
}

/** Fails (with the list) when any violation is serious or critical; lesser ones are only reported. */
export function expectNoSeriousViolations(violations: AxeViolation[], where: string): void {
  const blocking = violations.filter(isBlocking);
  if (blocking.length === 0) return;
  throw new Error(`${where}: ${blocking.length} serious or critical accessibility violation(s):\n${formatViolations(blocking)}`);
}
