/**
 * POST /api/telemetry/remote-health (DESIGN.md §5): the shell's health reports of its remotes and of
 * itself, sent with navigator.sendBeacon (a Blob of type application/json). Anyone may send one (a
 * bearer token is neither needed nor checked); the body is bounded (REMOTE_HEALTH_MAX_BODY_BYTES,
 * 413 above); valid reports are counted per client address and refused past the limit (429); events
 * naming an app version the releases do not know are dropped, and so are events about a running
 * canary from a browser it was not served to. What is left is summed into the
 * minute's rows, old minutes are pruned now and then, and each canary the report named is judged by
 * the health monitor.
 */
import { type DeployableApp, REMOTE_HEALTH_MAX_BODY_BYTES, REMOTE_HEALTH_PATH } from 'shared-contracts';
import { remoteHealthReportSchema, type RemoteHealthEvent } from 'shared-contracts/schemas';
import { z } from 'zod';
import type { AppContext, ZodApp } from '../../app-context';
import type { CounterStore } from '../../auth/counter-store';
import type { RemoteHealthSettings } from '../../config';
import { CanaryMonitor } from '../../deployments/canary-monitor';
import { RemoteHealthStore } from '../../deployments/health-store';
import type { Releases } from '../../deployments/releases';
import { inCanary, isBrowserId, ROLLOUT_COOKIE } from '../../deployments/rollout';
import { cookieValue } from '../../http/cookies';
import { ReportThrottle } from './report-throttle';

export interface TelemetryRouteOptions {
  /** The throttling counters (the same store as the sign-in throttle's). */
  counters: CounterStore;
  settings: RemoteHealthSettings;
}

/**
 * The events of versions the releases know, and per app the versions they name. An event about a
 * running canary counts only from a browser the canary was served to (its rollout cookie in the
 * canary's share), so reports made up elsewhere cannot end a canary that browsers load well.
 */
function knownEvents(events: readonly RemoteHealthEvent[], releases: Releases, browserId: string | undefined) {
  const known = new Map<DeployableApp, Set<string>>();
  const kept = events.filter((event) => {
    let versions = known.get(event.app);
    if (!versions) {
      versions = releases.knownVersions(event.app);
      known.set(event.app, versions);
    }
    if (!versions.has(event.version)) return false;
    const canary = releases.canary(event.app);
    if (canary?.version !== event.version) return true;
    return isBrowserId(browserId) && inCanary(browserId, event.app, canary);
  });
  const reported = new Map<DeployableApp, Set<string>>();
  for (const event of kept) reported.set(event.app, (reported.get(event.app) ?? new Set<string>()).add(event.version));
  return { kept, reported };
}

export function registerTelemetryRoutes(app: ZodApp, { db, releases }: AppContext, { counters, settings }: TelemetryRouteOptions): void {
  const health = new RemoteHealthStore(db, { retentionDays: settings.retentionDays });
  const monitor = new CanaryMonitor({
    releases,
    health,
    policy: { maxFailurePercent: settings.canaryMaxFailurePercent, minLoads: settings.canaryMinLoads },
  });
  const throttle = new ReportThrottle(counters, settings.reportsPerMinute);

  app.post(
    REMOTE_HEALTH_PATH,
    {
      bodyLimit: REMOTE_HEALTH_MAX_BODY_BYTES,
      schema: {
        tags: ['telemetry'],
        summary:
          "The shell's health report of its remotes: loads (with the time to first render), load failures and render errors per app and version",
        body: remoteHealthReportSchema,
        response: { 204: z.null().describe('Stored (events of versions the releases do not know are dropped)') },
      },
    },
    async (request, reply) => {
      await throttle.count(request.ip);
      const { kept, reported } = knownEvents(request.body.events, releases, cookieValue(request.headers.cookie, ROLLOUT_COOKIE));
      if (kept.length > 0) {
        await health.record(kept);
        try {
          await monitor.check(reported, request.log);
        } catch (error) {
          // The report is stored; the next one has the canaries checked again.
          request.log.error({ err: error }, 'the health monitor could not check the canaries');
        }
      }
      try {
        const pruned = await health.pruneIfDue();
        if (pruned) request.log.info({ pruned, retentionDays: settings.retentionDays }, 'pruned old remote health minutes');
      } catch (error) {
        request.log.warn({ err: error }, 'could not prune old remote health minutes');
      }
      return reply.code(204).send(null);
    },
  );
}
