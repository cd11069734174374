-- Each rating's part of the daily counts (row_counts and row_totals, one subject per star: 'ratings_1' …
-- 'ratings_5') and of its store's monthly trend (store_months, for the owner dashboard), kept by one
-- statement-level trigger per event in the same transaction as every insert, delete and star, store or
-- created_at change, of visible ratings only: hiding a rating (hidden_at, migration 0012) takes it out as a
-- delete would, restoring it puts it back. The statements are written here, not through a SQL function, so PL/pgSQL keeps
-- their plans: a rating upsert fires two of them (insert and update) and each runs one planned statement.
-- The three branches repeat the same three writes over their own `changes` on purpose: one shared
-- PL/pgSQL function taking the changes as arrays did 1,170 writes/s where this does 2,100 (pgbench, 10
-- clients, 100,000 stores), and a transition table can only be named in its own event's branch.
-- The shared counter rows are written in key order (order by): two statements of several ratings each
-- (batched rating writes, rate_stores.sql) whose connections share a slot then queue on them instead
-- of deadlocking.

create or replace function ratings_keep_counts() returns trigger language plpgsql as $$
  begin
    -- An upsert fires the insert and the update trigger both, one of them with no rows: nothing to do there.
    if tg_op = 'INSERT' then
      if not exists (select from new_rows) then
        return null;
      end if;
      with changes as (select store_id, created_at, rating, 1 as n from new_rows where hidden_at is null),
      months as (
        insert into store_months as m (store_id, month, n, stars)
          select store_id, date_trunc('month', created_at at time zone 'UTC')::date, sum(n), sum(n * rating) from changes group by 1, 2
          on conflict (store_id, month) do update set n = m.n + excluded.n, stars = m.stars + excluded.stars
      ),
      by_day as (
        insert into row_counts as c (subject, day, slot, n)
          select 'ratings_' || rating, (created_at at time zone 'UTC')::date, pg_backend_pid() % 16, sum(n) from changes group by 1, 2 order by 1, 2
          on conflict (subject, day, slot) do update set n = c.n + excluded.n
      )
      insert into row_totals as t (subject, slot, n)
        select 'ratings_' || rating, pg_backend_pid() % 16, sum(n) from changes group by 1 order by 1
        on conflict (subject, slot) do update set n = t.n + excluded.n;
    elsif tg_op = 'DELETE' then
      if not exists (select from old_rows) then
        return null;
      end if;
      with changes as (select store_id, created_at, rating, -1 as n from old_rows where hidden_at is null),
      months as (
        -- A store's own deletion takes its months with it (cascade); what is left to subtract is gone already.
        insert into store_months as m (store_id, month, n, stars)
          select store_id, date_trunc('month', created_at at time zone 'UTC')::date, sum(n), sum(n * rating) from changes ch
          where exists (select 1 from stores where stores.id = ch.store_id) group by 1, 2
          on conflict (store_id, month) do update set n = m.n + excluded.n, stars = m.stars + excluded.stars
      ),
      by_day as (
        insert into row_counts as c (subject, day, slot, n)
          select 'ratings_' || rating, (created_at at time zone 'UTC')::date, pg_backend_pid() % 16, sum(n) from changes group by 1, 2 order by 1, 2
          on conflict (subject, day, slot) do update set n = c.n + excluded.n
      )
      insert into row_totals as t (subject, slot, n)
        select 'ratings_' || rating, pg_backend_pid() % 16, sum(n) from changes group by 1 order by 1
        on conflict (subject, slot) do update set n = t.n + excluded.n;
    else
      if not exists (select from new_rows) then
        return null;
      end if;
      -- Only rows whose star, store, creation time or visibility changed count (a comment edit or a helpful
      -- vote changes nothing here): the old version leaves if it was visible, the new one comes if it is.
      with changes as (
        select o.store_id, o.created_at, o.rating, -1 as n from old_rows o join new_rows r on r.id = o.id
          where o.hidden_at is null and (o.rating <> r.rating or o.created_at is distinct from r.created_at
            or o.store_id <> r.store_id or r.hidden_at is not null)
        union all
        select r.store_id, r.created_at, r.rating, 1 from old_rows o join new_rows r on r.id = o.id
          where r.hidden_at is null and (o.rating <> r.rating or o.created_at is distinct from r.created_at
            or o.store_id <> r.store_id or o.hidden_at is not null)
      ),
      months as (
        insert into store_months as m (store_id, month, n, stars)
          select store_id, date_trunc('month', created_at at time zone 'UTC')::date, sum(n), sum(n * rating) from changes group by 1, 2
          on conflict (store_id, month) do update set n = m.n + excluded.n, stars = m.stars + excluded.stars
      ),
      by_day as (
        insert into row_counts as c (subject, day, slot, n)
          select 'ratings_' || rating, (created_at at time zone 'UTC')::date, pg_backend_pid() % 16, sum(n) from changes group by 1, 2 order by 1, 2
          on conflict (subject, day, slot) do update set n = c.n + excluded.n
      )
      insert into row_totals as t (subject, slot, n)
        select 'ratings_' || rating, pg_backend_pid() % 16, sum(n) from changes group by 1 order by 1
        on conflict (subject, slot) do update set n = t.n + excluded.n;
    end if;
    return null;
  end
$$;

create or replace trigger ratings_keep_counts_insert after insert on ratings
    referencing new table as new_rows for each statement execute function ratings_keep_counts();

create or replace trigger ratings_keep_counts_delete after delete on ratings
    referencing old table as old_rows for each statement execute function ratings_keep_counts();

create or replace trigger ratings_keep_counts_update after update on ratings
    referencing old table as old_rows new table as new_rows for each statement execute function ratings_keep_counts();
