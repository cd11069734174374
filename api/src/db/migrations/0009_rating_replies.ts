/**
 * Owner replies (issue "What users of a review site expect"): a store's owner answers a rating of their
 * store, one reply per rating (the rating's id is the key), at most 500 characters. The reply goes with
 * its rating (cascade); its author is kept for the record and becomes null if that account is deleted
 * (the store's current owner still manages the reply). The store page reads a page of ratings with
 * their replies through the primary key.
 * The statements are written out here, not generated: a released migration never changes.
 */
export const statements = [
  `create table rating_replies (
    rating_id integer primary key references ratings (id) on delete cascade,
    author_id integer references users (id) on delete set null,
    body text not null check (char_length(body) between 1 and 500),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index rating_replies_author_idx on rating_replies (author_id)`,
];
