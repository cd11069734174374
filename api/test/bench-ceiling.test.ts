/** The benchmark's constant-response routes exist only when BENCH_CEILING_ROUTES is on, and stay out of the API docs. */
import { querySteps, type RecordedQuery } from '../bench/ceilings';
import { startTestServer, type TestServer } from './support/test-server';

describe("the database ceiling's steps", () => {
  const query = (sql: string, startedAt: number, endedAt: number): RecordedQuery => ({ sql, parameters: [], startedAt, endedAt });

  it('puts queries sent before the step so far answered into that step, and a query sent after into the next', () => {
    const rows = query('rows', 0, 5);
    const count = query('count', 1, 9);
    const months = query('months', 10, 12);
    const ratings = query('ratings', 10.5, 14);
    const last = query('last', 14.5, 15);
    expect(querySteps([ratings, rows, last, months, count]).map((step) => step.map((q) => q.sql))).toEqual([
      ['rows', 'count'],
      ['months', 'ratings'],
      ['last'],
    ]);
  });
});

describe('benchmark ceiling routes', () => {
  let plain: TestServer;
  let bench: TestServer;

  beforeAll(async () => {
    [plain, bench] = await Promise.all([startTestServer('pglite'), startTestServer('pglite', { benchCeilingRoutes: true })]);
  });
  afterAll(() => Promise.all([plain.close(), bench.close()]));

  it('are not there by default', async () => {
    expect((await plain.put('/api/bench/constant/a', { body: { x: 1 } })).status).toBe(404);
    expect((await plain.get('/api/bench/constant/a')).status).toBe(404);
  });

  it('answer the body they were given, when switched on', async () => {
    const body = { stores: [{ id: 1, name: 'Körner Café ☕' }], total: 1 };
    expect((await bench.put('/api/bench/constant/list', { body })).status).toBe(200);
    const res = await bench.get('/api/bench/constant/list');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(body);
    expect((await bench.get('/api/bench/constant/unknown')).status).toBe(404);
  });

  it('are not in the OpenAPI description', async () => {
    const docs = await bench.get('/api/docs/json');
    expect(Object.keys(docs.body.paths).some((p) => p.includes('bench'))).toBe(false);
  });
});
