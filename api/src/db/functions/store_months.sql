-- Each store's ratings per calendar month (UTC), for the owner dashboard's trend, kept by statement-level
-- triggers on ratings.

create or replace function store_months_track() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then
      insert into store_months (store_id, month, n, stars)
        select store_id, date_trunc('month', created_at at time zone 'UTC')::date, count(*), sum(rating) from new_rows group by 1, 2
        on conflict (store_id, month) do update set n = store_months.n + excluded.n, stars = store_months.stars + excluded.stars;
    elsif tg_op = 'DELETE' then
      -- A store's own deletion takes its months with it (cascade); what is left to subtract is gone already.
      insert into store_months (store_id, month, n, stars)
        select store_id, date_trunc('month', created_at at time zone 'UTC')::date, -count(*), -sum(rating) from old_rows o
        where exists (select 1 from stores where stores.id = o.store_id) group by 1, 2
        on conflict (store_id, month) do update set n = store_months.n + excluded.n, stars = store_months.stars + excluded.stars;
    else
      insert into store_months (store_id, month, n, stars)
        select store_id, month, sum(n), sum(stars) from (
          select o.store_id, date_trunc('month', o.created_at at time zone 'UTC')::date as month, -1 as n, -o.rating as stars
            from old_rows o join new_rows n on n.id = o.id
            where o.rating <> n.rating or o.created_at is distinct from n.created_at or o.store_id <> n.store_id
          union all
          select n.store_id, date_trunc('month', n.created_at at time zone 'UTC')::date, 1, n.rating
            from old_rows o join new_rows n on n.id = o.id
            where o.rating <> n.rating or o.created_at is distinct from n.created_at or o.store_id <> n.store_id
        ) moved group by 1, 2
        on conflict (store_id, month) do update set n = store_months.n + excluded.n, stars = store_months.stars + excluded.stars;
    end if;
    return null;
  end
$$;

create or replace trigger ratings_store_months_insert after insert on ratings
    referencing new table as new_rows for each statement execute function store_months_track();

create or replace trigger ratings_store_months_delete after delete on ratings
    referencing old table as old_rows for each statement execute function store_months_track();

create or replace trigger ratings_store_months_update after update on ratings
    referencing old table as old_rows new table as new_rows for each statement execute function store_months_track();
