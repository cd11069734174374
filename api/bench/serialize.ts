/**
 * `npm run bench:serialize [-- --rounds 7 --ms 500]`: how fast the API writes its answers, the compiled
 * serialiser (http/response-serializer.ts) side by side with zod's encoder and JSON.stringify (what
 * fastify-type-provider-zod's serializerCompiler does, the serialiser before it), in alternating rounds
 * in one process. Prints the median answers/s of each and their ratio for three answers of the
 * benchmark's sizes: a store list page (12 stores), a store's ratings page (12 ratings) and one store.
 */
import { parseArgs } from 'node:util';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { storeDetailResponseSchema, storeListResponseSchema, storeRatingsResponseSchema } from 'shared-contracts/schemas';
import type { z } from 'zod';
import { compiledSerializerCompiler } from '../src/http/response-serializer';
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

/** Answers written per second by `write` over `roundMs`. */
function perSecond(write: (data: unknown) => string, body: unknown): number {
  let n = 0;
  let length = 0;
  const start = process.hrtime.bigint();
  const until = start + BigInt(roundMs) * 1_000_000n;
  let now = start;
  while (now < until) {
    for (let i = 0; i < 100; i += 1) length += write(body).length;
    n += 100;
    now = process.hrtime.bigint();
  }
  if (length === 0) throw new Error('nothing written');
  return n / (Number(now - start) / 1e9);
}

console.log(`Answers written per second, median of ${rounds} alternating rounds of ${roundMs} ms (Node ${process.version})`);
console.log('| answer | bytes | zod encode + JSON.stringify | compiled | ratio |');
console.log('|---|---:|---:|---:|---:|');
for (const { name, schema, body } of answers) {
  const before = zodEncoder(route(schema));
  const after = compiled(route(schema));
  if (JSON.stringify(JSON.parse(after(body))) !== JSON.stringify(JSON.parse(before(body))))
    throw new Error(`${name}: the two write different answers`);
  const zodRuns: number[] = [];
  const compiledRuns: number[] = [];
  for (let r = 0; r < rounds; r += 1) {
    zodRuns.push(perSecond(before, body));
    compiledRuns.push(perSecond(after, body));
  }
  const [a, b] = [median(zodRuns), median(compiledRuns)];
  console.log(
    `| ${name} | ${after(body).length} | ${Math.round(a).toLocaleString('en')} | ${Math.round(b).toLocaleString('en')} | ${(b / a).toFixed(1)}× |`,
  );
}
