/**
 * Account recovery and email verification (issue 18, feature 4). Users gain `email_verified_at` (null
 * until a verification link is used; existing accounts start unverified). `account_tokens` holds the
 * links sent by mail: the SHA-256 of a random 32-byte token (never the token itself), what it is for,
 * when it expires and when it was used (single use). A user's tokens go with the user (cascade).
 * The statements are written out here, not generated: a released migration never changes.
 */
export const statements = [
  `alter table users add column email_verified_at timestamptz`,
  `create table account_tokens (
    id integer generated always as identity primary key,
    user_id integer not null references users (id) on delete cascade,
    purpose text not null check (purpose in ('reset_password', 'verify_email')),
    token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
    expires_at timestamptz not null,
    used_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  `create index account_tokens_user_idx on account_tokens (user_id, purpose)`,
  `create index account_tokens_expires_idx on account_tokens (expires_at)`,
];
