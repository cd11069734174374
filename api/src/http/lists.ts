/** Pagination and search helpers shared by every list endpoint. */
import { type RawBuilder, sql } from 'kysely';

export interface Page {
  page: number;
  limit: number;
}

export function offsetOf({ page, limit }: Page): number {
  return (page - 1) * limit;
}

export function pageInfo({ page, limit }: Page, total: number) {
  return { total, page, limit, totalPages: Math.ceil(total / limit) };
}

/** An ILIKE pattern matching `search` as a literal substring: %, _ and \ in it match themselves. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** `column ILIKE pattern` with backslash as the escape character. */
export function ilike(column: RawBuilder<unknown>, pattern: string): RawBuilder<boolean> {
  return sql<boolean>`${column} ilike ${pattern} escape '\\'`;
}

/** A text sort key that matches the case-insensitive sort indexes of the migrations. */
export function textSortKey(tableColumn: string): RawBuilder<string> {
  return sql<string>`lower(${sql.ref(tableColumn)}) collate "C"`;
}
