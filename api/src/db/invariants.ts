/**
 * The data model's invariants (DESIGN.md §8), checked by counting the tables: every store's kept
 * figures equal COUNT and SUM over its visible ratings (an admin's hidden ones left out), one rating per
 * user and store, no rating without its user or store, every rating 1..5, the counters kept by triggers
 * (migration 0003: row_counts, row_totals, store_months) agree with the visible rows, and every rating's
 * helpful_count equals its votes. Used by the reliability scripts, the benchmark and
 * the tests; each returns one readable line per violation, none when everything holds.
 */
import { type Kysely, sql } from 'kysely';
import type { DB } from './schema';

/**
 * Stores whose kept figures (store_figures: rating_count, rating_sum, per-star counts, average, and the
 * copied category) differ from their ratings and their row, or that have no figures row.
 */
export async function storesWithWrongFigures(db: Kysely<DB>): Promise<string[]> {
  const { rows } = await sql<{ id: number; kept: string; actual: string }>`
    with actual as (
      select store_id, count(*)::int as n, sum(rating)::int as total,
             count(*) filter (where rating = 1)::int as r1, count(*) filter (where rating = 2)::int as r2,
             count(*) filter (where rating = 3)::int as r3, count(*) filter (where rating = 4)::int as r4,
             count(*) filter (where rating = 5)::int as r5
      from ratings where hidden_at is null group by store_id)
    select st.id,
           case when f.store_id is null then 'no figures row'
                else concat_ws('/', f.rating_count, f.rating_sum, f.rating_1, f.rating_2, f.rating_3, f.rating_4, f.rating_5,
                               f.average_rating::numeric(4,2), f.category) end as kept,
           concat_ws('/', coalesce(a.n, 0), coalesce(a.total, 0), coalesce(a.r1, 0), coalesce(a.r2, 0), coalesce(a.r3, 0), coalesce(a.r4, 0),
                     coalesce(a.r5, 0), coalesce(round(a.total::numeric / nullif(a.n, 0), 2), 0)::numeric(4,2), st.category) as actual
    from stores st left join store_figures f on f.store_id = st.id left join actual a on a.store_id = st.id
    where f.store_id is null or f.category <> st.category
       or f.rating_count <> coalesce(a.n, 0) or f.rating_sum <> coalesce(a.total, 0)
       or f.rating_1 <> coalesce(a.r1, 0) or f.rating_2 <> coalesce(a.r2, 0) or f.rating_3 <> coalesce(a.r3, 0)
       or f.rating_4 <> coalesce(a.r4, 0) or f.rating_5 <> coalesce(a.r5, 0)
       or f.average_rating::numeric(4,2) <> coalesce(round(a.total::numeric / nullif(a.n, 0), 2), 0)
    order by st.id`.execute(db);
  return rows.map((r) => `store ${r.id}: kept count/sum/1★..5★/average/category ${r.kept}, counted ${r.actual}`);
}

/** Duplicate (user, store) ratings, ratings whose user or store is gone, ratings outside 1..5. */
export async function ratingsBreakingTheModel(db: Kysely<DB>): Promise<string[]> {
  const { rows } = await sql<{ problem: string }>`
    select 'user ' || user_id || ' rated store ' || store_id || ' ' || count(*) || ' times' as problem
    from ratings group by user_id, store_id having count(*) > 1
    union all
    select 'rating ' || r.id || ' belongs to user ' || r.user_id || ', who is gone' from ratings r
    where not exists (select 1 from users u where u.id = r.user_id)
    union all
    select 'rating ' || r.id || ' belongs to store ' || r.store_id || ', which is gone' from ratings r
    where not exists (select 1 from stores s where s.id = r.store_id)
    union all
    select 'rating ' || id || ' has ' || rating || ' stars' from ratings where rating not between 1 and 5`.execute(db);
  return rows.map((r) => r.problem);
}

/** Where the counters kept by triggers (row_counts per day, row_totals, store_months) disagree with the tables. */
export async function keptCountsThatDisagree(db: Kysely<DB>): Promise<string[]> {
  const actualByDay = sql`
    select 'users' as subject, (created_at at time zone 'UTC')::date as day, count(*)::int as n from users group by 2
    union all select 'stores', (created_at at time zone 'UTC')::date, count(*)::int from stores group by 2
    union all select 'ratings_' || rating, (created_at at time zone 'UTC')::date, count(*)::int from ratings
      where hidden_at is null group by 1, 2`;
  const byDay = await sql<{ subject: string; day: string; actual: number | null; kept: number | null }>`
    with actual as (${actualByDay}),
    kept as (select subject, day, sum(n)::int as n from row_counts group by 1, 2 having sum(n) <> 0)
    select coalesce(a.subject, k.subject) as subject, coalesce(a.day, k.day)::text as day, a.n as actual, k.n as kept
    from actual a full join kept k on k.subject = a.subject and k.day = a.day
    where a.n is distinct from k.n`.execute(db);
  const totals = await sql<{ subject: string; actual: number | null; kept: number | null }>`
    with actual as (select subject, sum(n)::int as n from (${actualByDay}) d group by 1),
    kept as (select subject, sum(n)::int as n from row_totals group by 1 having sum(n) <> 0)
    select coalesce(a.subject, k.subject) as subject, a.n as actual, k.n as kept
    from actual a full join kept k on k.subject = a.subject
    where a.n is distinct from k.n`.execute(db);
  const months = await sql<{ store_id: number; month: string; actual: string | null; kept: string | null }>`
    with actual as (
      select store_id, date_trunc('month', created_at at time zone 'UTC')::date as month, count(*)::int as n, sum(rating)::int as stars
      from ratings where hidden_at is null group by 1, 2),
    kept as (select store_id, month, n, stars from store_months where n <> 0 or stars <> 0)
    select coalesce(a.store_id, k.store_id) as store_id, coalesce(a.month, k.month)::text as month,
           a.n || '/' || a.stars as actual, k.n || '/' || k.stars as kept
    from actual a full join kept k on k.store_id = a.store_id and k.month = a.month
    where a.n is distinct from k.n or a.stars is distinct from k.stars`.execute(db);
  return [
    ...byDay.rows.map((r) => `row_counts ${r.subject} ${r.day}: counted ${r.actual ?? 0}, kept ${r.kept ?? 0}`),
    ...totals.rows.map((r) => `row_totals ${r.subject}: counted ${r.actual ?? 0}, kept ${r.kept ?? 0}`),
    ...months.rows.map((r) => `store_months ${r.store_id} ${r.month}: counted ${r.actual ?? '0/0'}, kept ${r.kept ?? '0/0'}`),
  ];
}

/** Ratings whose kept helpful_count differs from their votes. */
export async function helpfulCountsThatDisagree(db: Kysely<DB>): Promise<string[]> {
  const { rows } = await sql<{ id: number; kept: number; actual: number }>`
    select r.id, r.helpful_count as kept, coalesce(v.n, 0)::int as actual
    from ratings r left join (select rating_id, count(*) as n from rating_votes group by 1) v on v.rating_id = r.id
    where r.helpful_count <> coalesce(v.n, 0)
    order by r.id`.execute(db);
  return rows.map((r) => `rating ${r.id}: kept ${r.kept} helpful votes, counted ${r.actual}`);
}

/** Every invariant at once: an empty list when the data model holds. */
export async function invariantViolations(db: Kysely<DB>): Promise<string[]> {
  return [
    ...(await storesWithWrongFigures(db)),
    ...(await ratingsBreakingTheModel(db)),
    ...(await keptCountsThatDisagree(db)),
    ...(await helpfulCountsThatDisagree(db)),
  ];
}
