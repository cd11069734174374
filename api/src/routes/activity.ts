/** Recent activity lines for the dashboards: newest first, at most RECENT_ACTIVITY_LIMIT. */
import { type Kysely, sql } from 'kysely';
import { type Activity, RECENT_ACTIVITY_LIMIT, type Role, roleDisplayLabel } from 'shared-contracts';
import type { DB } from '../db/schema';
import { toIsoString } from '../http/dto';
import { ownerRatingsPage } from './owner/owner-ratings';

const stars = (n: number) => `${n} star${Number(n) === 1 ? '' : 's'}`;

function recentRatings(db: Kysely<DB>) {
  return db
    .selectFrom('ratings')
    .innerJoin('users', 'users.id', 'ratings.user_id')
    .innerJoin('stores', 'stores.id', 'ratings.store_id')
    .select(['users.name as user_name', 'stores.name as store_name', 'ratings.rating', 'ratings.created_at'])
    .orderBy('ratings.created_at', 'desc')
    .orderBy('ratings.id', 'desc')
    .limit(RECENT_ACTIVITY_LIMIT);
}

/** System-wide: new ratings, new accounts and new stores together, in one round trip (each part from its date index). */
export async function systemActivity(db: Kysely<DB>): Promise<Activity[]> {
  // A literal, so the plan is made once for it (db/prepared-statements.ts).
  const limit = sql.lit(RECENT_ACTIVITY_LIMIT);
  const { rows } = await sql<{
    kind: 'rating' | 'user' | 'store';
    name: string;
    store_name: string | null;
    rating: number | null;
    role: Role | null;
    created_at: Date;
  }>`
    (select 'rating' as kind, u.name, s.name as store_name, r.rating, null::text as role, r.created_at
       from ratings r join users u on u.id = r.user_id join stores s on s.id = r.store_id
       where r.hidden_at is null
       order by r.created_at desc, r.id desc limit ${limit})
    union all
    (select 'user', name, null, null, role, created_at from users order by created_at desc, id desc limit ${limit})
    union all
    (select 'store', name, null, null, null, created_at from stores order by created_at desc, id desc limit ${limit})`.execute(db);
  const ratings = rows
    .filter((r) => r.kind === 'rating')
    .map((r) => ({ user_name: r.name, store_name: r.store_name!, rating: Number(r.rating), created_at: r.created_at }));
  const users = rows.filter((r) => r.kind === 'user').map((r) => ({ name: r.name, role: r.role!, created_at: r.created_at }));
  const stores = rows.filter((r) => r.kind === 'store').map((r) => ({ name: r.name, created_at: r.created_at }));
  const items: Activity[] = [
    ...ratings.map((r) => ({
      type: 'rating' as const,
      description: `${r.user_name} rated ${r.store_name} ${stars(r.rating)}`,
      timestamp: toIsoString(r.created_at),
    })),
    ...users.map((u) => ({
      type: 'user' as const,
      description: `${u.name} joined as ${roleDisplayLabel(u.role)}`,
      timestamp: toIsoString(u.created_at),
    })),
    ...stores.map((s) => ({ type: 'store' as const, description: `Store ${s.name} was added`, timestamp: toIsoString(s.created_at) })),
  ];
  return items.sort((a, b) => b.timestamp.localeCompare(a.timestamp)).slice(0, RECENT_ACTIVITY_LIMIT);
}

/** Ratings received by an owner's stores (the newest few of each store, merged: see owner-ratings.ts). */
export async function ownerActivity(db: Kysely<DB>, ownerId: number): Promise<Activity[]> {
  const stores = await db.selectFrom('stores').select('id').where('owner_id', '=', ownerId).execute();
  const rows = await ownerRatingsPage(
    db,
    stores.map((s) => s.id),
    { sortBy: 'created_at', sortOrder: 'desc', limit: RECENT_ACTIVITY_LIMIT, offset: 0 },
  );
  return rows.map((r) => ({
    type: 'rating' as const,
    description: `${r.user_name} rated ${r.store_name} ${stars(r.rating)}`,
    timestamp: toIsoString(r.created_at),
  }));
}

/** A customer's own ratings. */
export async function customerActivity(db: Kysely<DB>, userId: number): Promise<Activity[]> {
  const rows = await recentRatings(db).where('ratings.user_id', '=', userId).execute();
  return rows.map((r) => ({
    type: 'rating' as const,
    description: `You rated ${r.store_name} ${stars(r.rating)}`,
    timestamp: toIsoString(r.created_at),
  }));
}
