-- A customer's rating of a store, created or changed, in one round trip, with the store's new figures.
-- Nothing (no row) when the store does not exist or is the customer's own. A new rating notifies the
-- store's owner. The store row is locked first, here: the lock order of every rating write
-- (lockStoreOfRating in routes/stores/queries.ts), so the caller's statement is this function alone.

create or replace function rate_store(p_user integer, p_store integer, p_rating smallint, p_comment text)
  returns table (
    id integer, store_id integer, user_id integer, rating smallint, comment text,
    created_at timestamptz, updated_at timestamptz, hidden_at timestamptz, inserted boolean,
    average_rating numeric, rating_count integer,
    rating_1 integer, rating_2 integer, rating_3 integer, rating_4 integer, rating_5 integer
  )
  language plpgsql as $$
  #variable_conflict use_column
  declare
    v_id integer;
    v_inserted boolean;
  begin
    perform from stores s where s.id = p_store for no key update;
    if not found then
      return;
    end if;
    insert into ratings as r (user_id, store_id, rating, comment)
      select p_user, s.id, p_rating, p_comment from stores s where s.id = p_store and s.owner_id <> p_user
      on conflict (user_id, store_id) do update set rating = excluded.rating, comment = excluded.comment, updated_at = now()
      returning r.id, (r.xmax = 0) into v_id, v_inserted;
    if v_id is null then
      return;
    end if;
    -- A new rating (not a changed one) tells the store's owner (notifications, migration 0013), in this
    -- same transaction: never lost, never sent for a write that failed.
    if v_inserted then
      insert into notifications (user_id, kind, store_id, rating_id)
        select s.owner_id, 'new_rating', s.id, v_id from stores s where s.id = p_store;
    end if;
    return query
      select r.id, r.store_id, r.user_id, r.rating, r.comment, r.created_at, r.updated_at, r.hidden_at, v_inserted,
             s.average_rating, s.rating_count, s.rating_1, s.rating_2, s.rating_3, s.rating_4, s.rating_5
      from ratings r join store_figures s on s.store_id = r.store_id
      where r.id = v_id;
  end
$$;
