/**
 * Statements prepared once per connection (db/prepared-statements.ts; postgres-pool.ts and, on PGlite's
 * one connection, pglite-statements.ts): every query with parameters runs as a named statement, so the
 * database parses and analyses its text once per connection,
 * not once per request, and plans it once where the plan does not depend on the parameters; a single
 * read without parameters is prepared too (planned once), a text that may hold several statements keeps
 * the simple protocol, and a search's pattern match runs unnamed (planned for its pattern every time); a
 * connection keeps at most MAX_PREPARED_PER_CONNECTION of them. The dashboards' reads are planned once.
 */
import { PGlite, types } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../src/db/database';
import { preparedQuery } from '../src/db/postgres-pool';
import { pageBounds } from '../src/http/lists';
import { MAX_PREPARED_PER_CONNECTION } from '../src/db/prepared-statements';
import { PGliteStatements } from '../src/db/pglite-statements';
import { ADMIN_PAGE_SIZE, LIST_WINDOW, RECOMMENDATIONS_FETCH_LIMIT, STORE_PAGE_SIZE } from 'shared-contracts';
import { type CreatedUser, ENGINES, startTestServer, type TestServer } from './support/test-server';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

describe('preparedQuery', () => {
  const client = () => ({}) as Parameters<typeof preparedQuery>[0];

  it('names a query with parameters after its text: the same text, the same name; another text, another name', () => {
    const c = client();
    const [first] = preparedQuery(c, ['select $1::int', [1]]) as [{ name: string; text: string; values: unknown[] }];
    const [again] = preparedQuery(c, ['select $1::int', [2]]) as [{ name: string; values: unknown[] }];
    const [other] = preparedQuery(c, ['select $1::text', ['a']]) as [{ name: string }];
    expect(first).toEqual({ name: expect.stringMatching(/^sr_[\w-]+$/), text: 'select $1::int', values: [1] });
    expect(again).toEqual({ name: first.name, text: 'select $1::int', values: [2] });
    expect(other.name).not.toBe(first.name);
  });

  it('names a single read without parameters too: a SELECT, a WITH, a union of parenthesised SELECTs', () => {
    const c = client();
    for (const text of ['select 1 as one', 'with t as (select 1 as n) select n from t', '(select 1) union all (select 2)'])
      expect(preparedQuery(c, [text, []])).toEqual([{ name: expect.stringMatching(/^sr_/), text, values: [] }]);
  });

  it('leaves a text that may hold several statements, any other statement without parameters, and anything not a text with values, as it was given', () => {
    const c = client();
    const cursor = { submit: () => undefined };
    expect(preparedQuery(c, ['select 1; select 2', []])).toEqual(['select 1; select 2', []]);
    expect(preparedQuery(c, ['create table t (id int)', []])).toEqual(['create table t (id int)', []]);
    expect(preparedQuery(c, ['vacuum analyze'])).toEqual(['vacuum analyze']);
    expect(preparedQuery(c, [cursor])).toEqual([cursor]);
  });

  it("leaves a search's pattern match (LIKE, ILIKE, SIMILAR TO) unnamed, to be planned for its pattern", () => {
    const c = client();
    for (const text of [
      `select 1 from stores where search_text like lower($1) escape '\\'`,
      `select 1 from stores where email ILIKE $1`,
      `select 1 from stores where name similar to $1`,
    ])
      expect(preparedQuery(c, [text, ['%a%']])).toEqual([text, ['%a%']]);
    // A word that only contains "like" is not a pattern match.
    expect(preparedQuery(c, ['select $1::text as likes', ['a']])).toEqual([expect.objectContaining({ name: expect.any(String) })]);
  });

  it('past MAX_PREPARED_PER_CONNECTION texts a connection runs new ones unnamed; the ones it has stay named', () => {
    const c = client();
    for (let i = 0; i < MAX_PREPARED_PER_CONNECTION; i++) preparedQuery(c, [`select $1::int + ${i}`, [i]]);
    expect(preparedQuery(c, ['select $1::int + -1', [0]])).toEqual(['select $1::int + -1', [0]]);
    expect(preparedQuery(c, ['select $1::int + 7', [0]])).toEqual([expect.objectContaining({ name: expect.any(String) })]);
    // Another connection has its own.
    expect(preparedQuery(client(), ['select $1::int + -1', [0]])).toEqual([expect.objectContaining({ name: expect.any(String) })]);
  });
});

describe('pageBounds', () => {
  it("a first page at one of the list's own sizes has its LIMIT in the text; any other page has LIMIT and OFFSET as parameters", () => {
    expect(pageBounds({ page: 1, limit: 12 }, [12, 6])).toEqual({ firstPage: 12, limit: 12, offset: 0 });
    expect(pageBounds({ page: 1, limit: 6 }, [12, 6])).toEqual({ firstPage: 6, limit: 6, offset: 0 });
    // Another size (a client's own limit) or a later page: parameters, one text whatever the values.
    expect(pageBounds({ page: 1, limit: 7 }, [12, 6])).toEqual({ firstPage: null, limit: 7, offset: 0 });
    expect(pageBounds({ page: 3, limit: 12 }, [12, 6])).toEqual({ firstPage: null, limit: 12, offset: 24 });
  });

  it('refuses a page that starts beyond the window, as every list does', () => {
    expect(() => pageBounds({ page: LIST_WINDOW / 10 + 1, limit: 10 }, [10])).toThrow(expect.objectContaining({ statusCode: 400 }));
  });
});

describe.each(ENGINES)('statements prepared (%s)', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase(engine === 'postgres' ? { databaseUrl: TEST_DATABASE_URL, poolSize: 1 } : {});
    // One connection: this table is there for every query of these tests.
    await sql`create temporary table places (id int primary key, name text not null)`.execute(database.db);
    await sql`insert into places select n, 'place ' || n from generate_series(1, 1000) n`.execute(database.db);
    await sql`analyze places`.execute(database.db);
  });
  afterAll(async () => {
    await database.close();
  });

  const preparedTexts = async () =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements order by statement`.execute(database.db)).rows.map(
      (r) => r.statement,
    );

  it('a query with parameters is prepared once on its connection and used again', async () => {
    const query = (n: number) => sql<{ n: number }>`select ${n}::int + 40 as n`.execute(database.db);
    expect((await query(2)).rows[0].n).toBe(42);
    expect((await query(3)).rows[0].n).toBe(43);
    const texts = await preparedTexts();
    expect(texts.filter((t) => t.includes('+ 40 as n'))).toHaveLength(1);
  });

  it('a read without parameters is prepared and planned once, for good', async () => {
    const query = () => sql<{ n: number }>`select count(*)::int as n from places where id > 990 /* no parameters */`.execute(database.db);
    for (let run = 0; run < 3; run++) expect((await query()).rows[0].n).toBe(10);
    const { rows } = await sql<{ generic_plans: number; custom_plans: number }>`
      select generic_plans, custom_plans from pg_prepared_statements where statement like '%/* no parameters */'`.execute(database.db);
    expect(rows).toEqual([{ generic_plans: 3, custom_plans: 0 }]);
  });

  it('a lookup by key is planned once: after its first five runs it keeps one plan for every parameter', async () => {
    const query = (id: number) => sql`select name from places where id = ${id} /* by key */`.execute(database.db);
    for (let id = 1; id <= 8; id++) await query(id);
    const { rows } = await sql<{ generic_plans: number; custom_plans: number }>`
      select generic_plans, custom_plans from pg_prepared_statements where statement like '%/* by key */'`.execute(database.db);
    expect(rows).toEqual([{ generic_plans: 3, custom_plans: 5 }]);
  });

  it("a search's pattern match is not prepared: it is planned for its own pattern every time", async () => {
    const search = (pattern: string) =>
      sql<{ n: number }>`select count(*)::int as n from places where name like ${pattern} /* a search */`.execute(database.db);
    expect((await search('%place 99%')).rows[0].n).toBe(11);
    expect((await search('%place 1000%')).rows[0].n).toBe(1);
    const texts = await preparedTexts();
    expect(texts.filter((t) => t.includes('/* a search */'))).toEqual([]);
  });
});

describe("PGlite's prepared statements give what its own query gives", () => {
  let pg: PGlite;
  let statements: PGliteStatements;
  beforeAll(async () => {
    pg = await PGlite.create({ parsers: { [types.INT8]: Number, [types.NUMERIC]: Number } });
    statements = new PGliteStatements(pg);
    await pg.exec(
      `create table things (id int primary key, label text, at timestamptz, tags text[], info jsonb, ok boolean, price numeric(5,2))`,
    );
    await pg.exec(
      `insert into things values (1, 'one', '2026-11-29T05:00:00Z', '{a,b}', '{"k": [1]}', true, 4.25), (2, null, null, null, null, null, null)`,
    );
  });
  afterAll(() => pg.close());

  it('the same rows, typed the same, for every kind of column and parameter', async () => {
    const text = `select *, count(*) over () as total, $2::text as echoed from things where id = any($1::int[]) or at < $3 order by id`;
    const parameters = [[1, 2], 'it’s', new Date('2027-01-01T00:00:00Z')];
    for (let run = 0; run < 7; run++) {
      const prepared = await statements.query(text, parameters);
      const plain = await pg.query(text, parameters);
      expect(prepared.rows).toEqual(plain.rows);
      expect(prepared.fields).toEqual(plain.fields);
    }
    expect((await statements.query(text, parameters)).rows[0]).toEqual({
      id: 1,
      label: 'one',
      at: new Date('2026-11-29T05:00:00Z'),
      tags: ['a', 'b'],
      info: { k: [1] },
      ok: true,
      price: 4.25,
      total: 2,
      echoed: 'it’s',
    });
  });

  it('a write answers the rows it changed; a failing one throws the database error and the next statement runs', async () => {
    const update = await statements.query(`update things set label = $1 where id = $2`, ['two', 2]);
    expect(update.affectedRows).toBe(1);
    await expect(statements.query(`insert into things (id) values ($1)`, [1])).rejects.toMatchObject({ code: '23505' });
    expect((await statements.query(`select label from things where id = $1`, [2])).rows).toEqual([{ label: 'two' }]);
  });

  it('a statement prepared before its table was altered is prepared again', async () => {
    const text = `select * from things where id = $1`;
    await statements.query(text, [1]);
    await pg.exec(`alter table things add column extra text default 'new'`);
    expect((await statements.query(text, [1])).rows[0]).toMatchObject({ id: 1, extra: 'new' });
  });

  it('prepares each text once, and not a pattern match', async () => {
    await statements.query(`select id from things where id = $1 /* once */`, [1]);
    await statements.query(`select id from things where id = $1 /* once */`, [2]);
    await statements.query(`select id from things where label like $1 /* pattern */`, ['%o%']);
    const { rows } = await pg.query<{ statement: string }>(`select statement from pg_prepared_statements`);
    expect(rows.filter((r) => r.statement.includes('/* once */'))).toHaveLength(1);
    expect(rows.filter((r) => r.statement.includes('/* pattern */'))).toHaveLength(0);
  });
});

describe.each(ENGINES)("the dashboards' reads and the lists' first pages are planned once (%s)", (engine) => {
  // One connection, so pg_prepared_statements (which shows its own connection's) holds every statement.
  let server: TestServer;
  let admin: CreatedUser;
  let customer: CreatedUser;
  beforeAll(async () => {
    server = await startTestServer(engine, { poolSize: 1 });
    admin = await server.createUser('system_admin');
    const owner = await server.createUser('store_owner');
    customer = await server.createUser('normal_user');
    const store = await server.createStore(owner.id);
    expect((await server.post(`/api/ratings/${store.id}`, { token: customer.token, body: { rating: 4 } })).status).toBe(201);
    // Enough rows that a plan made for any value costs more than one made for the value at hand.
    await sql`insert into users (name, email, email_key, address, role, password_hash)
      select 'Customer ' || n, 'c' || n || '@plans.example', 'c' || n || '@plans.example', '', 'normal_user', 'x'
      from generate_series(1, 2000) n`.execute(server.db);
    await sql`insert into stores (name, address, city, owner_id)
      select 'Store ' || n, n || ' Road', 'Town', ${owner.id} from generate_series(1, 2000) n`.execute(server.db);
    await sql`insert into ratings (user_id, store_id, rating)
      select ${customer.id}, id, 1 + id % 5 from stores where id % 4 = 0 and id <> ${store.id}`.execute(server.db);
    await sql`analyze`.execute(server.db);
  });
  afterAll(async () => {
    await server.close();
  });

  /** The prepared statements of this connection planned for their parameters `runs` times or more. */
  const plannedEveryTime = async (runs: number) =>
    (
      await sql<{ statement: string }>`
        select statement from pg_prepared_statements where custom_plans >= ${runs}`.execute(server.db)
    ).rows.map((r) => r.statement);

  it('after eight admin dashboards, no statement of theirs is still planned for its parameters each time', async () => {
    for (let run = 0; run < 8; run++) {
      expect((await server.get('/api/admin/dashboard', { token: admin.token })).status).toBe(200);
      expect((await server.get('/api/users/dashboard', { token: admin.token })).status).toBe(200);
    }
    // The top stores (a partial index of rated stores), the count of administrators and the recent
    // activity (three LIMITs) were each planned eight times when their constants were parameters.
    expect(await plannedEveryTime(8)).toEqual([]);
  });

  it('after nine first pages of each list at its own page size, none is still planned each time; other pages are', async () => {
    const firstPages = [
      { path: `/api/stores?page=1&limit=${STORE_PAGE_SIZE}&sortBy=rating&sortOrder=desc`, token: customer.token },
      { path: `/api/stores?page=1&limit=${STORE_PAGE_SIZE}&sortBy=name&sortOrder=asc&category=Other`, token: customer.token },
      { path: `/api/stores?page=1&limit=${RECOMMENDATIONS_FETCH_LIMIT}&sortBy=rating&sortOrder=desc`, token: customer.token },
      { path: `/api/admin/users?page=1&limit=${ADMIN_PAGE_SIZE}&sortBy=email&sortOrder=asc`, token: admin.token },
      { path: `/api/admin/stores?page=1&limit=${ADMIN_PAGE_SIZE}&sortBy=created_at&sortOrder=desc`, token: admin.token },
    ];
    for (let run = 0; run < 9; run++) {
      for (const { path, token } of firstPages) {
        const answer = await server.get(path, { token });
        expect(answer.status).toBe(200);
        expect((answer.body.stores ?? answer.body.users).length).toBe(Number(new URL(path, server.baseUrl).searchParams.get('limit')));
      }
    }
    expect(await plannedEveryTime(9)).toEqual([]);
    // A later page keeps its LIMIT and OFFSET as parameters (its plan depends on them): one statement for every page.
    for (let page = 2; page <= 10; page++) {
      const answer = await server.get(`/api/stores?page=${page}&limit=${STORE_PAGE_SIZE}&sortBy=rating&sortOrder=desc`, {
        token: customer.token,
      });
      expect(answer.status).toBe(200);
      expect(answer.body.stores).toHaveLength(STORE_PAGE_SIZE);
    }
    expect(await plannedEveryTime(9)).toHaveLength(1);
  });
});
