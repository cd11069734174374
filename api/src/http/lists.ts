/** Pagination and search helpers shared by every list endpoint. */
import { type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { LIST_WINDOW, MESSAGES } from 'shared-contracts';
import type { DB } from '../db/schema';
import { badRequest } from './errors';

export interface Page {
  page: number;
  limit: number;
}

/** The page's first row; a page that starts beyond the first LIST_WINDOW rows is refused (bounded deep pages). */
export function offsetOf({ page, limit }: Page): number {
  const offset = (page - 1) * limit;
  if (offset >= LIST_WINDOW) throw badRequest(MESSAGES.listWindow, 'page');
  return offset;
}

/**
 * The first page of a list at one of its own page sizes (`pageSizes`) is written with its LIMIT as a
 * literal and no OFFSET; any other page with both as parameters. PostgreSQL takes a LIMIT or OFFSET it
 * cannot see for a tenth of the rows, so a plan made for any value looks dearer than the one for the
 * value at hand, and a statement with them is planned anew on every request (db/prepared-statements.ts);
 * the first page, by far the most asked for, is then planned once per connection. The store list's first
 * page by rating, its SQL alone: 3,690-3,710 statements/s with parameters, 10,930-11,370 with the literal
 * (pgbench, 10 clients, full size). Only the list's own sizes: a bounded number of texts, whatever
 * limits clients send.
 */
export interface PageBounds {
  /** The LIMIT of a first page at one of the list's page sizes (written as a literal), else null. */
  firstPage: number | null;
  limit: number;
  offset: number;
}

/** Where a page starts and ends (offsetOf), and whether it is a first page at one of `pageSizes`. */
export function pageBounds(page: Page, pageSizes: readonly number[]): PageBounds {
  const offset = offsetOf(page);
  return { firstPage: offset === 0 && pageSizes.includes(page.limit) ? page.limit : null, limit: page.limit, offset };
}

/** A query that pages (Kysely's select builder). */
interface Pageable<Q> {
  limit(limit: number | RawBuilder<number>): Q;
  offset(offset: number): Q;
}

/**
 * `query` limited to the page: LIMIT as a literal for a first page (`firstPage`), else LIMIT and OFFSET
 * as parameters (values, or compiledOnce's stand-ins for them).
 */
export function limitedToPage<Q extends Pageable<Q>>(query: Q, { firstPage, limit, offset }: PageBounds): Q {
  return firstPage !== null ? query.limit(sql.lit(firstPage)) : query.limit(limit).offset(offset);
}

export interface Total {
  total: number;
  /** True when the matches were counted only up to LIST_WINDOW and there are more. */
  capped?: boolean;
}

/** The list answer's counts: `totalPages` is how many pages can be opened (within LIST_WINDOW rows). */
export function pageInfo({ page, limit }: Page, counted: number | Total) {
  const { total, capped } = typeof counted === 'number' ? { total: counted, capped: false } : counted;
  return {
    total,
    page,
    limit,
    totalPages: Math.ceil(Math.min(total, LIST_WINDOW) / limit),
    ...(capped ? { totalCapped: true } : {}),
  };
}

/**
 * A query's rows counted up to LIST_WINDOW + 1 (one row, `n`): a search matching a quarter of a large
 * table costs a window's worth of rows, not the table. `totalWithinWindow` reads the count.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any list query of any table (Kysely's builder types per table)
export function windowCount(db: Kysely<DB>, query: SelectQueryBuilder<any, any, any>) {
  return db
    .selectFrom(
      query
        .select(sql<number>`1`.as('one'))
        .limit(LIST_WINDOW + 1)
        .as('window'),
    )
    .select(sql<number>`count(*)`.as('n'));
}

/** The total of a list from its windowCount: beyond LIST_WINDOW, capped. */
export function totalWithinWindow(count: number | string): Total {
  const n = Number(count);
  return n > LIST_WINDOW ? { total: LIST_WINDOW, capped: true } : { total: n };
}

/** Counts a query's rows up to LIST_WINDOW (windowCount, run now). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as windowCount
export async function countWithinWindow(db: Kysely<DB>, query: SelectQueryBuilder<any, any, any>): Promise<Total> {
  return totalWithinWindow((await windowCount(db, query).executeTakeFirstOrThrow()).n);
}

/** An ILIKE pattern matching `search` as a literal substring: %, _ and \ in it match themselves. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * `search` as a case-insensitive substring of a search_text column (the searched fields, lowercased and
 * joined by chr(31), migration 0003): one LIKE on a trigram index. A search holding that separator
 * could only match across two fields, so it matches nothing.
 */
export function searchTextMatches(column: RawBuilder<unknown>, search: string): RawBuilder<boolean> {
  if (!isSearchable(search)) return sql<boolean>`false`;
  return searchTextLike(column, containsPattern(search));
}

/** Whether a search can match a search_text column at all (it does not hold the fields' separator). */
export function isSearchable(search: string): boolean {
  return !search.includes('\u001f');
}

/** A search_text column against a containsPattern (lowercased here, as the column is). */
export function searchTextLike(column: RawBuilder<unknown>, pattern: string): RawBuilder<boolean> {
  return sql<boolean>`${column} like lower(${pattern}) escape '\\'`;
}

/** `column ILIKE pattern` with backslash as the escape character. */
export function ilike(column: RawBuilder<unknown>, pattern: string): RawBuilder<boolean> {
  return sql<boolean>`${column} ilike ${pattern} escape '\\'`;
}

/** A text sort key that matches the case-insensitive sort indexes of the migrations. */
export function textSortKey(tableColumn: string): RawBuilder<string> {
  return sql<string>`lower(${sql.ref(tableColumn)}) collate "C"`;
}
