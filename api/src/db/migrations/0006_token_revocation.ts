/**
 * Sign-out on the server (POST /api/auth/logout): the id (`jti`) of every token signed out before it
 * expires, so that token is refused while the user's other tokens (other devices) go on working.
 * A row is useless once its token has expired: the sign-out prunes those (`expires_at` index).
 * Deleting a user deletes their rows (their tokens are refused anyway).
 * The statements are written out here, not generated: a released migration never changes.
 */
export const statements = [
  `create table revoked_tokens (
    jti text primary key check (length(jti) between 16 and 64),
    user_id integer not null references users (id) on delete cascade,
    expires_at timestamptz not null
  )`,
  `create index revoked_tokens_expires_idx on revoked_tokens (expires_at)`,
  `create index revoked_tokens_user_idx on revoked_tokens (user_id)`,
];
