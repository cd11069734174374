-- Each user keeps their newest 200 notifications only (NOTIFICATIONS_KEPT in shared-contracts; migration
-- 0013): a statement trigger, in the same transaction as every insert, deletes what falls beyond that
-- for each user the statement wrote to. Per user it reads the 200th newest id through
-- notifications_user_idx (a short index walk) once, so the bound costs the same whatever the table holds.

create or replace function notifications_keep_newest() returns trigger language plpgsql as $$
  declare
    v_user integer;
  begin
    -- One user at a time, in id order (two statements pruning the same users queue, not deadlock): the
    -- 200th newest id is read once (an uncorrelated subquery, run before the delete), then only the
    -- older rows are visited, through the same index. Written as one join over all the statement's
    -- users, PostgreSQL read that id again for each of the user's rows: some 40,000 index entries at
    -- every new rating of a store whose owner has 200.
    for v_user in select distinct user_id from new_rows order by 1 loop
      delete from notifications n where n.user_id = v_user and n.id < (
        select k.id from notifications k where k.user_id = v_user order by k.id desc offset 199 limit 1);
    end loop;
    return null;
  end
$$;

create or replace trigger notifications_keep_newest
    after insert on notifications
    referencing new table as new_rows
    for each statement execute function notifications_keep_newest();
