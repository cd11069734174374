/**
 * `npm run bench:seed -- --stores 100000 --ratings 1000000 --users 200000 [--reset]`: fills a
 * database for the benchmark through the same migrations as the server, in minutes: bulk inserts
 * (unnest of column arrays), the triggers off and the secondary indexes dropped while loading, then
 * the owners' replies and the helpful votes (with each rating's helpful_count) added in one statement
 * each, the store figures and row counts computed in one pass each, the indexes rebuilt, VACUUM ANALYZE.
 *
 * The database: see bench-database.ts. Every account's password is BENCH_PASSWORD.
 */
import { parseArgs } from 'node:util';
import { type Kysely, sql } from 'kysely';
import { cityFromAddress, emailKey } from 'shared-contracts';
import { hashPassword } from '../src/auth/passwords';
import { migrateToLatest } from '../src/db/migrate';
import { rebuildRowCounts } from '../src/db/row-counts';
import type { DB } from '../src/db/schema';
import { BENCH_PASSWORD, type BenchSize, generator, layout } from './bench-data';
import { benchTarget, openBenchDatabase } from './bench-database';

const BATCH = 20_000;

function progress(label: string, done: number, total: number, started: number) {
  const seconds = (Date.now() - started) / 1000;
  process.stdout.write(`\r  ${label}: ${done.toLocaleString('en')} / ${total.toLocaleString('en')} (${seconds.toFixed(1)} s)   `);
  if (done >= total) process.stdout.write('\n');
}

/** Inserts rows column-wise: one `insert … select from unnest(…)` per batch. */
async function insertColumns(
  db: Kysely<DB>,
  table: string,
  columns: Array<[name: string, type: string]>,
  rows: Array<Record<string, unknown>>,
) {
  const arrays = columns.map(([name, type]) => sql`${rows.map((r) => r[name] ?? null)}::${sql.raw(type)}[]`);
  await sql`insert into ${sql.table(table)} (${sql.join(columns.map(([name]) => sql.id(name)))}) select * from unnest(${sql.join(arrays)})`.execute(
    db,
  );
}

async function load<T extends Record<string, unknown>>(
  db: Kysely<DB>,
  label: string,
  table: string,
  columns: Array<[string, string]>,
  total: number,
  rows: Iterable<T>,
) {
  const started = Date.now();
  let batch: T[] = [];
  let done = 0;
  for (const row of rows) {
    batch.push(row);
    if (batch.length === BATCH) {
      await insertColumns(db, table, columns, batch);
      done += batch.length;
      batch = [];
      progress(label, done, total, started);
    }
  }
  if (batch.length) {
    await insertColumns(db, table, columns, batch);
    progress(label, done + batch.length, total, started);
  }
}

/** The plain (non-constraint) indexes of the three tables and the store figures, to drop before loading and rebuild after. */
async function secondaryIndexes(db: Kysely<DB>): Promise<Array<{ name: string; definition: string }>> {
  const { rows } = await sql<{ name: string; definition: string }>`
    select i.indexname as name, i.indexdef as definition
    from pg_indexes i
    where i.schemaname = current_schema() and i.tablename in ('users', 'stores', 'ratings', 'store_figures')
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname and c.connamespace = current_schema()::regnamespace)
    order by i.indexname`.execute(db);
  return rows;
}

/** Tables whose triggers are off while seeding (their kept figures are written in bulk instead). */
const TRIGGERED_TABLES = ['users', 'stores', 'ratings', 'rating_votes'] as const;
/** The owner answers every 8th rating; every 4th gets helpful votes. */
const REPLY_EVERY = 8;
const VOTED_EVERY = 4;
const BENCH_REPLY = 'Thank you for the visit and the kind words: we hope to see you again soon.';

export async function seedBenchData(db: Kysely<DB>, size: BenchSize, options: { reset: boolean; now?: Date }) {
  const { rows: existing } = await sql<{ n: number }>`select count(*)::int as n from users`.execute(db);
  if (Number(existing[0].n) > 0) {
    if (!options.reset) throw new Error('The database already holds data: pass --reset to empty it first.');
    await sql`truncate ratings, stores, users restart identity cascade`.execute(db);
  }
  const now = options.now ?? new Date();
  const gen = generator(size, now);
  const { customers, firstCustomerId } = layout(size);
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const started = Date.now();

  const indexes = await secondaryIndexes(db);
  for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(db);
  for (const table of TRIGGERED_TABLES) await sql`alter table ${sql.table(table)} disable trigger user`.execute(db);

  await load(
    db,
    'users',
    'users',
    [
      ['id', 'int'],
      ['name', 'text'],
      ['email', 'text'],
      ['email_key', 'text'],
      ['address', 'text'],
      ['password_hash', 'text'],
      ['role', 'text'],
      ['created_at', 'timestamptz'],
      ['updated_at', 'timestamptz'],
    ],
    size.users,
    (function* () {
      for (let id = 1; id <= size.users; id++) {
        const u = gen.user(id);
        yield {
          ...u,
          email_key: emailKey(u.email),
          password_hash: passwordHash,
          created_at: u.created_at.toISOString(),
          updated_at: u.created_at.toISOString(),
        };
      }
    })(),
  );

  const counts = gen.ratingCounts();
  const stores: Array<{ id: number; quality: number; createdDaysAgo: number }> = [];
  await load(
    db,
    'stores',
    'stores',
    [
      ['id', 'int'],
      ['name', 'text'],
      ['address', 'text'],
      ['phone', 'text'],
      ['email', 'text'],
      ['owner_id', 'int'],
      ['category', 'text'],
      ['city', 'text'],
      ['created_at', 'timestamptz'],
      ['updated_at', 'timestamptz'],
    ],
    size.stores,
    (function* () {
      for (let id = 1; id <= size.stores; id++) {
        const s = gen.store(id);
        stores.push({ id, quality: s.quality, createdDaysAgo: s.createdDaysAgo });
        yield { ...s, city: cityFromAddress(s.address), created_at: s.created_at.toISOString(), updated_at: s.created_at.toISOString() };
      }
    })(),
  );

  await load(
    db,
    `ratings (most-rated store: ${counts[1].toLocaleString('en')}, of ${customers.toLocaleString('en')} customers)`,
    'ratings',
    [
      ['user_id', 'int'],
      ['store_id', 'int'],
      ['rating', 'smallint'],
      ['comment', 'text'],
      ['created_at', 'timestamptz'],
      ['updated_at', 'timestamptz'],
    ],
    size.ratings,
    (function* () {
      for (const s of stores) {
        for (const r of gen.ratingsOf(s, counts[s.id]))
          yield { ...r, created_at: r.created_at.toISOString(), updated_at: r.created_at.toISOString() };
      }
    })(),
  );

  const step = async (label: string, work: () => Promise<unknown>) => {
    const t = Date.now();
    process.stdout.write(`  ${label}…`);
    await work();
    process.stdout.write(` ${((Date.now() - t) / 1000).toFixed(1)} s\n`);
  };
  await step('store figures', () =>
    sql`insert into store_figures (store_id, category, rating_count, rating_sum, rating_1, rating_2, rating_3, rating_4, rating_5)
        select s.id, s.category, coalesce(r.n, 0), coalesce(r.total, 0),
               coalesce(r.r1, 0), coalesce(r.r2, 0), coalesce(r.r3, 0), coalesce(r.r4, 0), coalesce(r.r5, 0)
        from stores s left join (select store_id, count(*) as n, sum(rating) as total,
                count(*) filter (where rating = 1) as r1, count(*) filter (where rating = 2) as r2,
                count(*) filter (where rating = 3) as r3, count(*) filter (where rating = 4) as r4,
                count(*) filter (where rating = 5) as r5
              from ratings group by store_id) r on r.store_id = s.id`.execute(db),
  );
  // What the store page reads beside the ratings (issue 18): the owner's reply to every REPLY_EVERY-th
  // rating, and 1-3 "Helpful" votes from other customers on every VOTED_EVERY-th rating, with each
  // rating's kept helpful_count set to match (the votes' trigger is off while seeding).
  await step('replies and helpful votes', async () => {
    await sql`insert into rating_replies (rating_id, author_id, body, created_at, updated_at)
        select r.id, s.owner_id, ${BENCH_REPLY}, r.created_at + interval '1 day', r.created_at + interval '1 day'
        from ratings r join stores s on s.id = r.store_id
        where r.id % ${REPLY_EVERY} = 0`.execute(db);
    await sql`insert into rating_votes (rating_id, user_id, created_at)
        select v.rating_id, v.voter, v.created_at
        from (select r.id as rating_id, r.user_id as author, r.created_at + interval '2 days' as created_at,
                     ${firstCustomerId} + (r.user_id - ${firstCustomerId} + k * 7919) % ${customers} as voter
              from ratings r cross join generate_series(1, 1 + r.id % 3) k
              where r.id % ${VOTED_EVERY} = 0) v
        where v.voter <> v.author
        on conflict do nothing`.execute(db);
    await sql`update ratings set helpful_count = v.n
        from (select rating_id, count(*)::int as n from rating_votes group by rating_id) v
        where ratings.id = v.rating_id`.execute(db);
  });
  await step('row counts', () => rebuildRowCounts(db));
  for (const table of ['users', 'stores', 'ratings']) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select coalesce(max(id), 1) from ${sql.table(table)}))`.execute(db);
  }
  for (const table of TRIGGERED_TABLES) await sql`alter table ${sql.table(table)} enable trigger user`.execute(db);
  await step(`${indexes.length} indexes`, async () => {
    for (const index of indexes) await sql.raw(index.definition).execute(db);
  });
  await step('vacuum analyze', () => sql`vacuum analyze`.execute(db));
  console.log(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function main() {
  const { values } = parseArgs({
    options: {
      stores: { type: 'string', default: '10000' },
      ratings: { type: 'string', default: '100000' },
      users: { type: 'string', default: '20000' },
      reset: { type: 'boolean', default: false },
    },
  });
  const size: BenchSize = { stores: Number(values.stores), ratings: Number(values.ratings), users: Number(values.users) };
  for (const [name, value] of Object.entries(size)) {
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive whole number`);
  }
  const database = await openBenchDatabase(benchTarget(), { poolSize: 4 });
  try {
    console.log(
      `Seeding ${database.engine}: ${size.users.toLocaleString('en')} users, ${size.stores.toLocaleString('en')} stores, ${size.ratings.toLocaleString('en')} ratings`,
    );
    await migrateToLatest(database.db);
    await seedBenchData(database.db, size, { reset: values.reset });
  } finally {
    await database.close();
  }
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
