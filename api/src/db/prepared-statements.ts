/**
 * Which statements both engines prepare: every query with parameters runs as a named statement, parsed
 * and analysed once per connection (postgres-pool.ts, and on PGlite's one connection pglite-statements.ts),
 * up to MAX_PREPARED_PER_CONNECTION texts, except a search's pattern match.
 *
 * A named statement is planned by PostgreSQL as it does by default (`plan_cache_mode` auto): for its
 * parameters the first five times on a connection, then once for all (the generic plan) when that plan
 * is estimated no dearer, which it is for our lookups by key (a store, its ratings, one's own rating, the
 * counters) and not for a page whose LIMIT it cannot see (those stay planned for their parameters). A
 * pattern's selectivity is another matter: a generic plan cannot tell a rare word from three common
 * letters, so a statement with LIKE is planned for its own pattern every time, as an unnamed statement is.
 */

/**
 * How many named statements one connection keeps at most. Our queries are a few dozen texts; what
 * varies (an IN list's length) could make more, and past this they run unnamed, as before.
 */
export const MAX_PREPARED_PER_CONNECTION = 500;

const PATTERN_MATCH = /\b(i?like|similar to)\b/i;

/** Whether a query runs as a named statement: it has parameters and is not a pattern match. */
export function runsPrepared(text: string, parameters: readonly unknown[]): boolean {
  return parameters.length > 0 && !PATTERN_MATCH.test(text);
}
