/**
 * A store's rating figures move out of the stores row into a narrow table of their own, store_figures
 * (issue "An API that beats a plain Express server": writes that touch only what they change).
 *
 * Every rating write changed its store's average, an indexed column of stores, so PostgreSQL wrote a
 * new version of the whole store row and a new entry in each of its 14 indexes, both trigram GIN
 * indexes included (18 of 97,266 such updates were HOT). store_figures carries only the figures, the
 * category (copied, for the category's rating order) and the three indexes that sort by them; a rating
 * write now updates that row and its four index entries, and the stores row is only locked.
 *
 * The triggers that kept the daily counts and the monthly trend of ratings (four statement triggers
 * per upsert, through a SQL function planned again on every call) become one statement trigger per
 * event (db/functions/rating_counts.sql); the old ones are dropped here. The new functions and
 * triggers are in db/functions/, applied after the migrations.
 * The statements are written out here, not generated: a released migration never changes.
 */
export const statements = [
  `create table store_figures (
    store_id integer primary key references stores (id) on delete cascade,
    category text not null,
    rating_count integer not null default 0 check (rating_count >= 0),
    rating_sum integer not null default 0 check (rating_sum >= 0),
    rating_1 integer not null default 0,
    rating_2 integer not null default 0,
    rating_3 integer not null default 0,
    rating_4 integer not null default 0,
    rating_5 integer not null default 0,
    average_rating numeric(3, 2) generated always as (
      case when rating_count = 0 then 0 else round(rating_sum::numeric / rating_count, 2) end
    ) stored
  )`,
  `insert into store_figures (store_id, category, rating_count, rating_sum, rating_1, rating_2, rating_3, rating_4, rating_5)
    select id, category, rating_count, rating_sum, rating_1, rating_2, rating_3, rating_4, rating_5 from stores`,
  // The store list by rating, the same within a category, and the admin dashboard's top stores.
  `create index store_figures_rating_sort_idx on store_figures (average_rating, store_id)`,
  `create index store_figures_category_rating_sort_idx on store_figures (category, average_rating, store_id)`,
  `create index store_figures_top_rated_idx on store_figures (average_rating desc, rating_count desc, store_id) where rating_count > 0`,
  `drop index stores_rating_sort_idx`,
  `drop index stores_category_rating_sort_idx`,
  `drop index stores_top_rated_idx`,
  `alter table stores drop column average_rating, drop column rating_count, drop column rating_sum,
    drop column rating_1, drop column rating_2, drop column rating_3, drop column rating_4, drop column rating_5`,
  `drop trigger ratings_row_counts_insert on ratings`,
  `drop trigger ratings_row_counts_delete on ratings`,
  `drop trigger ratings_row_counts_update on ratings`,
  `drop trigger ratings_store_months_insert on ratings`,
  `drop trigger ratings_store_months_delete on ratings`,
  `drop trigger ratings_store_months_update on ratings`,
  `drop function row_counts_track_ratings()`,
  `drop function store_months_track()`,
  // Every rating write leaves a dead version of its store's figures row: vacuumed after 2% of the rows
  // changed instead of the default 20%, so the table and its indexes stay small.
  `alter table store_figures set (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.05)`,
  // The planner's statistics at once, not at autovacuum's next round.
  `analyze store_figures`,
  // rate_store's result keeps its columns; its body (db/functions/rate_store.sql) reads store_figures.
];
