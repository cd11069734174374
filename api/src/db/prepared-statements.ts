/**
 * Which statements both engines prepare: every query with parameters, and every single read without
 * them, runs as a named statement, parsed and analysed once per connection (postgres-pool.ts, and on
 * PGlite's one connection pglite-statements.ts), up to MAX_PREPARED_PER_CONNECTION texts, except a
 * search's pattern match.
 *
 * A named statement is planned by PostgreSQL as it does by default (`plan_cache_mode` auto): for its
 * parameters the first five times on a connection, then once for all (the generic plan) when that plan
 * is estimated no dearer, which it is for our lookups by key (a store, its ratings, one's own rating, the
 * counters) and not for a page whose LIMIT it cannot see (those stay planned for their parameters). A
 * pattern's selectivity is another matter: a generic plan cannot tell a rare word from three common
 * letters, so a statement with LIKE is planned for its own pattern every time, as an unnamed statement is.
 *
 * Where a constant of our code decides the plan, it is written into the text as a literal (`sql.lit`),
 * not sent as a parameter, so PostgreSQL sees it when it plans: a LIMIT it cannot see it takes for a
 * tenth of the rows, and `rating_count > $1` cannot use an index that holds only `rating_count > 0`.
 * Either makes the plan for any value look dearer than the plan for the value at hand, and such a
 * statement was planned anew on every request (the admin dashboard's top stores, its count of
 * administrators, the recent activity). A read without parameters is planned once per connection.
 */

/**
 * How many named statements one connection keeps at most. Our queries are a few dozen texts; what
 * varies (an IN list's length) could make more, and past this they run unnamed, as before.
 */
export const MAX_PREPARED_PER_CONNECTION = 500;

const PATTERN_MATCH = /\b(i?like|similar to)\b/i;

/** One read: a SELECT or WITH, alone (a text with `;` may hold several statements, which only the simple protocol runs). */
const SINGLE_READ = /^\s*\(?\s*(select|with)\b[^;]*$/i;

/** Whether a query runs as a named statement: it has parameters or is one read, and is not a pattern match. */
export function runsPrepared(text: string, parameters: readonly unknown[]): boolean {
  return (parameters.length > 0 || SINGLE_READ.test(text)) && !PATTERN_MATCH.test(text);
}
