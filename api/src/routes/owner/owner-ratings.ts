/**
 * The ratings an owner's stores received, one page in any of the table's orders, without sorting all
 * of them: each store gives its first `offset + limit` ratings in that order straight from an index
 * (ratings by store and date, by store and stars, by store and id), and only those are merged. A store
 * with tens of thousands of ratings costs a page, not a scan. Sorting by the rater's name still reads
 * every rating of the stores (no index can span the users table); it is the one order that grows.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { OwnerRatingSortField, SortOrder } from 'shared-contracts';
import type { DB } from '../../db/schema';

export interface OwnerRatingRow {
  id: number;
  store_id: number;
  store_name: string;
  rating: number;
  comment: string | null;
  user_name: string;
  user_email: string;
  created_at: Date;
  updated_at: Date;
  reply_body: string | null;
  reply_created_at: Date | null;
  reply_updated_at: Date | null;
}

/** Per sort: the order inside one store (served by an index) and the order of the merged page. */
const ORDERS: Record<OwnerRatingSortField, { inner: RawBuilder<unknown>; outer: RawBuilder<unknown> }> = {
  created_at: { inner: sql`r.created_at`, outer: sql`page.created_at` },
  rating: { inner: sql`r.rating`, outer: sql`page.rating` },
  // Within one store the store name is the same: its ratings follow by id.
  store_name: { inner: sql`r.id`, outer: sql`lower(s.name) collate "C"` },
  user_name: { inner: sql`lower(u.name) collate "C"`, outer: sql`lower(page.user_name) collate "C"` },
};

export async function ownerRatingsPage(
  db: Kysely<DB>,
  storeIds: number[],
  options: { sortBy: OwnerRatingSortField; sortOrder: SortOrder; limit: number; offset: number },
): Promise<OwnerRatingRow[]> {
  if (storeIds.length === 0) return [];
  const { inner, outer } = ORDERS[options.sortBy];
  const direction = sql.raw(options.sortOrder === 'asc' ? 'asc' : 'desc');
  const { rows } = await sql<OwnerRatingRow>`
    select page.id, page.store_id, s.name as store_name, page.rating, page.comment,
           page.user_name, page.user_email, page.created_at, page.updated_at,
           rr.body as reply_body, rr.created_at as reply_created_at, rr.updated_at as reply_updated_at
    from unnest(${storeIds}::int[]) as owned(id)
    cross join lateral (
      select r.id, r.store_id, r.rating, r.comment, r.created_at, r.updated_at, u.name as user_name, u.email as user_email
      from ratings r join users u on u.id = r.user_id
      where r.store_id = owned.id and r.hidden_at is null
      order by ${inner} ${direction}, r.id ${direction}
      limit ${options.offset + options.limit}
    ) page
    join stores s on s.id = page.store_id
    left join rating_replies rr on rr.rating_id = page.id
    order by ${outer} ${direction}, page.id ${direction}
    limit ${options.limit} offset ${options.offset}`.execute(db);
  return rows;
}
