/**
 * `npm run bench [-- --seconds 10 --connections 10 --no-write-report]`: the API under load against the
 * production server (`node api/dist/main.js`) on the database `npm run bench:seed` filled
 * (DATABASE_URL, else PGlite in DATA_DIR, default .data/bench), side by side with two ceilings of the
 * same machine in the same run: the same server answering a constant body of the same size (HTTP and
 * JSON), and each read's SQL straight through the driver's pool (the database). Writes the table into
 * BENCHMARKS.md.
 *
 * `npm run bench -- --compare [--rounds 2]` (PostgreSQL only): instead of the ceilings, the same reads
 * and writes against the naive Express + pg baseline (naive-baseline.ts) on the same database, in turn
 * with our server (compare.ts); writes only the comparison table (api-compare section of BENCHMARKS.md).
 *
 * `--only REGEX` runs only the endpoints whose name matches (the writes are "rating upserts"), for a quick
 * look at one of them; such a partial run writes no report.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { type Kysely, sql } from 'kysely';
import { LIST_WINDOW } from 'shared-contracts';
import { buildApp } from '../src/app';
import { signToken } from '../src/auth/tokens';
import { loadConfig } from '../src/config';
import { invariantViolations } from '../src/db/invariants';
import { migrateToLatest } from '../src/db/migrate';
import { readRowCounts } from '../src/db/row-counts';
import type { DB } from '../src/db/schema';
import { BENCH_PASSWORD } from './bench-data';
import { benchTarget, openBenchDatabase } from './bench-database';
import { explain, QueryRecorder, querySteps, recordEndpointQueries, sqlCeiling } from './ceilings';
import { runComparison } from './compare';
import { type LoadRequest, type Measured, runLoad } from './load';
import { type BenchReport, type CompareReport, type ReadRow, renderCompareReport, writeCompareReport, writeReport } from './report';
import { startServer } from '../scripts/api-process';

type Actor = 'admin' | 'owner' | 'customer';

interface ReadScenario {
  name: string;
  actor: Actor;
  /** One path, or a fresh one per request (e.g. a random store). */
  path: string | (() => string);
  /** A list query: its EXPLAIN goes into the report. */
  list?: boolean;
  /** The expected answer when it is not 200 (a refused deep page). */
  status?: number;
  /** The naive baseline's expected answer (--compare), when not any 2xx. */
  baselineStatus?: number;
}

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    'no-write-report': { type: 'boolean', default: false },
    compare: { type: 'boolean', default: false },
    rounds: { type: 'string', default: '2' },
    only: { type: 'string' },
  },
});
/** --only: the endpoints to run (by name); a partial run writes no report. */
const ONLY = args.only ? new RegExp(args.only, 'i') : null;
const selected = (name: string) => !ONLY || ONLY.test(name);
const WRITES_NAME = 'rating upserts (POST /api/ratings/:storeId)';
const WRITE_REPORT = !args['no-write-report'] && !ONLY;
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
/** --compare: rounds per side and endpoint, and how long one request may take (the baseline's store list takes seconds). */
const ROUNDS = Math.max(1, Math.floor(Number(args.rounds)) || 1);
const COMPARE_TIMEOUT_SECONDS = 60;
const CEILING_SECONDS = Math.max(3, Math.round(SECONDS / 2));
/** The deepest store list page a client can open at 12 per page (LIST_WINDOW). */
const LAST_PAGE = Math.ceil(LIST_WINDOW / 12);

async function main() {
  const target = benchTarget();
  const { databaseUrl, dataDir } = target;
  if (args.compare && !databaseUrl) {
    console.error(
      '--compare needs PostgreSQL: the naive Express + pg baseline cannot open embedded PGlite. Set DATABASE_URL to the database `npm run bench:seed` filled.',
    );
    process.exit(1);
  }
  const jwtSecret = randomBytes(32).toString('hex');
  const serverEnv: Record<string, string> = {
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    DATA_DIR: dataDir,
    JWT_SECRET: jwtSecret,
    BENCH_CEILING_ROUTES: 'true',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '1000000',
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000000',
  };

  // 1. In this process: the data set's landmarks, each read's SQL, its EXPLAIN and the database ceiling.
  const recorder = new QueryRecorder();
  const database = await openBenchDatabase(target, { poolSize: CONNECTIONS, onQuery: recorder.onQuery });
  const db = database.db;
  // A database seeded by an earlier version gets the migrations the server would apply at start, timed here.
  const migrationStart = Date.now();
  const migrated = await migrateToLatest(db);
  if (migrated.length > 0)
    console.log(`Migrated the database (${migrated.join(', ')}) in ${((Date.now() - migrationStart) / 1000).toFixed(1)} s`);
  // As autovacuum keeps a database (it is off on some machines): no dead rows of earlier runs, fresh statistics.
  await sql`vacuum analyze`.execute(db);
  const counts = await readRowCounts(db);
  if (counts.stores.total === 0) throw new Error('The benchmark database is empty: run `npm run bench:seed` first.');
  const top = await db
    .selectFrom('stores')
    .innerJoin('store_figures', 'store_figures.store_id', 'stores.id')
    .select(['stores.id', 'stores.owner_id', 'store_figures.rating_count'])
    .orderBy('store_figures.rating_count', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const maxStoreId = (
    await db
      .selectFrom('stores')
      .select(sql<number>`max(id)`.as('n'))
      .executeTakeFirstOrThrow()
  ).n;
  const admin = await db
    .selectFrom('users')
    .select(['id', 'token_version'])
    .where('role', '=', 'system_admin')
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  const owner = await db.selectFrom('users').select(['id', 'token_version']).where('id', '=', top.owner_id).executeTakeFirstOrThrow();
  const customerRows = await db
    .selectFrom('users')
    .select(['id', 'email', 'token_version'])
    .where('role', '=', 'normal_user')
    .orderBy('id')
    .limit(2000)
    .execute();
  const raterOfTop = await db
    .selectFrom('ratings')
    .innerJoin('users', 'users.id', 'ratings.user_id')
    .select(['users.id', 'users.token_version'])
    .where('ratings.store_id', '=', top.id)
    .limit(1)
    .executeTakeFirstOrThrow();
  const sampledCustomers = new Set(customerRows.map((c) => c.id));
  const existingPairs = // A random sample: the table was loaded store by store, so its first rows all belong to the most-rated stores.
    (
      await db
        .selectFrom('ratings')
        .select(['user_id', 'store_id'])
        .where('user_id', 'in', [...sampledCustomers])
        .orderBy(sql`random()`)
        .limit(5000)
        .execute()
    ).filter((pair) => sampledCustomers.has(pair.user_id));
  const engineVersion = (await sql<{ v: string }>`select version() as v`.execute(db)).rows[0].v.split(' on ')[0];

  const tokenOf = (user: { id: number; token_version: number }) =>
    signToken({ userId: user.id, tokenVersion: user.token_version }, jwtSecret, 24 * 3600);
  const tokens: Record<Actor, string> = { admin: tokenOf(admin), owner: tokenOf(owner), customer: tokenOf(raterOfTop) };
  const customerTokens = new Map(customerRows.map((c) => [c.id, tokenOf(c)]));
  const randomStore = () => 1 + Math.floor(Math.random() * maxStoreId);

  const allScenarios: ReadScenario[] = [
    {
      name: 'stores: page 1 by rating desc',
      actor: 'customer',
      path: '/api/stores?page=1&limit=12&sortBy=rating&sortOrder=desc',
      list: true,
    },
    { name: 'stores: page 1 by name asc', actor: 'customer', path: '/api/stores?page=1&limit=12&sortBy=name&sortOrder=asc', list: true },
    { name: 'stores: page 1 newest', actor: 'customer', path: '/api/stores?page=1&limit=12&sortBy=created_at&sortOrder=desc', list: true },
    {
      name: 'stores: page 5000 by name (refused: beyond the window)',
      actor: 'customer',
      path: '/api/stores?page=5000&limit=12&sortBy=name&sortOrder=asc',
      status: 400,
      baselineStatus: 200, // no window there: it answers an empty page
    },
    {
      name: `stores: page ${LAST_PAGE}, the deepest, by name`,
      actor: 'customer',
      path: `/api/stores?page=${LAST_PAGE}&limit=12&sortBy=name&sortOrder=asc`,
      list: true,
    },
    {
      name: 'stores: search "ill" (3 letters)',
      actor: 'customer',
      path: '/api/stores?page=1&limit=12&sortBy=rating&sortOrder=desc&search=ill',
      list: true,
    },
    {
      name: 'stores: search "Bakery" (a word)',
      actor: 'customer',
      path: '/api/stores?page=1&limit=12&sortBy=rating&sortOrder=desc&search=Bakery',
      list: true,
    },
    {
      name: 'stores: Restaurants, 4+ stars',
      actor: 'customer',
      path: '/api/stores?page=1&limit=12&sortBy=rating&sortOrder=desc&category=Restaurants&minRating=4',
      list: true,
    },
    { name: 'store detail (random store)', actor: 'customer', path: () => `/api/stores/${randomStore()}` },
    {
      name: `store ratings (store ${top.id}, ${top.rating_count} ratings)`,
      actor: 'customer',
      path: `/api/stores/${top.id}/ratings?page=1&limit=50`,
      list: true,
    },
    { name: 'own rating of a store', actor: 'customer', path: `/api/ratings/user/${top.id}` },
    { name: `owner dashboard (store ${top.id})`, actor: 'owner', path: '/api/owner/dashboard', list: true },
    {
      name: 'admin users: by email, search "Nakamura"',
      actor: 'admin',
      path: '/api/admin/users?page=1&limit=10&sortBy=email&sortOrder=asc&search=Nakamura',
      list: true,
    },
    { name: 'admin dashboard', actor: 'admin', path: '/api/admin/dashboard' },
    { name: 'users/dashboard: admin', actor: 'admin', path: '/api/users/dashboard' },
    { name: 'users/dashboard: owner', actor: 'owner', path: '/api/users/dashboard' },
    { name: 'users/dashboard: customer', actor: 'customer', path: '/api/users/dashboard' },
  ];
  const scenarios = allScenarios.filter((s) => selected(s.name));
  const firstPath = (s: ReadScenario) => (typeof s.path === 'function' ? s.path() : s.path);

  /** POST /api/ratings/:storeId from many customers on random stores, half of them changing an existing rating: a fresh generator. */
  const customerIds = [...customerTokens.keys()];
  const ratingWrites = (): LoadRequest => {
    const writeRequest = () => {
      if (Math.random() < 0.5 && existingPairs.length) {
        const pair = existingPairs[Math.floor(Math.random() * existingPairs.length)];
        return { userId: pair.user_id, storeId: pair.store_id };
      }
      return { userId: customerIds[Math.floor(Math.random() * customerIds.length)], storeId: randomStore() };
    };
    let next = writeRequest();
    return {
      method: 'POST',
      path: () => {
        next = writeRequest();
        return `/api/ratings/${next.storeId}`;
      },
      headers: () => ({ authorization: `Bearer ${customerTokens.get(next.userId)}` }),
      body: () => JSON.stringify({ rating: 1 + Math.floor(Math.random() * 5), comment: 'Benchmark visit: quick and friendly.' }),
    };
  };
  const auth = (actor: Actor) => ({ authorization: `Bearer ${tokens[actor]}` });
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`;
  const reportCounts = {
    users: counts.users.total,
    stores: counts.stores.total,
    ratings: counts.ratings.total,
    topStoreRatings: Number(top.rating_count),
  };

  if (args.compare) {
    // No ceilings here (the normal run measures them): ours against the baseline, then the aggregates.
    const rows = await runComparison({
      databaseUrl: databaseUrl!,
      jwtSecret,
      serverEnv,
      db,
      scenarios: scenarios.map((s) => ({
        name: s.name,
        storeList: typeof s.path === 'string' && s.path.startsWith('/api/stores?'),
        path: s.path,
        headers: auth(s.actor),
        status: s.status,
        baselineStatus: s.baselineStatus,
      })),
      writes: selected(WRITES_NAME) ? ratingWrites : null,
      seconds: SECONDS,
      rounds: ROUNDS,
      connections: CONNECTIONS,
      timeoutSeconds: COMPARE_TIMEOUT_SECONDS,
    });
    const aggregates = await checkAggregates(db);
    await database.close();
    console.log(`  aggregates after the writes: ${aggregates}`);
    const report: CompareReport = {
      engineVersion,
      counts: reportCounts,
      seconds: SECONDS,
      rounds: ROUNDS,
      connections: CONNECTIONS,
      timeoutSeconds: COMPARE_TIMEOUT_SECONDS,
      machine,
      rows,
      aggregates,
    };
    console.log(`\n${renderCompareReport(report)}\n`);
    if (WRITE_REPORT) writeCompareReport(report);
    return;
  }

  console.log(`Recording each read's SQL and its database ceiling (${database.engine}, ${CEILING_SECONDS} s each)…`);
  const app = await buildApp({ config: loadConfig({ ...process.env, ...serverEnv, LOG_LEVEL: 'silent' }), database, logger: false });
  const sqlSide = new Map<string, { ceiling: Measured; plans: string[][] }>();
  for (const scenario of scenarios) {
    const queries = await recordEndpointQueries(app, recorder, firstPath(scenario), tokens[scenario.actor], scenario.status);
    const plans = scenario.list ? await explain(db, queries) : [];
    const ceiling = await sqlCeiling(db, queries, CEILING_SECONDS, CONNECTIONS);
    sqlSide.set(scenario.name, { ceiling, plans });
    console.log(
      `  ${scenario.name}: ${queries.length} queries in ${querySteps(queries).length} steps, ${ceiling.rps.toFixed(0)}/s, p99 ${ceiling.p99.toFixed(1)} ms`,
    );
  }
  await app.close(); // closes the database too: PGlite is one process's at a time

  // 2. The production server in its own process, under load.
  const server = await startServer(serverEnv);
  const rows: ReadRow[] = [];
  try {
    console.log(`Load: ${CONNECTIONS} connections, ${SECONDS} s per endpoint, ${CEILING_SECONDS} s per HTTP ceiling`);
    for (const scenario of scenarios) {
      const request = { path: scenario.path, headers: auth(scenario.actor), status: scenario.status };
      await runLoad(server.url, request, 1, CONNECTIONS); // warm-up
      const endpoint = await runLoad(server.url, request, SECONDS, CONNECTIONS);
      const sample = await fetch(server.url + firstPath(scenario), { headers: auth(scenario.actor) });
      const body = await sample.text();
      const key = `c${rows.length}`;
      await fetch(`${server.url}/api/bench/constant/${key}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body });
      const http = await runLoad(server.url, { path: `/api/bench/constant/${key}`, status: 200 }, CEILING_SECONDS, CONNECTIONS);
      const side = sqlSide.get(scenario.name)!;
      rows.push({ name: scenario.name, bytes: Buffer.byteLength(body), endpoint, http, sql: side.ceiling, plans: side.plans });
      console.log(
        `  ${scenario.name}: ${endpoint.rps.toFixed(0)}/s p50 ${endpoint.p50} ms p99 ${endpoint.p99} ms` +
          ` (HTTP ${http.rps.toFixed(0)}/s, SQL ${side.ceiling.rps.toFixed(0)}/s)${endpoint.failures ? ` FAILURES ${endpoint.failures}` : ''}`,
      );
    }

    /** Reads during a burst of sign-ins (argon2id runs on libuv's thread pool, off the event loop); not in a partial run. */
    const loginBurst = async () => {
      const readPath = scenarios[0].path;
      const emails = customerRows.map((c) => c.email);
      const [burstReads, logins] = await Promise.all([
        runLoad(server.url, { path: readPath, headers: auth('customer') }, SECONDS, CONNECTIONS),
        runLoad(
          server.url,
          {
            method: 'POST',
            path: '/api/auth/login',
            body: () =>
              JSON.stringify({ email: emails[Math.floor(Math.random() * emails.length)], password: BENCH_PASSWORD, role: 'normal_user' }),
          },
          SECONDS,
          4,
        ),
      ]);
      console.log(
        `  reads during a login burst: ${burstReads.rps.toFixed(0)}/s p99 ${burstReads.p99} ms; logins ${logins.rps.toFixed(1)}/s p99 ${logins.p99} ms`,
      );
      return { reads: burstReads, logins };
    };
    if (ONLY && !selected(WRITES_NAME)) return;
    // Writes: POST /api/ratings/:storeId from many customers, half new ratings, half changes to existing ones.
    const writes = await runLoad(server.url, ratingWrites(), SECONDS, CONNECTIONS);
    // A store owned by the writer answers 403 (owners do not rate their own stores); customers own none, so all should be 2xx.
    console.log(`  rating upserts: ${writes.rps.toFixed(0)}/s p50 ${writes.p50} ms p99 ${writes.p99} ms, failures ${writes.failures}`);

    const burst = ONLY ? null : await loginBurst();

    // 3. Exact aggregates after the writes (the server stopped first: PGlite is one process's at a time).
    await server.stop();
    const check = await openBenchDatabase(target, { poolSize: 2 });
    const aggregates = await checkAggregates(check.db);
    await check.close();
    console.log(`  aggregates after the writes: ${aggregates}`);

    const report: BenchReport = {
      engine: database.engine,
      engineVersion,
      counts: reportCounts,
      seconds: SECONDS,
      ceilingSeconds: CEILING_SECONDS,
      connections: CONNECTIONS,
      machine,
      rows,
      writes,
      burst: burst!,
      aggregates,
    };
    if (WRITE_REPORT && burst) writeReport(report);
  } finally {
    await server.stop();
  }
}

/** DESIGN.md §8's invariants over every store and rating, and the kept row counts against the tables. */
async function checkAggregates(db: Kysely<DB>): Promise<string> {
  const counted = (await sql<{ n: number }>`select count(*)::int as n from ratings`.execute(db)).rows[0].n;
  const violations = await invariantViolations(db);
  return violations.length === 0
    ? `exact (every store's count, sum and stars match its ratings; ${counted} ratings, row counts agree)`
    : `WRONG: ${violations.length} violations, e.g. ${violations.slice(0, 3).join('; ')}`;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
