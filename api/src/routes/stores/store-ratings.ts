/**
 * A page of a store's ratings and how many match, in one statement (GET /api/stores/:id/ratings): one
 * row per rating with the matching count, a single row without a rating for a store with none (that
 * match), and no row for no such store.
 *
 * Ratings an admin hid are left out (the kept figures leave them out too); each rating carries its
 * helpful votes and whether the caller gave one.
 *
 * The order (newest, oldest, most or fewest stars, most helpful; ties newest first) and which filters a list has (one
 * star count, only ratings with a comment) are its shape: each shape's SQL is built and compiled once
 * (db/compiled-once.ts), 3 × 2 × 4 shapes at most. The count is the store's kept figures wherever they
 * answer it (all ratings: rating_count; one star count: rating_N); only "with a comment" counts rows,
 * up to LIST_WINDOW.
 */
import { type Kysely, sql } from 'kysely';
import { LIST_WINDOW, type StoreRatingsSortField } from 'shared-contracts';
import { compiledOnce, type CompiledOnceQuery } from '../../db/compiled-once';
import type { DB } from '../../db/schema';
import { offsetOf, type Total, totalWithinWindow } from '../../http/lists';

export interface StoreRatingsQuery {
  page: number;
  limit: number;
  sortBy: StoreRatingsSortField;
  sortOrder: 'asc' | 'desc';
  stars?: number;
  withComment?: boolean;
}

/** What decides the SQL. */
export interface RatingsShape {
  sortBy: StoreRatingsSortField;
  sortOrder: 'asc' | 'desc';
  stars: boolean;
  withComment: boolean;
}

/** The values a shape's SQL takes (`stars` is read only by shapes that filter by it). */
export interface RatingsParams {
  storeId: number;
  /** The signed-in reader, for their own helpful votes. */
  caller: number;
  stars: number;
  limit: number;
  offset: number;
}

/** The default list: newest first, no filters (the hot path, and what the original client asks for). */
export const NEWEST_FIRST: RatingsShape = { sortBy: 'created_at', sortOrder: 'desc', stars: false, withComment: false };

type RatingRow = Awaited<ReturnType<ReturnType<typeof storeRatingsPageQuery>['execute']>>[number];

const compiledShapes = new Map<string, CompiledOnceQuery<RatingsParams, RatingRow>>();

export async function storeRatingsPage(
  db: Kysely<DB>,
  storeId: number,
  caller: number,
  query: StoreRatingsQuery,
): Promise<{ ratings: Array<NonNullRating>; total: Total } | undefined> {
  const { page, limit, sortBy, sortOrder, stars, withComment = false } = query;
  const shape: RatingsShape = { sortBy, sortOrder, stars: stars !== undefined, withComment };
  const key = JSON.stringify(shape);
  let compiled = compiledShapes.get(key);
  if (!compiled) {
    compiled = compiledOnce((kysely: Kysely<DB>, p: RatingsParams) => storeRatingsPageQuery(kysely, shape, p));
    compiledShapes.set(key, compiled);
  }
  const rows = await compiled.execute(db, { storeId, caller, stars: stars ?? 0, limit, offset: offsetOf({ page, limit }) });
  if (rows.length === 0) return undefined;
  const matching = Number(rows[0].matching);
  return {
    ratings: rows.flatMap((r) => (r.id === null ? [] : [r as NonNullRating])),
    // Kept figures are exact; a counted filter is counted up to LIST_WINDOW.
    total: shape.withComment ? totalWithinWindow(matching) : { total: matching },
  };
}

/** A row that holds a rating: every column set but the comment (which may be null). */
export type NonNullRating = { [K in Exclude<keyof RatingRow, 'matching' | 'comment'>]: NonNullable<RatingRow[K]> } & {
  comment: string | null;
};

export function storeRatingsPageQuery(db: Kysely<DB>, shape: RatingsShape, p: RatingsParams) {
  const direction = shape.sortOrder;
  return db
    .selectFrom('store_figures')
    .leftJoinLateral(
      (eb) => {
        let page = eb
          .selectFrom('ratings')
          .innerJoin('users', 'users.id', 'ratings.user_id')
          .leftJoin('rating_replies', 'rating_replies.rating_id', 'ratings.id')
          .select([
            'ratings.id',
            'ratings.rating',
            'ratings.comment',
            'users.name as user_name',
            'ratings.created_at',
            'ratings.updated_at',
            'rating_replies.body as reply_body',
            'rating_replies.created_at as reply_created_at',
            'rating_replies.updated_at as reply_updated_at',
            'ratings.helpful_count',
            sql<boolean>`exists (select 1 from rating_votes v where v.rating_id = ratings.id and v.user_id = ${p.caller})`.as(
              'voted_helpful',
            ),
          ])
          .whereRef('ratings.store_id', '=', 'store_figures.store_id')
          .where('ratings.hidden_at', 'is', null);
        if (shape.stars) page = page.where('ratings.rating', '=', sql<number>`${p.stars}::smallint`);
        if (shape.withComment) page = page.where(sql<boolean>`ratings.comment <> ''`);
        // By stars or votes, the same stars or votes newest first; by date, the id breaks ties.
        if (shape.sortBy === 'helpful')
          page = page.orderBy('ratings.helpful_count', direction).orderBy('ratings.created_at', 'desc').orderBy('ratings.id', 'desc');
        else if (shape.sortBy === 'rating')
          page = page.orderBy('ratings.rating', direction).orderBy('ratings.created_at', 'desc').orderBy('ratings.id', 'desc');
        else page = page.orderBy('ratings.created_at', direction).orderBy('ratings.id', direction);
        return page.limit(p.limit).offset(p.offset).as('page');
      },
      (join) => join.onTrue(),
    )
    .innerJoin('stores', 'stores.id', 'store_figures.store_id')
    .select([
      matchingCount(shape, p).as('matching'),
      'stores.name as store_name',
      'page.id',
      'page.rating',
      'page.comment',
      'page.user_name',
      'page.created_at',
      'page.updated_at',
      'page.reply_body',
      'page.reply_created_at',
      'page.reply_updated_at',
      'page.helpful_count',
      'page.voted_helpful',
    ])
    .where('store_figures.store_id', '=', p.storeId);
}

/** How many of the store's ratings the shape's filters keep (see the file's comment). */
function matchingCount(shape: RatingsShape, p: RatingsParams) {
  if (shape.withComment) {
    const stars = shape.stars ? sql`and r.rating = ${p.stars}::smallint` : sql``;
    return sql<number>`(select count(*) from (select 1 from ratings r where r.store_id = store_figures.store_id and r.hidden_at is null and r.comment <> '' ${stars} limit ${LIST_WINDOW + 1}) w)`;
  }
  if (shape.stars) {
    return sql<number>`(array[store_figures.rating_1, store_figures.rating_2, store_figures.rating_3, store_figures.rating_4, store_figures.rating_5])[${p.stars}::int]`;
  }
  return sql<number>`store_figures.rating_count`;
}
