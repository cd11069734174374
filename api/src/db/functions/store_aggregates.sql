-- Each store's rating figures (rating_count, rating_sum, rating_1..rating_5, and the average generated from
-- them) live in store_figures, one narrow row per store (migration 0008), kept by a row trigger in the same
-- transaction as every rating written, changed, moved or deleted: the store list, the store page and the
-- dashboards read them there, never by counting ratings. A rating write updates only that row and its
-- sort indexes, never the stores row and its many indexes. A rating an admin hides (hidden_at, migration 0012)
-- leaves the figures as a deleted one would, and comes back into them when restored.

create or replace function ratings_maintain_store_aggregates() returns trigger language plpgsql as $$
  begin
    if tg_op = 'UPDATE' and old.rating = new.rating and old.store_id = new.store_id
        and (old.hidden_at is null) = (new.hidden_at is null) then
      return null;
    end if;
    -- A visible rating's new star in the same store: one new version of the figures row, not two.
    if tg_op = 'UPDATE' and old.store_id = new.store_id and old.hidden_at is null and new.hidden_at is null then
      update store_figures set
        rating_sum = rating_sum - old.rating + new.rating,
        rating_1 = rating_1 - (old.rating = 1)::int + (new.rating = 1)::int,
        rating_2 = rating_2 - (old.rating = 2)::int + (new.rating = 2)::int,
        rating_3 = rating_3 - (old.rating = 3)::int + (new.rating = 3)::int,
        rating_4 = rating_4 - (old.rating = 4)::int + (new.rating = 4)::int,
        rating_5 = rating_5 - (old.rating = 5)::int + (new.rating = 5)::int
      where store_id = new.store_id;
      return null;
    end if;
    if tg_op in ('DELETE', 'UPDATE') and old.hidden_at is null then
      update store_figures set
        rating_count = rating_count - 1,
        rating_sum = rating_sum - old.rating,
        rating_1 = rating_1 - (old.rating = 1)::int,
        rating_2 = rating_2 - (old.rating = 2)::int,
        rating_3 = rating_3 - (old.rating = 3)::int,
        rating_4 = rating_4 - (old.rating = 4)::int,
        rating_5 = rating_5 - (old.rating = 5)::int
      where store_id = old.store_id;
    end if;
    if tg_op in ('INSERT', 'UPDATE') and new.hidden_at is null then
      update store_figures set
        rating_count = rating_count + 1,
        rating_sum = rating_sum + new.rating,
        rating_1 = rating_1 + (new.rating = 1)::int,
        rating_2 = rating_2 + (new.rating = 2)::int,
        rating_3 = rating_3 + (new.rating = 3)::int,
        rating_4 = rating_4 + (new.rating = 4)::int,
        rating_5 = rating_5 + (new.rating = 5)::int
      where store_id = new.store_id;
    end if;
    return null;
  end
  $$;

create or replace trigger ratings_store_aggregates
    after insert or delete or update of rating, store_id, hidden_at on ratings
    for each row execute function ratings_maintain_store_aggregates();

-- Every new store starts with figures of zero, in its category.
create or replace function stores_add_figures() returns trigger language plpgsql as $$
  begin
    insert into store_figures (store_id, category) select id, category from new_rows;
    return null;
  end
  $$;

create or replace trigger stores_add_figures
    after insert on stores
    referencing new table as new_rows for each statement execute function stores_add_figures();

-- The category is copied into store_figures, so the store list of one category by rating is one index scan.
create or replace function stores_copy_category() returns trigger language plpgsql as $$
  begin
    update store_figures set category = new.category where store_id = new.id;
    return null;
  end
  $$;

create or replace trigger stores_copy_category
    after update of category on stores
    for each row when (old.category is distinct from new.category) execute function stores_copy_category();
