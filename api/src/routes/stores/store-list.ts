/**
 * The store list's page and count (GET /api/stores). A store's columns live in `stores`, its figures in
 * `store_figures` (one row each). Each condition and the sort read one of the two tables; the page is
 * found in the table(s) they read, and the other table is joined to the page's rows only: a deep page
 * by name walks the name index alone, the best-rated page the figures' rating index alone, and only a
 * list that reads both (a search by rating) joins before it pages. The count reads only the table(s)
 * its conditions read.
 *
 * Which conditions a list has and how it is sorted (its shape) decide the SQL; the values only fill it
 * in. So each shape's page and count are built and compiled once (db/compiled-once.ts), the first time
 * a list of that shape is asked for: 3 orders × 2 directions × 32 sets of conditions × 3 (a first page
 * of 12 or 6, planned once, or any other page) at most.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { RECOMMENDATIONS_FETCH_LIMIT, STORE_PAGE_SIZE, type StoreCategory } from 'shared-contracts';
import { compiledOnce, type CompiledOnceQuery } from '../../db/compiled-once';
import type { DB } from '../../db/schema';
import { countRows } from '../../db/row-counts';
import { containsPattern, isSearchable, limitedToPage, pageBounds, searchTextLike, totalWithinWindow, windowCount } from '../../http/lists';
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
  /** Only stores of this city (case-insensitive). */
  city?: string;
  /** The signed-in user: each store carries their own rating of it (my_rating). */
  caller: number;
}

/** The store list's own page sizes: the stores page, and the recommendations' fetch. */
const PAGE_SIZES = [STORE_PAGE_SIZE, RECOMMENDATIONS_FETCH_LIMIT];

/**
 * What decides a list's SQL. `search` 'none' matches nothing (a search holding the fields' separator).
 * `firstPage`: the LIMIT of a first page at one of PAGE_SIZES, written into the SQL (http/lists.ts).
 */
export interface Shape {
  sortBy: StoreListQuery['sortBy'];
  sortOrder: StoreListQuery['sortOrder'];
  search: 'absent' | 'text' | 'none';
  category: boolean;
  minRating: boolean;
  unratedBy: boolean;
  city: boolean;
  firstPage: number | null;
}

/** The values a shape's SQL takes (those of conditions the shape lacks are not read). */
export interface ListParams {
  pattern: string;
  category: StoreCategory;
  minRating: string;
  unratedBy: number;
  city: string;
  caller: number;
  limit: number;
  offset: number;
}

type StoreRow = Awaited<ReturnType<ReturnType<typeof pageQuery>['execute']>>[number];

interface CompiledList {
  page: CompiledOnceQuery<ListParams, StoreRow>;
  /** Absent for a list without conditions: its total is the kept count of stores. */
  count?: CompiledOnceQuery<ListParams, { n: number }>;
}

const compiledShapes = new Map<string, CompiledList>();

export async function storeListPage(db: Kysely<DB>, query: StoreListQuery) {
  const { page, limit, sortBy, sortOrder, search, category, minRating, unratedBy, city, caller } = query;
  const bounds = pageBounds({ page, limit }, PAGE_SIZES);
  const shape: Shape = {
    sortBy,
    sortOrder,
    search: search ? (isSearchable(search) ? 'text' : 'none') : 'absent',
    category: category !== undefined,
    minRating: minRating !== undefined,
    unratedBy: unratedBy !== undefined,
    city: city !== undefined,
    firstPage: bounds.firstPage,
  };
  const key = JSON.stringify(shape);
  let compiled = compiledShapes.get(key);
  if (!compiled) {
    compiled = compileShape(shape);
    compiledShapes.set(key, compiled);
  }
  const params: ListParams = {
    pattern: search ? containsPattern(search) : '',
    category: category ?? 'Other',
    // Unrated stores have average 0, so minRating 0 keeps them and any higher bound drops them.
    minRating: String(minRating ?? 0),
    unratedBy: unratedBy ?? 0,
    city: city ?? '',
    caller,
    limit,
    offset: bounds.offset,
  };
  const [stores, total] = await Promise.all([
    compiled.page.execute(db, params),
    // All stores: the kept count. Filtered: the matches, counted up to LIST_WINDOW.
    compiled.count ? compiled.count.executeTakeFirst(db, params).then((row) => totalWithinWindow(row?.n ?? 0)) : countRows(db, 'stores'),
  ]);
  return { stores, total };
}

function compileShape(shape: Shape): CompiledList {
  const hasConditions = shape.search !== 'absent' || shape.category || shape.minRating || shape.unratedBy || shape.city;
  return {
    page: compiledOnce((db: Kysely<DB>, p: ListParams) => pageQuery(db, shape, p)),
    ...(hasConditions ? { count: compiledOnce((db: Kysely<DB>, p: ListParams) => countQuery(db, shape, p)) } : {}),
  };
}

type Side = 'stores' | 'figures';

/** The shape's conditions, each with the table it reads. */
function conditionsOf(shape: Shape, p: ListParams) {
  const conditions: Array<{ side: Side; holds: RawBuilder<boolean> }> = [];
  // Name or address (stores.search_text).
  if (shape.search === 'text') conditions.push({ side: 'stores', holds: searchTextLike(sql.ref('stores.search_text'), p.pattern) });
  if (shape.search === 'none') conditions.push({ side: 'stores', holds: sql<boolean>`false` });
  // By rating, the category's own rating index (store_figures keeps a copy of the category); else the stores' indexes.
  if (shape.category) {
    conditions.push(
      shape.sortBy === 'rating'
        ? { side: 'figures', holds: sql<boolean>`store_figures.category = ${p.category}` }
        : { side: 'stores', holds: sql<boolean>`stores.category = ${p.category}` },
    );
  }
  if (shape.minRating) {
    conditions.push({ side: 'figures', holds: sql<boolean>`store_figures.average_rating >= ${p.minRating}::numeric` });
  }
  if (shape.unratedBy) {
    // The unique (user_id, store_id) index answers the NOT EXISTS.
    conditions.push({
      side: 'stores',
      holds: sql<boolean>`stores.owner_id <> ${p.unratedBy} and not exists (select 1 from ratings where ratings.store_id = stores.id and ratings.user_id = ${p.unratedBy})`,
    });
  }
  // The lower(city) index.
  if (shape.city) conditions.push({ side: 'stores', holds: sql<boolean>`lower(stores.city) = lower(${p.city})` });
  const filters = (side: Side) => conditions.some((c) => c.side === side);
  const matching = <Q extends { where(condition: RawBuilder<boolean>): Q }>(q: Q) => conditions.reduce((acc, c) => acc.where(c.holds), q);
  return { filters, matching };
}

export function pageQuery(db: Kysely<DB>, shape: Shape, p: ListParams) {
  const { sortBy, sortOrder } = shape;
  const { filters, matching } = conditionsOf(shape, p);
  const sortSide: Side = sortBy === 'rating' ? 'figures' : 'stores';
  const reads = (side: Side) => sortSide === side || filters(side);
  const sortKey = STORE_SORT_KEYS[sortBy];

  // A first page's LIMIT is in the text: its stand-ins must not be read then (compiledOnce checks each reaches the SQL).
  const page =
    shape.firstPage !== null ? { firstPage: shape.firstPage, limit: 0, offset: 0 } : { firstPage: null, limit: p.limit, offset: p.offset };
  let rows;
  if (!reads('figures')) {
    const pageOfStores = limitedToPage(
      matching(db.selectFrom('stores').selectAll('stores')).orderBy(sortKey, sortOrder).orderBy('stores.id', sortOrder),
      page,
    ).as('stores');
    rows = db.selectFrom(pageOfStores).innerJoin('store_figures', 'store_figures.store_id', 'stores.id');
  } else if (!reads('stores')) {
    const pageOfFigures = limitedToPage(
      matching(db.selectFrom('store_figures').selectAll('store_figures'))
        .orderBy(sortKey, sortOrder)
        .orderBy('store_figures.store_id', sortOrder),
      page,
    ).as('store_figures');
    rows = db.selectFrom(pageOfFigures).innerJoin('stores', 'stores.id', 'store_figures.store_id');
  } else {
    rows = limitedToPage(matching(storesWithFigures(db)), page);
  }
  // The page's rows in the list's order (again: a join does not keep the order of its input), each with
  // the caller's own stars (the unique (user_id, store_id) index: one probe per row of the page).
  return rows
    .select(STORE_COLUMNS)
    .select(
      sql<number | null>`(select ratings.rating from ratings where ratings.user_id = ${p.caller} and ratings.store_id = stores.id)`.as(
        'my_rating',
      ),
    )
    .orderBy(sortKey, sortOrder)
    .orderBy('stores.id', sortOrder);
}

/** The matches counted up to LIST_WINDOW, reading only the table(s) the conditions read (the order does not matter to it). */
export function countQuery(db: Kysely<DB>, shape: Shape, p: ListParams) {
  const { filters, matching } = conditionsOf(shape, p);
  const counted = !filters('figures')
    ? matching(db.selectFrom('stores'))
    : !filters('stores')
      ? matching(db.selectFrom('store_figures'))
      : matching(storesWithFigures(db));
  return windowCount(db, counted);
}
