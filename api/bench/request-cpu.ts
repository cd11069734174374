/**
 * `npm run bench:request-cpu [-- --rounds 7 --ms 500]`: two parts of a request's CPU work outside the
 * database, each side by side with what it replaced, in alternating rounds in one process (no server,
 * no database: only the JavaScript). Prints medians per second and their ratio.
 *
 * - Writing the answer: the compiled serialiser (http/response-serializer.ts) against zod's encoder and
 *   JSON.stringify (fastify-type-provider-zod's serializerCompiler), for a store list page (12 stores),
 *   a store's ratings page (12 ratings) and one store.
 * - The SQL: Kysely building and compiling a route's query on every request against compiledOnce
 *   (db/compiled-once.ts), for store detail, a store's ratings and the store list searched by rating
 *   (its page and its count), run through a driver that answers at once with no rows.
 */
import { parseArgs } from 'node:util';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { type Compilable, DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { storeDetailResponseSchema, storeListResponseSchema, storeRatingsResponseSchema } from 'shared-contracts/schemas';
import type { z } from 'zod';
import { compiledOnce } from '../src/db/compiled-once';
import type { DB } from '../src/db/schema';
import { compiledSerializerCompiler } from '../src/http/response-serializer';
import { storeWithDistribution, storeWithDistributionQuery } from '../src/routes/stores/queries';
import { countQuery, type ListParams, pageQuery, type Shape } from '../src/routes/stores/store-list';
import { NEWEST_FIRST, type RatingsParams, storeRatingsPageQuery } from '../src/routes/stores/store-ratings';

import { median } from './report';

const { values: args } = parseArgs({ options: { rounds: { type: 'string', default: '7' }, ms: { type: 'string', default: '500' } } });
const rounds = Number(args.rounds);
const roundMs = Number(args.ms);

const at = new Date('2026-11-28T12:00:00Z').toISOString();
const store = (id: number) => ({
  id,
  name: `Harbour Street Bakery ${id}`,
  address: `${id} Harbour Street, Flat 3, Portsmouth PO1 2AB`,
  phone: id % 3 ? '+44 23 9200 1234' : null,
  email: id % 2 ? `bakery${id}@example.com` : null,
  owner_id: 1000 + id,
  category: 'Grocery',
  average_rating: 4.27,
  total_ratings: 312 + id,
  created_at: at,
  updated_at: at,
});
const page = { total: 1000, page: 1, limit: 12, totalPages: 84, totalCapped: true };
const answers: Array<{ name: string; schema: z.ZodType; body: unknown }> = [
  {
    name: 'store list (12 stores)',
    schema: storeListResponseSchema,
    body: { stores: Array.from({ length: 12 }, (_, i) => store(i + 1)), ...page },
  },
  {
    name: "a store's ratings (12)",
    schema: storeRatingsResponseSchema,
    body: {
      ratings: Array.from({ length: 12 }, (_, i) => ({
        id: i + 1,
        rating: (i % 5) + 1,
        comment: i % 2 ? null : 'Lovely sourdough, friendly staff, and the queue moves quickly in the morning.',
        user_name: `Customer Number ${i + 1} Of The Benchmark`,
        created_at: at,
        updated_at: at,
      })),
      ...page,
    },
  },
  {
    name: 'one store',
    schema: storeDetailResponseSchema,
    body: { store: { ...store(1), rating_distribution: { 1: 3, 2: 9, 3: 40, 4: 120, 5: 140 } } },
  },
];

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/bench', httpStatus: '200' }) as never;
const zodEncoder = createSerializerCompiler({});
const compiled = compiledSerializerCompiler({ checkResponses: false });

/** How many times per second `step` runs over `roundMs` (awaited when it returns a promise). */
async function perSecond(step: () => unknown): Promise<number> {
  let n = 0;
  const start = process.hrtime.bigint();
  const until = start + BigInt(roundMs) * 1_000_000n;
  let now = start;
  while (now < until) {
    for (let i = 0; i < 100; i += 1) {
      const result = step();
      if (result instanceof Promise) await result;
    }
    n += 100;
    now = process.hrtime.bigint();
  }
  return n / (Number(now - start) / 1e9);
}

const perSecondText = (n: number) => Math.round(n).toLocaleString('en');

/** A Kysely for PostgreSQL whose driver (Kysely's DummyDriver) answers every query at once with no rows. */
const db = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const searchShape: Shape = {
  sortBy: 'rating',
  sortOrder: 'desc',
  search: 'text',
  category: false,
  minRating: false,
  unratedBy: false,
  city: false,
  firstPage: 12,
};
const listParams: ListParams = {
  pattern: '%bakery%',
  category: 'Other',
  minRating: '0',
  unratedBy: 0,
  city: '',
  caller: 1,
  limit: 12,
  offset: 0,
};
const listPage = compiledOnce((kysely: Kysely<DB>, p: ListParams) => pageQuery(kysely, searchShape, p));
const listCount = compiledOnce((kysely: Kysely<DB>, p: ListParams) => countQuery(kysely, searchShape, p));
/** Built and compiled on this run, then executed: what each request did before compiledOnce. */
const everyTime = (query: Compilable<unknown>) => db.executeQuery(query.compile());
const ratingsPage: RatingsParams = { storeId: 7, caller: 1, stars: 0, limit: 12, offset: 0 };
const ratingsPageOnce = compiledOnce((kysely: Kysely<DB>, p: RatingsParams) => storeRatingsPageQuery(kysely, NEWEST_FIRST, p));
const queries: Array<{ name: string; everyTime: () => Promise<unknown>; once: () => Promise<unknown> }> = [
  {
    name: 'store detail',
    everyTime: () => everyTime(storeWithDistributionQuery(db, { storeId: 7 })),
    once: () => storeWithDistribution.execute(db, { storeId: 7 }),
  },
  {
    name: "a store's ratings",
    everyTime: () => everyTime(storeRatingsPageQuery(db, NEWEST_FIRST, ratingsPage)),
    once: () => ratingsPageOnce.execute(db, ratingsPage),
  },
  {
    name: 'store list, "Bakery" by rating (page and count)',
    everyTime: () => Promise.all([everyTime(pageQuery(db, searchShape, listParams)), everyTime(countQuery(db, searchShape, listParams))]),
    once: () => Promise.all([listPage.execute(db, listParams), listCount.execute(db, listParams)]),
  },
];

async function measureAnswers(): Promise<void> {
  console.log(`Node ${process.version}; medians of ${rounds} alternating rounds of ${roundMs} ms each.`);
  console.log('');
  console.log('Answers written per second:');
  console.log('');
  console.log('| answer | bytes | zod encode + JSON.stringify | compiled serialiser | ratio |');
  console.log('|---|---:|---:|---:|---:|');
  for (const { name, schema, body } of answers) {
    const before = zodEncoder(route(schema));
    const after = compiled(route(schema));
    if (JSON.stringify(JSON.parse(after(body))) !== JSON.stringify(JSON.parse(before(body))))
      throw new Error(`${name}: the two write different answers`);
    const zodRuns: number[] = [];
    const compiledRuns: number[] = [];
    for (let r = 0; r < rounds; r += 1) {
      zodRuns.push(await perSecond(() => before(body)));
      compiledRuns.push(await perSecond(() => after(body)));
    }
    const [a, b] = [median(zodRuns), median(compiledRuns)];
    console.log(`| ${name} | ${after(body).length} | ${perSecondText(a)} | ${perSecondText(b)} | ${(b / a).toFixed(1)}× |`);
  }
}

async function measureQueries(): Promise<void> {
  console.log('');
  console.log("Requests' SQL built per second:");
  console.log('');
  console.log('| query | built and compiled every time | compiledOnce | ratio |');
  console.log('|---|---:|---:|---:|');
  for (const query of queries) {
    const everyTimeRuns: number[] = [];
    const onceRuns: number[] = [];
    for (let r = 0; r < rounds; r += 1) {
      everyTimeRuns.push(await perSecond(query.everyTime));
      onceRuns.push(await perSecond(query.once));
    }
    const [a, b] = [median(everyTimeRuns), median(onceRuns)];
    console.log(
      `| ${query.name} | ${perSecondText(a)} (${(1e6 / a).toFixed(1)} µs) | ${perSecondText(b)} (${(1e6 / b).toFixed(1)} µs) | ${(b / a).toFixed(1)}× |`,
    );
  }
  await db.destroy();
}

void measureAnswers().then(measureQueries);
