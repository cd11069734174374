-- Customers' ratings of stores, created or changed, many in one statement: item i of the arrays is
-- user p_users[i] rating store p_stores[i] with p_ratings[i] stars and p_comments[i]. POST
-- /api/ratings/:storeId gathers the writes that arrive while earlier ones run (routes/ratings/
-- rating-writes.ts), so each statement's start-up, trigger firings and commit serve several writes; a
-- lone write is a batch of one. No two items may name the same user and store (a statement cannot
-- change one row twice); the caller keeps them apart.
--
-- One row per item written, with its item number, the rating, whether it is new, and its store's
-- figures after the whole statement. No row for an item whose store does not exist or is its user's
-- own. A new rating (not a changed one) tells the store's owner (notifications, migration 0013), in the
-- same transaction: never lost, never sent for a write that failed. The store rows are locked first,
-- in id order: the lock order of every rating write (lockStoreOfRating in routes/stores/queries.ts), so
-- two statements sharing stores queue on them instead of deadlocking.
--
-- Plans are generic (planned once per connection, whatever the batch's size): planned again for each
-- call, this ran at half the speed of the single-rating function it replaced. Every join below is of
-- the small arrays with each other, or an index lookup by key, whatever the planner expects them to hold.

create or replace function rate_stores(p_users integer[], p_stores integer[], p_ratings smallint[], p_comments text[])
  returns table (
    item integer, id integer, store_id integer, user_id integer, rating smallint, comment text,
    created_at timestamptz, updated_at timestamptz, hidden_at timestamptz, inserted boolean,
    average_rating numeric, rating_count integer,
    rating_1 integer, rating_2 integer, rating_3 integer, rating_4 integer, rating_5 integer
  )
  language plpgsql
  set plan_cache_mode = force_generic_plan
as $$
  #variable_conflict use_column
  declare
    v_stores integer[];
    v_owners integer[];
    v_ids integer[];
    v_inserted boolean[];
  begin
    select coalesce(array_agg(s.id), '{}'), coalesce(array_agg(s.owner_id), '{}') into v_stores, v_owners
      from (select s.id, s.owner_id from stores s where s.id = any(p_stores) order by s.id for no key update) s;
    with written as (
      insert into ratings as r (user_id, store_id, rating, comment)
        select i.user_id, i.store_id, i.rating, i.comment
        from unnest(p_users, p_stores, p_ratings, p_comments) as i (user_id, store_id, rating, comment)
          join unnest(v_stores, v_owners) as s (id, owner_id) on s.id = i.store_id
        where s.owner_id <> i.user_id
        on conflict (user_id, store_id) do update set rating = excluded.rating, comment = excluded.comment, updated_at = now()
        returning r.id, r.store_id, (r.xmax = 0) as inserted
    ), notified as (
      insert into notifications (user_id, kind, store_id, rating_id)
        select s.owner_id, 'new_rating', w.store_id, w.id
        from written w join unnest(v_stores, v_owners) as s (id, owner_id) on s.id = w.store_id
        where w.inserted
    )
    select coalesce(array_agg(w.id), '{}'), coalesce(array_agg(w.inserted), '{}') into v_ids, v_inserted from written w;
    -- Each rating and its figures by key, one lookup per item (LATERAL … OFFSET 0 keeps them lookups).
    return query
      select i.item::integer, r.id, r.store_id, r.user_id, r.rating, r.comment, r.created_at, r.updated_at, r.hidden_at,
             w.inserted, f.average_rating, f.rating_count, f.rating_1, f.rating_2, f.rating_3, f.rating_4, f.rating_5
      from unnest(v_ids, v_inserted) as w (id, inserted)
        cross join lateral (
          select r.id, r.store_id, r.user_id, r.rating, r.comment, r.created_at, r.updated_at, r.hidden_at
          from ratings r where r.id = w.id offset 0
        ) r
        cross join lateral (
          select f.average_rating, f.rating_count, f.rating_1, f.rating_2, f.rating_3, f.rating_4, f.rating_5
          from store_figures f where f.store_id = r.store_id offset 0
        ) f
        join unnest(p_users, p_stores) with ordinality as i (user_id, store_id, item)
          on i.user_id = r.user_id and i.store_id = r.store_id;
  end
$$;
