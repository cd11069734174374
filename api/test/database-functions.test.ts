/**
 * The database's functions and triggers are defined in `src/db/functions/*.sql`, one file per rule, and
 * applied after the migrations (src/db/functions.ts): the files are what the database runs, a changed
 * file is applied at the next start (and only it), a failing file changes nothing, and instances
 * starting together apply a file once. Both engines.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { applyDatabaseFunctions, FUNCTIONS_DIR, readFunctionsFiles, splitStatements } from '../src/db/functions';
import { ENGINES, startTestServer, type TestServer } from './support/test-server';

/** Every `create or replace function` of the files: its name and its body (between the `$$`). */
function functionsOfFiles(): Map<string, string> {
  const found = new Map<string, string>();
  for (const { statements } of readFunctionsFiles()) {
    for (const statement of statements) {
      const match = /^create or replace function (\w+)\([\s\S]*?\$\$([\s\S]*)\$\$$/.exec(statement);
      if (match) found.set(match[1], match[2]);
    }
  }
  return found;
}

/** Every `create or replace trigger` of the files: name -> table. */
function triggersOfFiles(): Map<string, string> {
  const found = new Map<string, string>();
  for (const { statements } of readFunctionsFiles()) {
    for (const statement of statements) {
      const match = /^create or replace trigger (\w+)[\s\S]*? on (\w+)\s/.exec(statement);
      if (match) found.set(match[1], match[2]);
    }
  }
  return found;
}

describe('splitStatements', () => {
  it("splits at each ';' ending a line outside $$ bodies, keeps the bodies' own ';', drops comment lines between statements", () => {
    const text = [
      '-- What it does.',
      '',
      'create or replace function f() returns int language plpgsql as $$',
      '  begin',
      '    perform 1;',
      '    return 2;',
      '  end',
      '$$;',
      '',
      '-- The trigger.',
      'create or replace trigger t after insert on x',
      '  for each row execute function f();',
    ].join('\n');
    expect(splitStatements(text)).toEqual([
      'create or replace function f() returns int language plpgsql as $$\n  begin\n    perform 1;\n    return 2;\n  end\n$$',
      'create or replace trigger t after insert on x\n  for each row execute function f()',
    ]);
  });

  it("refuses text after the last statement that does not end with ';'", () => {
    expect(() => splitStatements('select 1;\nselect 2')).toThrow(/does not end with ';': select 2/);
  });

  it('reads every file of src/db/functions into whole statements', () => {
    const files = readFunctionsFiles();
    expect(files.map((f) => f.file)).toEqual([
      'notifications.sql',
      'rate_stores.sql',
      'rating_counts.sql',
      'rating_votes.sql',
      'row_counts.sql',
      'store_aggregates.sql',
      'user_changes.sql',
    ]);
    // the notifications' bound: one function, one trigger; rate_stores; the ratings' counts and months: one function, three triggers; the users' and stores' counters: two functions, six
    // helpful votes counted: one function, one trigger; the users' and stores' counters: two functions, six triggers, the rebuild and the
    // fold; the figures: three functions and three triggers; the user changes announced: one function, two triggers.
    expect(files.map((f) => f.statements.length)).toEqual([2, 1, 4, 2, 10, 6, 3]);
    for (const statement of files.flatMap((f) => f.statements)) expect(statement).toMatch(/^create or replace (function|trigger) \w+/);
  });
});

describe.each(ENGINES)('the database functions (%s)', (engine) => {
  let server: TestServer;
  let dir: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());
  beforeEach(() => {
    // A copy of the real files, with room for the tests' own.
    dir = mkdtempSync(path.join(tmpdir(), 'db-functions-'));
    cpSync(FUNCTIONS_DIR, dir, { recursive: true });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const answer = async (name: string) => (await sql<{ n: number }>`select ${sql.id(name)}() as n`.execute(server.db)).rows[0].n;
  const write = (file: string, text: string) => writeFileSync(path.join(dir, file), text);
  const appliedVersions = async () =>
    Object.fromEntries(
      (await server.db.selectFrom('database_functions').select(['file', 'sha256']).execute()).map((r) => [r.file, r.sha256]),
    );

  it('the functions the database runs are those of the files, body for body, and it has no others', async () => {
    const { rows } = await sql<{ proname: string; prosrc: string }>`
      select p.proname, p.prosrc from pg_proc p
      where p.pronamespace = current_schema()::regnamespace
        and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`.execute(
      server.db,
    );
    const inDatabase = new Map(rows.map((r) => [r.proname, r.prosrc]));
    expect(Object.fromEntries(inDatabase)).toEqual(Object.fromEntries(functionsOfFiles()));
  });

  it('the triggers are exactly those of the files, each on its table', async () => {
    const { rows } = await sql<{ tgname: string; relname: string }>`
      select t.tgname, c.relname from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal and c.relnamespace = current_schema()::regnamespace`.execute(server.db);
    expect(Object.fromEntries(rows.map((r) => [r.tgname, r.relname]))).toEqual(Object.fromEntries(triggersOfFiles()));
  });

  it('every file is recorded with the sha256 of its text; starting again applies nothing', async () => {
    const files = readFunctionsFiles();
    expect(await appliedVersions()).toMatchObject(Object.fromEntries(files.map((f) => [f.file, f.sha256])));
    expect(await applyDatabaseFunctions(server.db)).toEqual([]);
  });

  it('a new file is applied; changed, it is applied again, and only it; unchanged, nothing is', async () => {
    const name = `answer_${engine}`;
    write('zz_answer.sql', `-- A test's own rule.\ncreate or replace function ${name}() returns int language sql as $$ select 42 $$;\n`);
    expect(await applyDatabaseFunctions(server.db, dir)).toEqual(['zz_answer.sql']);
    expect(await answer(name)).toBe(42);
    write('zz_answer.sql', `create or replace function ${name}() returns int language sql as $$ select 43 $$;\n`);
    expect(await applyDatabaseFunctions(server.db, dir)).toEqual(['zz_answer.sql']);
    expect(await answer(name)).toBe(43);
    expect(await applyDatabaseFunctions(server.db, dir)).toEqual([]);
    await sql`drop function ${sql.id(name)}()`.execute(server.db);
    await server.db.deleteFrom('database_functions').where('file', '=', 'zz_answer.sql').execute();
  });

  it('re-applying a changed file of triggers replaces them: none is doubled, and the figures stay exact', async () => {
    const triggersBefore = await sql<{ n: number }>`select count(*)::int as n from pg_trigger where not tgisinternal`.execute(server.db);
    write('store_aggregates.sql', `${readFileSync(path.join(dir, 'store_aggregates.sql'), 'utf8')}\n-- changed\n`);
    expect(await applyDatabaseFunctions(server.db, dir)).toEqual(['store_aggregates.sql']);
    const triggersAfter = await sql<{ n: number }>`select count(*)::int as n from pg_trigger where not tgisinternal`.execute(server.db);
    expect(triggersAfter.rows[0].n).toBe(triggersBefore.rows[0].n);

    const owner = await server.createUser('store_owner');
    const customer = await server.createUser('normal_user');
    const store = await server.createStore(owner.id);
    expect((await server.post(`/api/ratings/${store.id}`, { token: customer.token, body: { rating: 4 } })).status).toBe(201);
    const row = await server.db
      .selectFrom('store_figures')
      .select(['rating_count', 'rating_sum', 'rating_4'])
      .where('store_id', '=', store.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ rating_count: 1, rating_sum: 4, rating_4: 1 });
    // Put the real file's version back.
    expect(await applyDatabaseFunctions(server.db)).toEqual(['store_aggregates.sql']);
  });

  it('after a migration every file is applied again, changed or not: a trigger a migration dropped is back', async () => {
    await sql`drop trigger ratings_store_aggregates on ratings`.execute(server.db);
    const exists = async () =>
      (
        await sql`select 1 from pg_trigger t join pg_class c on c.oid = t.tgrelid
                  where t.tgname = 'ratings_store_aggregates' and c.relnamespace = current_schema()::regnamespace`.execute(server.db)
      ).rows.length;
    expect(await applyDatabaseFunctions(server.db)).toEqual([]);
    expect(await exists()).toBe(0);
    expect(await applyDatabaseFunctions(server.db, FUNCTIONS_DIR, { everyFile: true })).toEqual(readFunctionsFiles().map((f) => f.file));
    expect(await exists()).toBe(1);
  });

  it('a file that fails changes nothing: its earlier statements are undone, its version is not recorded, the error names it', async () => {
    const name = `half_${engine}`;
    write(
      'zz_broken.sql',
      `create or replace function ${name}() returns int language sql as $$ select 1 $$;\n\ncreate or replace function broken( returns;\n`,
    );
    await expect(applyDatabaseFunctions(server.db, dir)).rejects.toThrow(/^db\/functions\/zz_broken\.sql: /);
    const { rows } = await sql`select 1 from pg_proc where proname = ${name}`.execute(server.db);
    expect(rows).toEqual([]);
    expect(await appliedVersions()).not.toHaveProperty('zz_broken.sql');
  });

  it('instances starting together apply a changed file once', async () => {
    const name = `together_${engine}`;
    write('zz_together.sql', `create or replace function ${name}() returns int language sql as $$ select 7 $$;\n`);
    const results = await Promise.all([
      applyDatabaseFunctions(server.db, dir),
      applyDatabaseFunctions(server.db, dir),
      applyDatabaseFunctions(server.db, dir),
    ]);
    expect(results.flat()).toEqual(['zz_together.sql']);
    expect(await answer(name)).toBe(7);
    await sql`drop function ${sql.id(name)}()`.execute(server.db);
    await server.db.deleteFrom('database_functions').where('file', '=', 'zz_together.sql').execute();
  });
});
