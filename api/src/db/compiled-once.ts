/**
 * A query whose SQL Kysely builds and compiles once per database handle, the first time it runs; every
 * later run only puts its own values in the parameters' places. For the hot single-statement reads
 * (a store, its ratings, one's own rating), where building and compiling the query each time cost more
 * than the rest of the request's JavaScript. PostgreSQL then parses and plans the same text once per
 * connection as a prepared statement (postgres-pool.ts).
 *
 * `build` receives stand-ins for its parameters and may use them only as values of the query
 * (`where('id', '=', id)`, `limit(n)`): a stand-in used in an expression of its own (`id + 1`,
 * `search.trim()`) throws when the query is first built, and so does a parameter the SQL never takes.
 * Its parameter count is `build.length - 1`, so its parameters must not have defaults.
 */
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { DB } from './schema';

class StandIn {
  constructor(readonly index: number) {}

  [Symbol.toPrimitive](): never {
    throw new Error(`compiledOnce: parameter ${this.index + 1} is used in an expression; pass it to the query as a value only`);
  }
}

type Slot = { arg: number } | { value: unknown };

interface Compiled {
  query: CompiledQuery;
  slots: Slot[];
}

export interface CompiledOnceQuery<A extends unknown[], R> {
  execute(db: Kysely<DB>, ...args: A): Promise<R[]>;
  executeTakeFirst(db: Kysely<DB>, ...args: A): Promise<R | undefined>;
}

export function compiledOnce<A extends unknown[], R>(build: (db: Kysely<DB>, ...args: A) => Compilable<R>): CompiledOnceQuery<A, R> {
  const arity = build.length - 1;
  const byHandle = new WeakMap<Kysely<DB>, Compiled>();

  const compile = (db: Kysely<DB>): Compiled => {
    const standIns = Array.from({ length: arity }, (_, index) => new StandIn(index));
    const query = build(db, ...(standIns as unknown as A)).compile();
    const slots = query.parameters.map((value): Slot => (value instanceof StandIn ? { arg: value.index } : { value }));
    for (const standIn of standIns) {
      if (!slots.some((slot) => 'arg' in slot && slot.arg === standIn.index)) {
        throw new Error(`compiledOnce: parameter ${standIn.index + 1} never reaches the SQL`);
      }
    }
    return { query, slots };
  };

  const execute = async (db: Kysely<DB>, ...args: A): Promise<R[]> => {
    let compiled = byHandle.get(db);
    if (!compiled) {
      compiled = compile(db);
      byHandle.set(db, compiled);
    }
    const parameters = compiled.slots.map((slot) => ('arg' in slot ? args[slot.arg] : slot.value));
    const result = await db.executeQuery<R>({ ...compiled.query, parameters });
    return result.rows;
  };

  return {
    execute,
    executeTakeFirst: async (db, ...args) => (await execute(db, ...args))[0],
  };
}
