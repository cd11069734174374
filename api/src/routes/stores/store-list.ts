/**
 * The store list's page and count (GET /api/stores). A store's columns live in `stores`, its figures in
 * `store_figures` (one row each). Each condition and the sort read one of the two tables; the page is
 * found in the table(s) they read, and the other table is joined to the page's rows only: a deep page
 * by name walks the name index alone, the best-rated page the figures' rating index alone, and only a
 * list that reads both (a search by rating) joins before it pages. The count reads only the table(s)
 * its conditions read.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { StoreCategory } from 'shared-contracts';
import type { DB } from '../../db/schema';
import { countRows } from '../../db/row-counts';
import { countWithinWindow, offsetOf, searchTextMatches } from '../../http/lists';
import { STORE_COLUMNS, STORE_SORT_KEYS, storesWithFigures } from './queries';

export interface StoreListQuery {
  page: number;
  limit: number;
  sortBy: 'name' | 'rating' | 'created_at';
  sortOrder: 'asc' | 'desc';
  search?: string;
  category?: StoreCategory;
  minRating?: number;
  /** Only stores this user has not rated and does not own (recommendations). */
  unratedBy?: number;
}

type Side = 'stores' | 'figures';

export async function storeListPage(db: Kysely<DB>, query: StoreListQuery) {
  const { page, limit, sortBy, sortOrder, search, category, minRating, unratedBy } = query;
  const conditions: Array<{ side: Side; holds: RawBuilder<boolean> }> = [];
  // Name or address (stores.search_text).
  if (search) conditions.push({ side: 'stores', holds: searchTextMatches(sql.ref('stores.search_text'), search) });
  // By rating, the category's own rating index (store_figures keeps a copy of the category); else the stores' indexes.
  if (category) {
    conditions.push(
      sortBy === 'rating'
        ? { side: 'figures', holds: sql<boolean>`store_figures.category = ${category}` }
        : { side: 'stores', holds: sql<boolean>`stores.category = ${category}` },
    );
  }
  // Unrated stores have average 0, so minRating 0 keeps them and any higher bound drops them.
  if (minRating !== undefined) {
    conditions.push({ side: 'figures', holds: sql<boolean>`store_figures.average_rating >= ${String(minRating)}::numeric` });
  }
  if (unratedBy !== undefined) {
    // The unique (user_id, store_id) index answers the NOT EXISTS.
    conditions.push({
      side: 'stores',
      holds: sql<boolean>`stores.owner_id <> ${unratedBy} and not exists (select 1 from ratings where ratings.store_id = stores.id and ratings.user_id = ${unratedBy})`,
    });
  }
  const filters = (side: Side) => conditions.some((c) => c.side === side);
  const sortSide: Side = sortBy === 'rating' ? 'figures' : 'stores';
  const reads = (side: Side) => sortSide === side || filters(side);
  const matching = <Q extends { where(condition: RawBuilder<boolean>): Q }>(q: Q) => conditions.reduce((acc, c) => acc.where(c.holds), q);
  const offset = offsetOf({ page, limit });
  const sortKey = STORE_SORT_KEYS[sortBy];

  let rows;
  if (!reads('figures')) {
    const pageOfStores = matching(db.selectFrom('stores').selectAll('stores'))
      .orderBy(sortKey, sortOrder)
      .orderBy('stores.id', sortOrder)
      .limit(limit)
      .offset(offset)
      .as('stores');
    rows = db.selectFrom(pageOfStores).innerJoin('store_figures', 'store_figures.store_id', 'stores.id');
  } else if (!reads('stores')) {
    const pageOfFigures = matching(db.selectFrom('store_figures').selectAll('store_figures'))
      .orderBy(sortKey, sortOrder)
      .orderBy('store_figures.store_id', sortOrder)
      .limit(limit)
      .offset(offset)
      .as('store_figures');
    rows = db.selectFrom(pageOfFigures).innerJoin('stores', 'stores.id', 'store_figures.store_id');
  } else {
    rows = matching(storesWithFigures(db)).limit(limit).offset(offset);
  }
  // The count reads only what its conditions read (the order does not matter to it).
  const counted = !filters('figures')
    ? matching(db.selectFrom('stores'))
    : !filters('stores')
      ? matching(db.selectFrom('store_figures'))
      : matching(storesWithFigures(db));

  const [stores, total] = await Promise.all([
    pageRows(rows),
    // All stores: the kept count. Filtered: the matches, counted up to LIST_WINDOW.
    conditions.length > 0 ? countWithinWindow(db, counted) : countRows(db, 'stores'),
  ]);
  return { stores, total };

  /** The page's rows in the list's order (again: a join does not keep the order of its input). */
  function pageRows(from: ReturnType<typeof storesWithFigures>) {
    return from.select(STORE_COLUMNS).orderBy(sortKey, sortOrder).orderBy('stores.id', sortOrder).execute();
  }
}
