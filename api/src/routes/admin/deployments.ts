/**
 * The admin's deployments screen (DESIGN.md §5): GET /api/admin/deployments, every deployable app
 * (the shell, then each remote) with its live version, canary, the version a rollback would bring
 * back, each version's health over the last hour and day with hourly points, and its release
 * history; and POST /api/admin/deployments/:app/(promote|abort|rollback), which does what the release
 * commands do, through the same compatibility gate. A refusal of the gate is 409 with each problem
 * as a field error; nothing to promote, abort or roll back is 409 with the reason.
 */
import {
  APP_FOLDERS,
  APP_LABELS,
  BUILT_IN_VERSION,
  DEPLOYABLE_APPS,
  type DeployableApp,
  DEPLOYMENT_COMMANDS,
  type DeploymentCommand,
} from 'shared-contracts';
import {
  type AppDeployment,
  deploymentCommandParamsSchema,
  deploymentCommandResponseSchema,
  deploymentsResponseSchema,
  type DeployedVersion,
} from 'shared-contracts/schemas';
import { z } from 'zod';
import type { AppContext, ZodApp } from '../../app-context';
import { currentUser } from '../../auth/guards';
import type { RemoteHealthSettings } from '../../config';
import { type HealthOverview, RemoteHealthStore, type VersionFigures } from '../../deployments/health-store';
import { type ChangeResult, GateError, ReleaseError, type Releases } from '../../deployments/releases';
import type { DeploymentState } from '../../deployments/state-file';
import { ApiError } from '../../http/errors';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];

/** The release history shown per app, newest first. */
export const HISTORY_SHOWN = 20;
export const GATE_REFUSED = 'The compatibility gate refused this release';

const commandParamsSchema = deploymentCommandParamsSchema.extend({ command: z.enum(DEPLOYMENT_COMMANDS) });

/** The figures as the contract has them (the failure reasons are for the logs). */
const publicFigures = ({ loads, loadFailures, renderErrors, failureRate, medianRenderMs }: VersionFigures) => ({
  loads,
  loadFailures,
  renderErrors,
  failureRate,
  medianRenderMs,
});

/** One app as the deployments screen shows it, from one reading of the releases' state: its releases and its versions' health. */
function describeApp(app: DeployableApp, releases: Releases, state: DeploymentState, health: HealthOverview): AppDeployment {
  const own = releases.appState(app, state);
  const live = own.live?.version ?? BUILT_IN_VERSION;
  const versionOf = (version: string, channel: DeployedVersion['channel']): DeployedVersion => {
    const { lastHour, lastDay, hourly } = health.of(app, version);
    return { version, channel, lastHour: publicFigures(lastHour), lastDay: publicFigures(lastDay), hourly };
  };
  const current = new Set([live, ...(own.canary ? [own.canary.version] : [])]);
  return {
    app,
    label: APP_LABELS[app],
    folder: APP_FOLDERS[app],
    live: { version: live, since: own.live?.since ?? null },
    canary: own.canary ? { version: own.canary.version, percent: own.canary.percent, since: own.canary.since } : null,
    // What Releases.rollback brings back: the most recent of the earlier live versions.
    rollbackTo: own.previous.at(-1)?.version ?? null,
    versions: [
      versionOf(live, 'live'),
      ...(own.canary ? [versionOf(own.canary.version, 'canary')] : []),
      ...health
        .reported(app)
        .filter((version) => !current.has(version))
        .map((version) => versionOf(version, 'earlier')),
    ],
    history: state.history
      .filter((entry) => entry.app === app)
      .slice(-HISTORY_SHOWN)
      .reverse()
      .map(({ at, action, version, previousVersion, by, note }) => ({ at, action, version, previousVersion, by, note })),
  };
}

function runCommand(releases: Releases, app: DeployableApp, command: DeploymentCommand, by: string): ChangeResult {
  try {
    if (command === 'promote') return releases.promote(app, by);
    if (command === 'abort') return releases.abort(app, by);
    return releases.rollback(app, by);
  } catch (error) {
    if (error instanceof GateError) {
      throw new ApiError(409, GATE_REFUSED, {
        errors: error.problems.map((problem) => ({ field: problem.subject, message: problem.message })),
      });
    }
    if (error instanceof ReleaseError) throw new ApiError(409, error.message);
    throw error;
  }
}

export function registerAdminDeploymentRoutes(app: ZodApp, { db, guards, releases }: AppContext, settings: RemoteHealthSettings): void {
  const adminOnly = guards.withRole('system_admin');
  const health = new RemoteHealthStore(db, { retentionDays: settings.retentionDays });

  app.get(
    '/api/admin/deployments',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary:
          'Every app (the shell and each remote): live version, canary, rollback target, health per version over the last hour and day, release history',
        response: { 200: deploymentsResponseSchema },
      },
    },
    async () => {
      const now = new Date();
      const overview = await health.overview(now);
      const state = releases.state();
      return {
        generatedAt: now.toISOString(),
        canaryPolicy: { maxFailureRate: settings.canaryMaxFailurePercent / 100, minLoads: settings.canaryMinLoads },
        apps: DEPLOYABLE_APPS.map((deployable) => describeApp(deployable, releases, state, overview)),
      };
    },
  );

  app.post(
    '/api/admin/deployments/:app/:command',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary:
          "promote (the canary for everyone), abort (end the canary) or rollback (the version live before) an app's delivery, through the compatibility gate",
        params: commandParamsSchema,
        response: { 200: deploymentCommandResponseSchema },
      },
    },
    async (request) => {
      const { app: target, command } = request.params;
      const by = `admin:${currentUser(request).email}`;
      const result = runCommand(releases, target, command, by);
      request.log.info({ app: target, command, version: result.version, previous: result.previous, by }, 'deployment changed by an admin');
      const overview = await health.overview(new Date(), target);
      return { message: result.message, app: describeApp(target, releases, releases.state(), overview) };
    },
  );
}
