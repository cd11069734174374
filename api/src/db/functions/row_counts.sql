-- How many users, stores and ratings (per star) were created on each UTC day (row_counts) and in all
-- (row_totals), kept by statement-level triggers in the same transaction as every insert, delete and
-- created_at or star change (those of users and stores here, those of ratings in rating_counts.sql):
-- the dashboards' totals and 30-day growth are a sum over a few dozen small rows, never a count over
-- the tables. Each connection writes its own slot (backend pid mod 16), so concurrent rating writes do
-- not queue on one counter row; readers sum the slots.

-- Adds (subject, day, n) deltas to both counters: row_counts per day (the 30-day growth), row_totals per
-- subject (the totals), in this connection's slot.
create or replace function row_counts_apply(p_subjects text[], p_days date[], p_ns bigint[]) returns void language sql as $$
  with deltas as (select * from unnest(p_subjects, p_days, p_ns) as d (subject, day, n)),
  by_day as (
    insert into row_counts (subject, day, slot, n)
      select subject, day, pg_backend_pid() % 16, sum(n) from deltas group by 1, 2
      on conflict (subject, day, slot) do update set n = row_counts.n + excluded.n
  )
  insert into row_totals (subject, slot, n)
    select subject, pg_backend_pid() % 16, sum(n) from deltas group by 1
    on conflict (subject, slot) do update set n = row_totals.n + excluded.n;
$$;

-- users and stores: one subject per table, named by the trigger's argument; an update counts only a moved created_at.
create or replace function row_counts_track() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then
      perform row_counts_apply(array_agg(tg_argv[0]), array_agg((created_at at time zone 'UTC')::date), array_agg(1::bigint)) from new_rows;
    elsif tg_op = 'DELETE' then
      perform row_counts_apply(array_agg(tg_argv[0]), array_agg((created_at at time zone 'UTC')::date), array_agg(-1::bigint)) from old_rows;
    else
      perform row_counts_apply(array_agg(subject), array_agg(day), array_agg(n)) from (
        select tg_argv[0] as subject, (o.created_at at time zone 'UTC')::date as day, -1::bigint as n
          from old_rows o join new_rows r on r.id = o.id where o.created_at is distinct from r.created_at
        union all
        select tg_argv[0], (r.created_at at time zone 'UTC')::date, 1
          from old_rows o join new_rows r on r.id = o.id where o.created_at is distinct from r.created_at
      ) deltas;
    end if;
    return null;
  end
$$;

create or replace trigger users_row_counts_insert after insert on users
    referencing new table as new_rows for each statement execute function row_counts_track('users');

create or replace trigger users_row_counts_delete after delete on users
    referencing old table as old_rows for each statement execute function row_counts_track('users');

create or replace trigger users_row_counts_update after update on users
    referencing old table as old_rows new table as new_rows for each statement execute function row_counts_track('users');

create or replace trigger stores_row_counts_insert after insert on stores
    referencing new table as new_rows for each statement execute function row_counts_track('stores');

create or replace trigger stores_row_counts_delete after delete on stores
    referencing old table as old_rows for each statement execute function row_counts_track('stores');

create or replace trigger stores_row_counts_update after update on stores
    referencing old table as old_rows new table as new_rows for each statement execute function row_counts_track('stores');

create or replace function row_counts_rebuild() returns void language sql as $$
  delete from store_months;
  insert into store_months (store_id, month, n, stars)
    select store_id, date_trunc('month', created_at at time zone 'UTC')::date, count(*), sum(rating) from ratings where hidden_at is null group by 1, 2;
  delete from row_counts;
  insert into row_counts (subject, day, slot, n)
    select 'users', (created_at at time zone 'UTC')::date, 0, count(*) from users group by 2;
  insert into row_counts (subject, day, slot, n)
    select 'stores', (created_at at time zone 'UTC')::date, 0, count(*) from stores group by 2;
  insert into row_counts (subject, day, slot, n)
    select 'ratings_' || rating, (created_at at time zone 'UTC')::date, 0, count(*) from ratings where hidden_at is null group by 1, 2;
  delete from row_totals;
  insert into row_totals (subject, slot, n) select subject, 0, sum(n) from row_counts group by 1;
$$;

-- Folds each past day's slots into its slot 0 and returns how many slot rows it folded. Rating changes
-- keep adding slot rows to the days their ratings were created on, so a day can gather up to 16 rows a
-- subject that the 30-day growth must sum; folded, it is one again. Exact under concurrent writes: a
-- write's upsert of a row being folded waits and then inserts a new slot row, and a row a write has
-- just changed is folded with that change (READ COMMITTED rechecks the row it deletes).
create or replace function row_counts_fold() returns integer language sql as $$
  with folded as (
    delete from row_counts where slot <> 0 and day < (now() at time zone 'UTC')::date returning subject, day, n
  ), merged as (
    insert into row_counts (subject, day, slot, n)
      select subject, day, 0, sum(n) from folded group by 1, 2
      on conflict (subject, day, slot) do update set n = row_counts.n + excluded.n
  )
  select count(*)::integer from folded;
$$;
