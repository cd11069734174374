/**
 * What a hundred thousand stores and a million ratings need (issue "Performance at scale"). The
 * functions and triggers below are this migration's versions; their current definitions are in db/functions/.
 *
 * - row_counts and row_totals: how many users, stores and ratings (per star) were created on each UTC day, kept by
 *   statement-level triggers in the same transaction as every insert, delete and created_at or star
 *   change, so the dashboards' totals and 30-day growth are a sum over a few dozen small rows,
 *   never a count over the tables. Each connection writes its own `slot` (backend pid mod 16), so
 *   concurrent rating writes do not queue on one counter row (16 slots: a pool's connections have
 *   consecutive pids); readers sum the slots.
 * - rate_store(): the rating upsert in one round trip.
 * - store_months: each store's ratings per calendar month, for the owner dashboard's trend.
 * - search_text (the searched fields, lowercased) with a trigram index (pg_trgm) for the
 *   case-insensitive substring searches of the store list and the admin lists.
 * - the ratings of one user, newest first, as an index (the customer's dashboard and My Ratings), and
 *   the top-rated stores in the admin dashboard's order.
 *
 * The statements are written out here, not generated: a released migration never changes.
 */
const SLOT = 'pg_backend_pid() % 16';
const UTC_DAY = (column: string) => `(${column} at time zone 'UTC')::date`;
const MONTH = (column: string) => `date_trunc('month', ${column} at time zone 'UTC')::date`;

/**
 * Adds a statement's changes to both counters: `deltas` is a query giving (subject, day, n) rows.
 * row_counts keeps them per day (for the 30-day growth), row_totals per subject (the totals).
 */
const applyDeltas = (deltas: string) => `
      with deltas as (${deltas}),
      by_day as (
        insert into row_counts (subject, day, slot, n)
          select subject, day, ${SLOT}, sum(n) from deltas group by 1, 2
          on conflict (subject, day, slot) do update set n = row_counts.n + excluded.n
      )
      insert into row_totals (subject, slot, n)
        select subject, ${SLOT}, sum(n) from deltas group by 1
        on conflict (subject, slot) do update set n = row_totals.n + excluded.n;`;

/** users and stores: one subject per table, named by the trigger's argument; an update counts only a moved created_at. */
const trackTable = `create function row_counts_track() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then${applyDeltas(`select tg_argv[0] as subject, ${UTC_DAY('created_at')} as day, 1 as n from new_rows`)}
    elsif tg_op = 'DELETE' then${applyDeltas(`select tg_argv[0] as subject, ${UTC_DAY('created_at')} as day, -1 as n from old_rows`)}
    else${applyDeltas(`
        select tg_argv[0] as subject, ${UTC_DAY('o.created_at')} as day, -1 as n
          from old_rows o join new_rows n on n.id = o.id where o.created_at is distinct from n.created_at
        union all
        select tg_argv[0], ${UTC_DAY('n.created_at')}, 1
          from old_rows o join new_rows n on n.id = o.id where o.created_at is distinct from n.created_at`)}
    end if;
    return null;
  end
$$`;

/** ratings: one subject per star ('ratings_1' … 'ratings_5'), so the distribution is kept too. */
const trackRatings = `create function row_counts_track_ratings() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then${applyDeltas(`select 'ratings_' || rating as subject, ${UTC_DAY('created_at')} as day, 1 as n from new_rows`)}
    elsif tg_op = 'DELETE' then${applyDeltas(`select 'ratings_' || rating as subject, ${UTC_DAY('created_at')} as day, -1 as n from old_rows`)}
    else${applyDeltas(`
        select 'ratings_' || o.rating as subject, ${UTC_DAY('o.created_at')} as day, -1 as n
          from old_rows o join new_rows n on n.id = o.id
          where o.rating <> n.rating or o.created_at is distinct from n.created_at
        union all
        select 'ratings_' || n.rating, ${UTC_DAY('n.created_at')}, 1
          from old_rows o join new_rows n on n.id = o.id
          where o.rating <> n.rating or o.created_at is distinct from n.created_at`)}
    end if;
    return null;
  end
$$`;

/** One statement-level trigger per event (a trigger with transition tables may have only one). */
const triggersOn = (table: string, name: string, fn: string) => [
  `create trigger ${table}_${name}_insert after insert on ${table}
    referencing new table as new_rows for each statement execute function ${fn}`,
  `create trigger ${table}_${name}_delete after delete on ${table}
    referencing old table as old_rows for each statement execute function ${fn}`,
  `create trigger ${table}_${name}_update after update on ${table}
    referencing old table as old_rows new table as new_rows for each statement execute function ${fn}`,
];

/** Recounts everything from the tables: at migration, and after a bulk load with the triggers off. */
const rebuild = `create function row_counts_rebuild() returns void language sql as $$
  delete from store_months;
  insert into store_months (store_id, month, n, stars)
    select store_id, ${MONTH('created_at')}, count(*), sum(rating) from ratings group by 1, 2;
  delete from row_counts;
  insert into row_counts (subject, day, slot, n)
    select 'users', ${UTC_DAY('created_at')}, 0, count(*) from users group by 2;
  insert into row_counts (subject, day, slot, n)
    select 'stores', ${UTC_DAY('created_at')}, 0, count(*) from stores group by 2;
  insert into row_counts (subject, day, slot, n)
    select 'ratings_' || rating, ${UTC_DAY('created_at')}, 0, count(*) from ratings group by 1, 2;
  delete from row_totals;
  insert into row_totals (subject, slot, n) select subject, 0, sum(n) from row_counts group by 1;
$$`;

/**
 * store_months: each store's ratings per UTC calendar month of their creation (count and star sum), for
 * the owner dashboard's trend. Kept like row_counts; the stores row of the same store is already
 * locked by every rating write (its figures), so this adds no new point of contention.
 */
const trackStoreMonths = `create function store_months_track() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then
      insert into store_months (store_id, month, n, stars)
        select store_id, ${MONTH('created_at')}, count(*), sum(rating) from new_rows group by 1, 2
        on conflict (store_id, month) do update set n = store_months.n + excluded.n, stars = store_months.stars + excluded.stars;
    elsif tg_op = 'DELETE' then
      -- A store's own deletion takes its months with it (cascade); what is left to subtract is gone already.
      insert into store_months (store_id, month, n, stars)
        select store_id, ${MONTH('created_at')}, -count(*), -sum(rating) from old_rows o
        where exists (select 1 from stores where stores.id = o.store_id) group by 1, 2
        on conflict (store_id, month) do update set n = store_months.n + excluded.n, stars = store_months.stars + excluded.stars;
    else
      insert into store_months (store_id, month, n, stars)
        select store_id, month, sum(n), sum(stars) from (
          select o.store_id, ${MONTH('o.created_at')} as month, -1 as n, -o.rating as stars
            from old_rows o join new_rows n on n.id = o.id
            where o.rating <> n.rating or o.created_at is distinct from n.created_at or o.store_id <> n.store_id
          union all
          select n.store_id, ${MONTH('n.created_at')}, 1, n.rating
            from old_rows o join new_rows n on n.id = o.id
            where o.rating <> n.rating or o.created_at is distinct from n.created_at or o.store_id <> n.store_id
        ) moved group by 1, 2
        on conflict (store_id, month) do update set n = store_months.n + excluded.n, stars = store_months.stars + excluded.stars;
    end if;
    return null;
  end
$$`;

/**
 * A customer rates a store, in one statement (one round trip, one transaction): the store must exist
 * and not be theirs; their rating of it is created or replaced; the answer is the rating, whether it
 * was new, and the store's figures right after this write (the aggregates trigger holds the store
 * row's lock until commit, so no other write comes in between). No row: nothing was written (no such
 * store, or the caller's own).
 */
const rateStore = `create function rate_store(p_user integer, p_store integer, p_rating smallint, p_comment text)
  returns table (
    id integer, store_id integer, user_id integer, rating smallint, comment text,
    created_at timestamptz, updated_at timestamptz, inserted boolean,
    average_rating numeric, rating_count integer,
    rating_1 integer, rating_2 integer, rating_3 integer, rating_4 integer, rating_5 integer
  )
  language plpgsql as $$
  #variable_conflict use_column
  declare
    v_id integer;
    v_inserted boolean;
  begin
    insert into ratings as r (user_id, store_id, rating, comment)
      select p_user, s.id, p_rating, p_comment from stores s where s.id = p_store and s.owner_id <> p_user
      on conflict (user_id, store_id) do update set rating = excluded.rating, comment = excluded.comment, updated_at = now()
      returning r.id, (r.xmax = 0) into v_id, v_inserted;
    if v_id is null then
      return;
    end if;
    return query
      select r.id, r.store_id, r.user_id, r.rating, r.comment, r.created_at, r.updated_at, v_inserted,
             s.average_rating, s.rating_count, s.rating_1, s.rating_2, s.rating_3, s.rating_4, s.rating_5
      from ratings r join stores s on s.id = r.store_id
      where r.id = v_id;
  end
$$`;

/**
 * pg_trgm's operator class lives in whatever schema the extension was installed into (one per
 * database), so the index statements name it from the catalogue. Two migrations racing to create the
 * extension is not an error.
 */
const trigramIndexes = `do $$
  declare ext_schema text;
  begin
    begin
      create extension if not exists pg_trgm with schema public;
    exception when unique_violation or duplicate_object then null;
    end;
    select n.nspname into ext_schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm';
    execute format('create index stores_search_trgm_idx on stores using gin (search_text %I.gin_trgm_ops)', ext_schema);
    execute format('create index stores_email_trgm_idx on stores using gin (email %I.gin_trgm_ops)', ext_schema);
    execute format('create index users_search_trgm_idx on users using gin (search_text %I.gin_trgm_ops)', ext_schema);
  end
$$`;

export const statements = [
  `create table row_counts (
    subject text not null,
    day date not null,
    slot smallint not null,
    n bigint not null,
    primary key (subject, day, slot)
  )`,
  `create table row_totals (
    subject text not null,
    slot smallint not null,
    n bigint not null,
    primary key (subject, slot)
  )`,
  `create table store_months (
    store_id integer not null references stores (id) on delete cascade,
    month date not null,
    n integer not null,
    stars integer not null,
    primary key (store_id, month)
  )`,
  trackTable,
  trackRatings,
  trackStoreMonths,
  ...triggersOn('users', 'row_counts', `row_counts_track('users')`),
  ...triggersOn('stores', 'row_counts', `row_counts_track('stores')`),
  ...triggersOn('ratings', 'row_counts', 'row_counts_track_ratings()'),
  ...triggersOn('ratings', 'store_months', 'store_months_track()'),
  rebuild,
  `select row_counts_rebuild()`,
  rateStore,
  // What the searches look in, lowercased once when a row is written: one LIKE per row instead of an
  // ILIKE per column. Fields are joined by a unit separator (chr(31)), which a search cannot contain.
  `alter table stores add column search_text text generated always as (lower(name) || chr(31) || lower(address)) stored`,
  `alter table users add column search_text text
    generated always as (lower(name) || chr(31) || lower(email) || chr(31) || lower(address)) stored`,
  trigramIndexes,
  `create index ratings_user_recent_idx on ratings (user_id, created_at desc, id desc)`,
  // The owner dashboard's ratings table per store, by stars or by id (its store-name order).
  `create index ratings_store_rating_idx on ratings (store_id, rating, id)`,
  `create index ratings_store_id_idx on ratings (store_id, id)`,
  // The admin dashboard's top stores: best average, then most ratings, then oldest id.
  `create index stores_top_rated_idx on stores (average_rating desc, rating_count desc, id) where rating_count > 0`,
];
