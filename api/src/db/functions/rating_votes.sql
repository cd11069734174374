-- Each rating's helpful_count (migration 0012) is the number of its rows in rating_votes, kept by a row
-- trigger in the same transaction as every vote given or taken back: concurrent votes on one rating
-- queue on its row, so the count stays exact, and the store page's "most helpful" order reads it
-- through an index instead of counting votes.

create or replace function rating_votes_keep_count() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then
      update ratings set helpful_count = helpful_count + 1 where id = new.rating_id;
    else
      update ratings set helpful_count = helpful_count - 1 where id = old.rating_id;
    end if;
    return null;
  end
  $$;

create or replace trigger rating_votes_keep_count
    after insert or delete on rating_votes
    for each row execute function rating_votes_keep_count();
