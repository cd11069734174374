/**
 * Remote health (issue 13, DESIGN.md §5): what the shell reports of each remote (and of itself), per
 * app and version, summed into one row per UTC minute (`bucket`), so a busy site writes one row per
 * version a minute whatever its traffic, and the figures of an hour or a day are a sum over at most
 * 60 or 1,440 rows per version.
 *
 * - loads, load_failures, render_errors: the counts of each kind of event;
 * - failed_<reason>: the load failures by reason (they add up to load_failures);
 * - render_ms_bins: how many loads took each range of time to first render, one element per bin of
 *   RENDER_MS_BIN_BOUNDS (deployments/health-store.ts): 25 bins, log-scale upper bounds from 10 ms to
 *   120 s. The median is read from the summed bins. The check pins the bin count: bins of another
 *   layout need a migration of their own (they would mean something else).
 *
 * The primary key leads with the bucket, so pruning (`where bucket < …`) is a range scan of it; the
 * second index serves the reads, which are per app and version over recent buckets.
 * The statements are written out here, not generated: a released migration never changes.
 */
export const statements = [
  `create table remote_health (
    bucket timestamptz not null,
    app text not null,
    version text not null,
    loads integer not null default 0,
    load_failures integer not null default 0,
    render_errors integer not null default 0,
    failed_timeout integer not null default 0,
    failed_not_found integer not null default 0,
    failed_server_error integer not null default 0,
    failed_network integer not null default 0,
    failed_other integer not null default 0,
    render_ms_bins integer[] not null,
    primary key (bucket, app, version),
    constraint remote_health_bins_check check (cardinality(render_ms_bins) = 25)
  )`,
  `create index remote_health_version_bucket_idx on remote_health (app, version, bucket)`,
];
