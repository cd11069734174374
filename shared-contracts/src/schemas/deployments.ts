/**
 * Requests and answers of the delivery endpoints (DESIGN.md §5): the shell's health reports and the
 * admin's deployments screen with its promote, abort and rollback commands.
 */
import { z } from 'zod';
import {
  DEPLOYABLE_APPS,
  DEPLOYMENT_ACTIONS,
  REMOTE_HEALTH_EVENT_KINDS,
  REMOTE_HEALTH_MAX_EVENTS,
  REMOTE_HEALTH_MAX_RENDER_MS,
  REMOTE_LOAD_FAILURE_REASONS,
  RELEASE_VERSION_PATTERN,
} from '../deployments';

const timestamp = () => z.string().describe('ISO 8601 date-time');

export const deployableAppSchema = z.enum(DEPLOYABLE_APPS);
export const releaseVersionSchema = z.string().regex(RELEASE_VERSION_PATTERN, 'Invalid version');

// ---------- POST /api/telemetry/remote-health (the shell's beacon) ----------

export const remoteHealthEventSchema = z.strictObject({
  app: deployableAppSchema,
  version: releaseVersionSchema,
  kind: z.enum(REMOTE_HEALTH_EVENT_KINDS),
  /** load_failure only. */
  reason: z.enum(REMOTE_LOAD_FAILURE_REASONS).optional(),
  /** load only: from the route asking for the remote to the remote's first render, in ms. */
  renderMs: z.number().int().min(0).max(REMOTE_HEALTH_MAX_RENDER_MS).optional(),
});

export const remoteHealthReportSchema = z.strictObject({
  events: z.array(remoteHealthEventSchema).min(1).max(REMOTE_HEALTH_MAX_EVENTS),
});

// ---------- GET /api/admin/deployments ----------

/** Health of one version over a period. `failureRate` is (load failures + render errors) / (loads + load failures). */
export const healthFiguresSchema = z.object({
  loads: z.number().int(),
  loadFailures: z.number().int(),
  renderErrors: z.number().int(),
  failureRate: z.number().nullable().describe('0..1; null without any load attempt'),
  medianRenderMs: z.number().int().nullable().describe('median time to first render; null without loads'),
});

export const healthPointSchema = z.object({
  /** Start of the hour (UTC). */
  hour: timestamp(),
  loads: z.number().int(),
  failures: z.number().int().describe('load failures + render errors'),
});

export const deployedVersionSchema = z.object({
  version: z.string(),
  channel: z.enum(['live', 'canary', 'earlier']),
  lastHour: healthFiguresSchema,
  lastDay: healthFiguresSchema,
  /** The last 24 hours, oldest first, one point per hour. */
  hourly: z.array(healthPointSchema),
});

export const deploymentHistoryEntrySchema = z.object({
  at: timestamp(),
  action: z.enum(DEPLOYMENT_ACTIONS),
  version: z.string(),
  previousVersion: z.string().nullable(),
  /** Who or what: 'cli:<user>', 'admin:<email>', 'pipeline:<app>', 'health monitor'. */
  by: z.string(),
  note: z.string().nullable(),
});

export const appDeploymentSchema = z.object({
  app: deployableAppSchema,
  label: z.string(),
  folder: z.string(),
  live: z.object({ version: z.string(), since: timestamp().nullable() }),
  canary: z.object({ version: z.string(), percent: z.number().int().min(1).max(100), since: timestamp() }).nullable(),
  /** The version a rollback would make live, or null when there is none. */
  rollbackTo: z.string().nullable(),
  versions: z.array(deployedVersionSchema),
  /** Newest first. */
  history: z.array(deploymentHistoryEntrySchema),
});

export const deploymentsResponseSchema = z.object({
  generatedAt: timestamp(),
  canaryPolicy: z.object({
    maxFailureRate: z.number().describe('a canary above this failure rate (0..1) is aborted automatically'),
    minLoads: z.number().int().describe('once it has at least this many load attempts'),
  }),
  apps: z.array(appDeploymentSchema),
});

export const deploymentCommandParamsSchema = z.object({ app: deployableAppSchema });

export const deploymentCommandResponseSchema = z.object({ message: z.string(), app: appDeploymentSchema });

// ---------- inferred types ----------

export type RemoteHealthEvent = z.infer<typeof remoteHealthEventSchema>;
export type RemoteHealthReport = z.infer<typeof remoteHealthReportSchema>;
export type HealthFigures = z.infer<typeof healthFiguresSchema>;
export type HealthPoint = z.infer<typeof healthPointSchema>;
export type DeployedVersion = z.infer<typeof deployedVersionSchema>;
export type DeploymentHistoryEntry = z.infer<typeof deploymentHistoryEntrySchema>;
export type AppDeployment = z.infer<typeof appDeploymentSchema>;
export type DeploymentsResponse = z.infer<typeof deploymentsResponseSchema>;
export type DeploymentCommandResponse = z.infer<typeof deploymentCommandResponseSchema>;
