/**
 * A query whose SQL Kysely builds and compiles once per database handle, the first time it runs; every
 * later run only puts its own values in the parameters' places. For the hot reads (a store, its
 * ratings, one's own rating, the store list), where building and compiling the query each time cost
 * more than the rest of the request's JavaScript. PostgreSQL then parses and plans the same text once
 * per connection as a prepared statement (postgres-pool.ts).
 *
 * `build` receives stand-ins for its named parameters and may use them only as values of the query
 * (`where('id', '=', p.id)`, `limit(p.limit)`): a stand-in used in an expression of its own
 * (`p.id + 1`, `p.search.trim()`) throws when the query is first built, and so does a parameter that it
 * reads but never passes to the SQL. Work out such values before the run and pass them as parameters.
 */
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { DB } from './schema';

class StandIn {
  constructor(readonly name: string) {}

  [Symbol.toPrimitive](): never {
    throw new Error(`compiledOnce: parameter "${this.name}" is used in an expression; pass it to the query as a value only`);
  }
}

type Slot = { param: string } | { value: unknown };

interface Compiled {
  query: CompiledQuery;
  slots: Slot[];
}

export interface CompiledOnceQuery<P extends object, R> {
  execute(db: Kysely<DB>, params: P): Promise<R[]>;
  executeTakeFirst(db: Kysely<DB>, params: P): Promise<R | undefined>;
}

export function compiledOnce<P extends object, R>(build: (db: Kysely<DB>, params: P) => Compilable<R>): CompiledOnceQuery<P, R> {
  const byHandle = new WeakMap<Kysely<DB>, Compiled>();

  const compile = (db: Kysely<DB>): Compiled => {
    const read = new Map<string, StandIn>();
    const standIns = new Proxy(
      {},
      {
        get: (_target, name) => {
          const key = String(name);
          if (!read.has(key)) read.set(key, new StandIn(key));
          return read.get(key);
        },
      },
    ) as P;
    const query = build(db, standIns).compile();
    const slots = query.parameters.map((value): Slot => (value instanceof StandIn ? { param: value.name } : { value }));
    for (const name of read.keys()) {
      if (!slots.some((slot) => 'param' in slot && slot.param === name)) {
        throw new Error(`compiledOnce: parameter "${name}" never reaches the SQL`);
      }
    }
    return { query, slots };
  };

  const execute = async (db: Kysely<DB>, params: P): Promise<R[]> => {
    let compiled = byHandle.get(db);
    if (!compiled) {
      compiled = compile(db);
      byHandle.set(db, compiled);
    }
    const values = params as Record<string, unknown>;
    const parameters = compiled.slots.map((slot) => ('param' in slot ? values[slot.param] : slot.value));
    const result = await db.executeQuery<R>({ ...compiled.query, parameters });
    return result.rows;
  };

  return {
    execute,
    executeTakeFirst: async (db, params) => (await execute(db, params))[0],
  };
}
