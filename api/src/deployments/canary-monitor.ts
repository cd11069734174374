/**
 * The health monitor (DESIGN.md §5): after a health report is stored, each canary that the report
 * had events for is judged on its figures since it started. With at least `minLoads` load attempts
 * (loads + load failures) and a failure rate, (load failures + render errors) / attempts, above
 * `maxFailurePercent`, the canary is aborted for every browser (history action `auto_abort`, by
 * 'health monitor', with a note giving the figures) and a warning is logged.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DeployableApp } from 'shared-contracts';
import type { RemoteHealthStore, VersionFigures } from './health-store';
import { ReleaseError, type Releases } from './releases';

export const HEALTH_MONITOR = 'health monitor';

export interface CanaryPolicy {
  maxFailurePercent: number;
  minLoads: number;
}

export interface CanaryVerdict {
  attempts: number;
  failures: number;
  /** Whether the canary is to be aborted. */
  failing: boolean;
}

/** The policy applied to a canary's figures (exact: whole numbers compared, no rounding). */
export function judgeCanary(figures: VersionFigures, policy: CanaryPolicy): CanaryVerdict {
  const attempts = figures.loads + figures.loadFailures;
  const failures = figures.loadFailures + figures.renderErrors;
  return { attempts, failures, failing: attempts >= policy.minLoads && failures * 100 > policy.maxFailurePercent * attempts };
}

/** 60, 33.3, 12.5: a percentage for people, at most one decimal. */
export function formatPercent(value: number): string {
  return String(Math.round(value * 10) / 10);
}

export interface CanaryMonitorOptions {
  releases: Releases;
  health: RemoteHealthStore;
  policy: CanaryPolicy;
}

export class CanaryMonitor {
  constructor(private readonly options: CanaryMonitorOptions) {}

  /**
   * Judges the canary of each app in `reported` whose canary version the report named; returns the
   * apps whose canary it aborted. A canary ended meanwhile (by a person, or by this check in another
   * request or process) is left alone.
   */
  async check(reported: ReadonlyMap<DeployableApp, ReadonlySet<string>>, log: FastifyBaseLogger): Promise<DeployableApp[]> {
    const { releases, health, policy } = this.options;
    const aborted: DeployableApp[] = [];
    for (const [app, versions] of reported) {
      const canary = releases.canary(app);
      if (!canary || !versions.has(canary.version)) continue;
      const figures = await health.figures(app, canary.version, new Date(canary.since));
      const verdict = judgeCanary(figures, policy);
      if (!verdict.failing) continue;

      // The figures are the canary's that was read above: abort only if it is still the canary.
      if (releases.canary(app)?.version !== canary.version) continue;
      const rate = (verdict.failures / verdict.attempts) * 100;
      const note = `aborted automatically: ${verdict.failures} of ${verdict.attempts} loads failed (${formatPercent(rate)}% > ${policy.maxFailurePercent}%)`;
      try {
        releases.abort(app, HEALTH_MONITOR, { action: 'auto_abort', note });
      } catch (error) {
        if (error instanceof ReleaseError) {
          log.info({ app, version: canary.version, reason: error.message }, 'canary not aborted: it changed meanwhile');
          continue;
        }
        throw error;
      }
      aborted.push(app);
      log.warn(
        {
          app,
          version: canary.version,
          percent: canary.percent,
          since: canary.since,
          attempts: verdict.attempts,
          failures: verdict.failures,
          loads: figures.loads,
          loadFailures: figures.loadFailures,
          renderErrors: figures.renderErrors,
          failureReasons: figures.failureReasons,
          maxFailurePercent: policy.maxFailurePercent,
          minLoads: policy.minLoads,
        },
        `canary ${app} ${canary.version} ${note}`,
      );
    }
    return aborted;
  }
}
