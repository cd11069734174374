/**
 * Moderation and helpful votes (issue "What users of a review site expect").
 *
 * - A rating an admin hides keeps its row (its reply, votes and reports stay with it) but carries
 *   `hidden_at`: the store's figures, the daily counts and the monthly trend count visible ratings only
 *   (db/functions/store_aggregates.sql and rating_counts.sql, applied after the migrations), and the
 *   lists that others read leave it out. Its author still sees it, marked hidden.
 * - A report is one user's word on a rating or on its reply, with a reason from a short list, at most
 *   once per user and target. It stays open until an admin hides, restores or dismisses; removing what
 *   it reports takes it along (cascade from the rating, or from the reply).
 * - A helpful vote is one user's on one rating; `ratings.helpful_count` is kept by a row trigger in the
 *   same transaction as each vote, so the count and the "most helpful" order never disagree.
 * The statements are written out here, not generated: a released migration never changes.
 */
export const statements = [
  `alter table ratings add column hidden_at timestamptz, add column helpful_count integer not null default 0
    check (helpful_count >= 0)`,
  // A store's ratings, most helpful first.
  `create index ratings_store_helpful_idx on ratings (store_id, helpful_count desc, created_at desc, id desc)`,
  `create table rating_votes (
    rating_id integer not null references ratings (id) on delete cascade,
    user_id integer not null references users (id) on delete cascade,
    created_at timestamptz not null default now(),
    primary key (rating_id, user_id)
  )`,
  `create index rating_votes_user_idx on rating_votes (user_id)`,
  `create table rating_reports (
    id serial primary key,
    rating_id integer not null references ratings (id) on delete cascade,
    -- Set for a report of the rating's reply, which takes the report with it when removed.
    reply_rating_id integer references rating_replies (rating_id) on delete cascade,
    target text not null check (target in ('rating', 'reply')),
    reporter_id integer not null references users (id) on delete cascade,
    reason text not null check (reason in ('spam', 'offensive', 'off_topic', 'fake', 'personal')),
    created_at timestamptz not null default now(),
    resolved_at timestamptz,
    resolution text check (resolution in ('hidden', 'restored', 'dismissed')),
    check ((target = 'reply') = (reply_rating_id is not null)),
    check ((resolved_at is null) = (resolution is null))
  )`,
  `create unique index rating_reports_once_idx on rating_reports (rating_id, target, reporter_id)`,
  // The moderation queue: what is open, oldest first.
  `create index rating_reports_open_idx on rating_reports (rating_id, target) where resolved_at is null`,
  `create index rating_reports_reporter_idx on rating_reports (reporter_id)`,
  // rate_store's answer gains the rating's hidden_at: a result type create-or-replace cannot change.
  // db/functions/rate_store.sql creates it again.
  `drop function rate_store(integer, integer, smallint, text)`,
];
