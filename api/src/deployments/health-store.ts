/**
 * Remote health in the database (DESIGN.md §5; table remote_health, migration 0004): the shell's
 * reports summed per UTC minute, app and version; the figures of a version over a period (counts,
 * failure rate, median time to first render); its hourly points over the last day; and the pruning
 * of minutes older than the retention. Used by the health reports' endpoint (which records, prunes
 * and has canaries checked) and by the admin's deployments screen (which reads).
 */
import { type Kysely, sql } from 'kysely';
import type { RemoteLoadFailureReason } from 'shared-contracts';
import type { HealthFigures, HealthPoint, RemoteHealthEvent } from 'shared-contracts/schemas';
import type { DB, RemoteHealthTable } from '../db/schema';

/**
 * Upper bounds (ms, inclusive) of the time-to-first-render bins, log-scale (about ×1.5 a step) from
 * 10 ms to REMOTE_HEALTH_MAX_RENDER_MS (120 s): bin 0 is 0..10 ms, bin i is (bound[i-1], bound[i]].
 * A stored row has one count per bin; migration 0004 pins their number (25), so another layout needs
 * a migration of its own.
 */
export const RENDER_MS_BIN_BOUNDS: readonly number[] = [
  10, 15, 20, 30, 50, 75, 100, 150, 200, 300, 500, 750, 1_000, 1_500, 2_000, 3_000, 5_000, 7_500, 10_000, 15_000, 20_000, 30_000, 50_000,
  75_000, 120_000,
];

/** How often the ingest path prunes (per process): no timer, so nothing keeps a stopping process alive. */
export const PRUNE_EVERY_MS = 10 * 60_000;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** Hourly points of the last day: the current hour and the 23 before it. */
export const HOURLY_POINTS = 24;

type FailureColumn = 'failed_timeout' | 'failed_not_found' | 'failed_server_error' | 'failed_network' | 'failed_other';

const FAILURE_COLUMNS: Readonly<Record<RemoteLoadFailureReason, FailureColumn>> = {
  timeout: 'failed_timeout',
  not_found: 'failed_not_found',
  server_error: 'failed_server_error',
  network: 'failed_network',
  other: 'failed_other',
};

/** The figures of a version over a period, with the load failures by reason (for the logs). */
export interface VersionFigures extends HealthFigures {
  failureReasons: Record<RemoteLoadFailureReason, number>;
}

/** A version's health as the deployments screen shows it. */
export interface VersionHealth {
  lastHour: VersionFigures;
  lastDay: VersionFigures;
  /** HOURLY_POINTS points, oldest first, hours without reports at zero. */
  hourly: HealthPoint[];
}

export interface HealthOverview {
  /** The health of one version (all zero when it reported nothing). */
  of(app: string, version: string): VersionHealth;
  /** The versions of `app` with reports in the last day, the most recently reported first. */
  reported(app: string): string[];
}

/** Which rows a read covers: every app and version, one app, or one version of one app. */
export interface HealthFilter {
  app?: string;
  version?: string;
}

export interface RemoteHealthStoreOptions {
  /** Minutes older than this many days are deleted by `prune`. */
  retentionDays: number;
}

const floorTo = (time: number, unit: number) => Math.floor(time / unit) * unit;
const keyOf = (app: string, version: string) => `${app}\u0000${version}`;

/** The bin of a time to first render (a time past the last bound counts in the last bin). */
export function renderBinOf(renderMs: number): number {
  const bin = RENDER_MS_BIN_BOUNDS.findIndex((bound) => renderMs <= bound);
  return bin === -1 ? RENDER_MS_BIN_BOUNDS.length - 1 : bin;
}

/**
 * The median time to first render from summed bins: the bin holding the middle load, interpolated
 * linearly inside it (its loads taken as spread evenly between its lower and upper bound), rounded to
 * a whole millisecond. So 3 loads in the 100–150 ms bin give 125; an exact median is not kept, and the
 * estimate is at most one bin's width (about a third of the value) off. null without any timed load.
 */
export function medianFromBins(bins: readonly number[]): number | null {
  const total = bins.reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const middle = total / 2;
  let before = 0;
  for (let bin = 0; bin < bins.length; bin += 1) {
    const n = bins[bin]!;
    if (n > 0 && before + n >= middle) {
      const lower = bin === 0 ? 0 : RENDER_MS_BIN_BOUNDS[bin - 1]!;
      const upper = RENDER_MS_BIN_BOUNDS[bin]!;
      return Math.round(lower + ((upper - lower) * (middle - before)) / n);
    }
    before += n;
  }
  return null;
}

interface Counts {
  loads: number;
  loadFailures: number;
  renderErrors: number;
  failureReasons: Record<RemoteLoadFailureReason, number>;
}

const noCounts = (): Counts => ({
  loads: 0,
  loadFailures: 0,
  renderErrors: 0,
  failureReasons: { timeout: 0, not_found: 0, server_error: 0, network: 0, other: 0 },
});

/** failureRate = (load failures + render errors) / (loads + load failures), null without any attempt. */
function figuresOf(counts: Counts, bins: readonly number[]): VersionFigures {
  const attempts = counts.loads + counts.loadFailures;
  return {
    loads: counts.loads,
    loadFailures: counts.loadFailures,
    renderErrors: counts.renderErrors,
    failureRate: attempts === 0 ? null : (counts.loadFailures + counts.renderErrors) / attempts,
    medianRenderMs: medianFromBins(bins),
    failureReasons: counts.failureReasons,
  };
}

const emptyBins = () => RENDER_MS_BIN_BOUNDS.map(() => 0);

type NewRow = Omit<RemoteHealthTable, 'bucket'> & { bucket: Date };

export class RemoteHealthStore {
  private lastPrunedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly options: RemoteHealthStoreOptions,
  ) {}

  /**
   * Adds a report's events to the minute of `at`: one row per app and version, written by one
   * statement (an upsert adding the counts and the bins element by element).
   */
  async record(events: readonly RemoteHealthEvent[], at: Date = new Date()): Promise<void> {
    const bucket = new Date(floorTo(at.getTime(), MINUTE_MS));
    const rows = new Map<string, NewRow>();
    for (const event of events) {
      const key = keyOf(event.app, event.version);
      let row = rows.get(key);
      if (!row) {
        row = {
          bucket,
          app: event.app,
          version: event.version,
          loads: 0,
          load_failures: 0,
          render_errors: 0,
          failed_timeout: 0,
          failed_not_found: 0,
          failed_server_error: 0,
          failed_network: 0,
          failed_other: 0,
          render_ms_bins: emptyBins(),
        };
        rows.set(key, row);
      }
      if (event.kind === 'load') {
        row.loads += 1;
        if (event.renderMs !== undefined) row.render_ms_bins[renderBinOf(event.renderMs)]! += 1;
      } else if (event.kind === 'load_failure') {
        row.load_failures += 1;
        row[FAILURE_COLUMNS[event.reason ?? 'other']] += 1;
      } else {
        row.render_errors += 1;
      }
    }
    if (rows.size === 0) return;

    const added = (column: Exclude<keyof RemoteHealthTable, 'bucket' | 'app' | 'version' | 'render_ms_bins'>) =>
      sql<number>`${sql.ref(`remote_health.${column}`)} + ${sql.ref(`excluded.${column}`)}`;
    await this.db
      .insertInto('remote_health')
      .values([...rows.values()])
      .onConflict((conflict) =>
        conflict.columns(['bucket', 'app', 'version']).doUpdateSet({
          loads: added('loads'),
          load_failures: added('load_failures'),
          render_errors: added('render_errors'),
          failed_timeout: added('failed_timeout'),
          failed_not_found: added('failed_not_found'),
          failed_server_error: added('failed_server_error'),
          failed_network: added('failed_network'),
          failed_other: added('failed_other'),
          render_ms_bins: sql<number[]>`array(
            select a + b from unnest(remote_health.render_ms_bins, excluded.render_ms_bins) with ordinality as t(a, b, i) order by i)`,
        }),
      )
      .execute();
  }

  /** The figures of one version from the minute holding `since` on. */
  async figures(app: string, version: string, since: Date): Promise<VersionFigures> {
    const found = await this.figuresByVersion(since, { app, version });
    return found.get(keyOf(app, version))?.figures ?? figuresOf(noCounts(), []);
  }

  /**
   * Every version's health with reports in the last day (of one app with `app`): its last hour (the
   * 60 minutes up to now, the current one included), its last day (the span of the hourly points:
   * the current hour and the 23 before it, so the points add up to it) and the hourly points.
   */
  async overview(now: Date = new Date(), app?: string): Promise<HealthOverview> {
    const hourStart = new Date(floorTo(now.getTime(), MINUTE_MS) - 59 * MINUTE_MS);
    const filter = app === undefined ? {} : { app };
    const [lastDay, lastHour, hourly] = await Promise.all([
      this.figuresByVersion(firstHour(now), filter),
      this.figuresByVersion(hourStart, filter),
      this.hourlyByVersion(now, filter),
    ]);
    const none = figuresOf(noCounts(), []);
    const byRecency = [...lastDay.values()].sort((a, b) => b.lastBucket.getTime() - a.lastBucket.getTime());
    return {
      of: (ofApp, version) => {
        const key = keyOf(ofApp, version);
        return {
          lastHour: lastHour.get(key)?.figures ?? none,
          lastDay: lastDay.get(key)?.figures ?? none,
          hourly: hourly.get(key) ?? zeroHours(now),
        };
      },
      reported: (ofApp) => byRecency.filter((entry) => entry.app === ofApp).map((entry) => entry.version),
    };
  }

  /** Deletes the minutes older than the retention; returns how many rows went. */
  async prune(now: Date = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - this.options.retentionDays * DAY_MS);
    const result = await this.db.deleteFrom('remote_health').where('bucket', '<', cutoff).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Prunes when this store last did PRUNE_EVERY_MS ago or more (or never); null when it was not due. */
  async pruneIfDue(now: Date = new Date()): Promise<number | null> {
    if (now.getTime() - this.lastPrunedAt < PRUNE_EVERY_MS) return null;
    this.lastPrunedAt = now.getTime();
    return this.prune(now);
  }

  /** Summed counts and bins per app and version, from the minute holding `since` on. */
  private async figuresByVersion(
    since: Date,
    filter: HealthFilter,
  ): Promise<Map<string, { app: string; version: string; lastBucket: Date; figures: VersionFigures }>> {
    const from = new Date(floorTo(since.getTime(), MINUTE_MS));
    let counts = this.db
      .selectFrom('remote_health')
      .select((eb) => [
        'app',
        'version',
        eb.fn.sum<number>('loads').as('loads'),
        eb.fn.sum<number>('load_failures').as('load_failures'),
        eb.fn.sum<number>('render_errors').as('render_errors'),
        eb.fn.sum<number>('failed_timeout').as('failed_timeout'),
        eb.fn.sum<number>('failed_not_found').as('failed_not_found'),
        eb.fn.sum<number>('failed_server_error').as('failed_server_error'),
        eb.fn.sum<number>('failed_network').as('failed_network'),
        eb.fn.sum<number>('failed_other').as('failed_other'),
        eb.fn.max('bucket').as('last_bucket'),
      ])
      .where('bucket', '>=', from)
      .groupBy(['app', 'version']);
    if (filter.app !== undefined) counts = counts.where('app', '=', filter.app);
    if (filter.version !== undefined) counts = counts.where('version', '=', filter.version);

    const [countRows, binRows] = await Promise.all([
      counts.execute(),
      sql<{ app: string; version: string; bin: number; n: number }>`
        select h.app, h.version, b.bin, sum(b.n) as n
        from remote_health h cross join lateral unnest(h.render_ms_bins) with ordinality as b(n, bin)
        where h.bucket >= ${from} and b.n > 0
          ${filter.app !== undefined ? sql`and h.app = ${filter.app}` : sql``}
          ${filter.version !== undefined ? sql`and h.version = ${filter.version}` : sql``}
        group by h.app, h.version, b.bin`.execute(this.db),
    ]);

    const bins = new Map<string, number[]>();
    for (const row of binRows.rows) {
      const key = keyOf(row.app, row.version);
      const list = bins.get(key) ?? emptyBins();
      list[Number(row.bin) - 1] = Number(row.n);
      bins.set(key, list);
    }
    const found = new Map<string, { app: string; version: string; lastBucket: Date; figures: VersionFigures }>();
    for (const row of countRows) {
      const key = keyOf(row.app, row.version);
      const counts: Counts = {
        loads: Number(row.loads),
        loadFailures: Number(row.load_failures),
        renderErrors: Number(row.render_errors),
        failureReasons: {
          timeout: Number(row.failed_timeout),
          not_found: Number(row.failed_not_found),
          server_error: Number(row.failed_server_error),
          network: Number(row.failed_network),
          other: Number(row.failed_other),
        },
      };
      found.set(key, {
        app: row.app,
        version: row.version,
        lastBucket: new Date(row.last_bucket),
        figures: figuresOf(counts, bins.get(key) ?? []),
      });
    }
    return found;
  }

  /** Per app and version: HOURLY_POINTS hourly points ending with the current hour, zero-filled. */
  private async hourlyByVersion(now: Date, filter: HealthFilter): Promise<Map<string, HealthPoint[]>> {
    const first = firstHour(now);
    // Hours counted from the epoch, so the grouping does not depend on the session's time zone.
    const { rows } = await sql<{ app: string; version: string; hour: number; loads: number; failures: number }>`
      select app, version, floor(extract(epoch from bucket) / 3600)::bigint as hour,
        sum(loads) as loads, sum(load_failures + render_errors) as failures
      from remote_health
      where bucket >= ${first}
        ${filter.app !== undefined ? sql`and app = ${filter.app}` : sql``}
        ${filter.version !== undefined ? sql`and version = ${filter.version}` : sql``}
      group by 1, 2, 3`.execute(this.db);
    const found = new Map<string, HealthPoint[]>();
    for (const row of rows) {
      const key = keyOf(row.app, row.version);
      const points = found.get(key) ?? zeroHours(now);
      const index = (Number(row.hour) * HOUR_MS - first.getTime()) / HOUR_MS;
      const point = points[index];
      if (point) {
        point.loads = Number(row.loads);
        point.failures = Number(row.failures);
      }
      found.set(key, points);
    }
    return found;
  }
}

/** The start of the oldest hourly point: the hour 23 hours before the current one. */
function firstHour(now: Date): Date {
  return new Date(floorTo(now.getTime(), HOUR_MS) - (HOURLY_POINTS - 1) * HOUR_MS);
}

function zeroHours(now: Date): HealthPoint[] {
  const first = firstHour(now).getTime();
  return Array.from({ length: HOURLY_POINTS }, (_, i) => ({ hour: new Date(first + i * HOUR_MS).toISOString(), loads: 0, failures: 0 }));
}
