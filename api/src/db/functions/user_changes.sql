-- Every change of a user that bears on their tokens (role, name, token version, deletion) and every
-- signed-out token is announced on the 'user_changed' channel with the user's id, at commit: each API
-- instance keeps the signed-in users it has read in memory and drops the one named (auth/signed-in-users.ts).

create or replace function notify_user_changed() returns trigger language plpgsql as $$
  begin
    if tg_table_name = 'users' then
      perform pg_notify('user_changed', old.id::text);
    else
      perform pg_notify('user_changed', new.user_id::text);
    end if;
    return null;
  end
$$;

create or replace trigger users_notify_changed after update or delete on users
    for each row execute function notify_user_changed();

create or replace trigger revoked_tokens_notify_changed after insert on revoked_tokens
    for each row execute function notify_user_changed();
