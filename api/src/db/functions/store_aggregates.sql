-- Each store's rating figures (rating_count, rating_sum, rating_1..rating_5), kept by a row trigger in the
-- same transaction as every rating written, changed, moved or deleted: the store list, the store page
-- and the dashboards read them from the store row, never by counting ratings.

create or replace function ratings_maintain_store_aggregates() returns trigger language plpgsql as $$
  begin
    if tg_op in ('DELETE', 'UPDATE') then
      update stores set
        rating_count = rating_count - 1,
        rating_sum = rating_sum - old.rating,
        rating_1 = rating_1 - (old.rating = 1)::int,
        rating_2 = rating_2 - (old.rating = 2)::int,
        rating_3 = rating_3 - (old.rating = 3)::int,
        rating_4 = rating_4 - (old.rating = 4)::int,
        rating_5 = rating_5 - (old.rating = 5)::int
      where id = old.store_id;
    end if;
    if tg_op in ('INSERT', 'UPDATE') then
      update stores set
        rating_count = rating_count + 1,
        rating_sum = rating_sum + new.rating,
        rating_1 = rating_1 + (new.rating = 1)::int,
        rating_2 = rating_2 + (new.rating = 2)::int,
        rating_3 = rating_3 + (new.rating = 3)::int,
        rating_4 = rating_4 + (new.rating = 4)::int,
        rating_5 = rating_5 + (new.rating = 5)::int
      where id = new.store_id;
    end if;
    return null;
  end
  $$;

create or replace trigger ratings_store_aggregates
    after insert or delete or update of rating, store_id on ratings
    for each row execute function ratings_maintain_store_aggregates();
