-- Each user keeps their newest 200 notifications only (NOTIFICATIONS_KEPT in shared-contracts; migration
-- 0013): a statement trigger, in the same transaction as every insert, deletes what falls beyond that
-- for each user the statement wrote to. Per user it reads the 200th newest id through
-- notifications_user_idx (a short index walk), so the bound costs the same whatever the table holds.

create or replace function notifications_keep_newest() returns trigger language plpgsql as $$
  begin
    delete from notifications n
      using (select distinct user_id from new_rows) u,
        lateral (select k.id from notifications k where k.user_id = u.user_id order by k.id desc offset 199 limit 1) oldest_kept
      where n.user_id = u.user_id and n.id < oldest_kept.id;
    return null;
  end
$$;

create or replace trigger notifications_keep_newest
    after insert on notifications
    referencing new table as new_rows
    for each statement execute function notifications_keep_newest();
