/**
 * Seeds the demo content into an empty database only: the three demo accounts, more owners and
 * customers, the stores, a few hundred ratings spread over the last months, the owners' replies to
 * some of them (the demo owner's stores and the demo customer's ratings among them), helpful votes, a
 * few reports for the moderation queue and one rating an admin hid. Deterministic: the
 * same database gets the same content (dates are relative to the moment of seeding).
 */
import { type Kysely, sql } from 'kysely';
import { cityFromAddress, emailKey } from 'shared-contracts';
import { hashPassword } from '../../auth/passwords';
import { notifyReport } from '../../notifications/notify';
import type { DB } from '../schema';
import { COMMENTS, DEMO_PEOPLE, DEMO_STORES, OTHER_ACCOUNTS_PASSWORD, OTHER_CUSTOMERS, OTHER_OWNERS, REPLIES } from './demo-data';
import { seededRandom } from './prng';

const SEED_LOCK_KEY = 727_274_001;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface SeedResult {
  seeded: boolean;
  users: number;
  stores: number;
  ratings: number;
  replies: number;
}

export async function seedDemoDataIfEmpty(db: Kysely<DB>, now = new Date()): Promise<SeedResult> {
  const notEmpty = { seeded: false, users: 0, stores: 0, ratings: 0, replies: 0 };
  if (await hasUsers(db)) return notEmpty;

  const rand = seededRandom(20240601);
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS);

  const [admin, owner, customer] = DEMO_PEOPLE;
  const people = [
    { ...admin, createdDaysAgo: 240 },
    { ...owner, createdDaysAgo: 230 },
    ...OTHER_OWNERS.map((o, i) => ({
      ...o,
      password: OTHER_ACCOUNTS_PASSWORD,
      role: 'store_owner' as const,
      createdDaysAgo: 220 - i * 10,
    })),
    { ...customer, createdDaysAgo: 150 },
    ...OTHER_CUSTOMERS.map((c, i) => ({
      ...c,
      password: OTHER_ACCOUNTS_PASSWORD,
      role: 'normal_user' as const,
      // spread over the last 200 days, a few within the last month
      createdDaysAgo: Math.max(2, Math.round(200 - i * 9.5 - rand() * 5)),
    })),
  ];
  // One at a time: the hashing queue is bounded (auth/passwords.ts), and there is one hashing slot per spare core anyway.
  const hashes: string[] = [];
  for (const person of people) hashes.push(await hashPassword(person.password));

  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    if (await hasUsers(trx)) return notEmpty;

    const users = await trx
      .insertInto('users')
      .values(
        people.map((p, i) => ({
          name: p.name,
          email: p.email,
          email_key: emailKey(p.email),
          address: p.address,
          role: p.role,
          password_hash: hashes[i],
          // The demo accounts verified their email when they signed up (issue 18).
          email_verified_at: at(p.createdDaysAgo),
          created_at: at(p.createdDaysAgo),
          updated_at: at(p.createdDaysAgo),
        })),
      )
      .returning(['id', 'role', 'created_at'])
      .execute();

    const owners = users.filter((u) => u.role === 'store_owner');
    const customers = users.filter((u) => u.role === 'normal_user');

    const stores = await trx
      .insertInto('stores')
      .values(
        DEMO_STORES.map((s, i) => {
          // most stores opened 3-6 months ago; the last few within the last month
          const daysAgo = i >= DEMO_STORES.length - 4 ? 5 + (DEMO_STORES.length - i) * 4 : 95 + Math.round(rand() * 90);
          return {
            name: s.name,
            address: s.address,
            phone: s.phone,
            email: s.email,
            owner_id: owners[s.owner].id,
            category: s.category,
            city: cityFromAddress(s.address),
            created_at: at(daysAgo),
            updated_at: at(daysAgo),
          };
        }),
      )
      .returning(['id', 'created_at'])
      .execute();

    const ratings: Array<{
      user_id: number;
      store_id: number;
      rating: number;
      comment: string | null;
      created_at: Date;
      updated_at: Date;
    }> = [];
    customers.forEach((c, ci) => {
      // the demo customer leaves some stores unrated, so recommendations have something to offer
      const share = ci === 0 ? 0.3 : 0.35 + rand() * 0.3;
      stores.forEach((store, si) => {
        if (rand() > share) return;
        const quality = DEMO_STORES[si].quality;
        const noise = (rand() + rand() + rand() - 1.5) * 1.6;
        const stars = Math.min(5, Math.max(1, Math.round(quality + noise)));
        const pool = COMMENTS[stars];
        const comment = rand() < 0.7 ? pool[Math.floor(rand() * pool.length)] : null;
        const earliest = Math.max(new Date(c.created_at).getTime(), new Date(store.created_at).getTime());
        // spread evenly from when both existed until now, never before the customer joined or the store opened
        const when = new Date(earliest + (now.getTime() - earliest) * rand());
        ratings.push({ user_id: c.id, store_id: store.id, rating: stars, comment, created_at: when, updated_at: when });
      });
    });
    const rated =
      ratings.length > 0 ? await trx.insertInto('ratings').values(ratings).returning(['id', 'user_id', 'store_id']).execute() : [];

    // Owners answer about one rating in five, a day or two after it; the demo owner and the ratings of
    // the demo customer a little more often, so their screens show some.
    const ownerOf = new Map(stores.map((store, si) => [store.id, owners[DEMO_STORES[si].owner].id]));
    const replies = rated.flatMap((r, i) => {
      const ownerId = ownerOf.get(r.store_id)!;
      const likely = ownerId === owners[0].id || r.user_id === customers[0].id ? 0.45 : 0.2;
      if (rand() > likely) return [];
      const pool = REPLIES[ratings[i].rating];
      const when = new Date(Math.min(now.getTime(), ratings[i].created_at.getTime() + (1 + rand()) * DAY_MS));
      return [{ rating_id: r.id, author_id: ownerId, body: pool[Math.floor(rand() * pool.length)], created_at: when, updated_at: when }];
    });
    if (replies.length > 0) await trx.insertInto('rating_replies').values(replies).execute();

    // A few unread notifications for the demo owner (the newest ratings of their stores) and the demo
    // customer (the newest replies to their ratings), as the site would have written them then.
    const newest = <T extends { created_at: Date }>(rows: T[], n: number) =>
      [...rows].sort((a, b) => b.created_at.getTime() - a.created_at.getTime()).slice(0, n);
    const ownerNews = newest(
      rated.map((r, i) => ({ ...r, created_at: ratings[i].created_at })).filter((r) => ownerOf.get(r.store_id) === owners[0].id),
      3,
    ).map((r) => ({ user_id: owners[0].id, kind: 'new_rating' as const, store_id: r.store_id, rating_id: r.id, created_at: r.created_at }));
    const storeOf = new Map(rated.map((r) => [r.id, r.store_id]));
    const customerNews = newest(
      replies.filter((reply) => rated.find((r) => r.id === reply.rating_id)?.user_id === customers[0].id),
      2,
    ).map((reply) => ({
      user_id: customers[0].id,
      kind: 'reply' as const,
      store_id: storeOf.get(reply.rating_id)!,
      rating_id: reply.rating_id,
      created_at: reply.created_at,
    }));
    const news = [...ownerNews, ...customerNews].sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
    if (news.length > 0) await trx.insertInto('notifications').values(news).execute();

    // Helpful votes: other customers mark about one commented rating in three, one to four votes each.
    const votes = rated.flatMap((r, i) => {
      if (!ratings[i].comment || rand() > 0.35) return [];
      const voters = customers.filter((c) => c.id !== r.user_id && rand() < 0.3).slice(0, 1 + Math.floor(rand() * 4));
      return voters.map((v) => ({ rating_id: r.id, user_id: v.id, created_at: now }));
    });
    if (votes.length > 0) await trx.insertInto('rating_votes').values(votes).execute();

    // Reports for the moderation queue: two low ratings of other customers reported by two or three
    // customers each, and one reply of the demo owner's; one more rating already hidden by an admin.
    const lowOthers = rated.filter((r, i) => ratings[i].rating <= 2 && ratings[i].comment && r.user_id !== customers[0].id);
    const reporters = (authorId: number, n: number) => customers.filter((c) => c.id !== authorId && c.id !== customers[0].id).slice(0, n);
    const reports = [
      ...lowOthers.slice(0, 2).flatMap((r, k) =>
        reporters(r.user_id, 3 - k).map((c, j) => ({
          rating_id: r.id,
          target: 'rating' as const,
          reporter_id: c.id,
          reason: (['spam', 'offensive', 'fake'] as const)[(j + k) % 3],
          created_at: new Date(now.getTime() - (k * 3 + j + 1) * 3_600_000),
        })),
      ),
      ...replies
        .filter((reply) => reply.author_id === owners[0].id)
        .slice(0, 1)
        .map((reply) => ({
          rating_id: reply.rating_id,
          reply_rating_id: reply.rating_id,
          target: 'reply' as const,
          reporter_id: customers.find((c) => c.id !== rated.find((r) => r.id === reply.rating_id)?.user_id && c.id !== customers[0].id)!.id,
          reason: 'off_topic' as const,
          created_at: new Date(now.getTime() - 2 * 3_600_000),
        })),
    ];
    const hiddenOne = lowOthers[2];
    if (hiddenOne) {
      reports.push({
        rating_id: hiddenOne.id,
        target: 'rating' as const,
        reporter_id: reporters(hiddenOne.user_id, 1)[0].id,
        reason: 'offensive' as const,
        created_at: new Date(now.getTime() - 30 * 3_600_000),
      });
    }
    if (reports.length > 0) await trx.insertInto('rating_reports').values(reports).execute();
    // Each report told the store's owner and the admins, as the site does when one is made.
    for (const report of reports)
      await notifyReport(trx, { ratingId: report.rating_id, target: report.target, reporterId: report.reporter_id });
    if (hiddenOne) {
      const hiddenAt = new Date(now.getTime() - 26 * 3_600_000);
      await trx.updateTable('ratings').set({ hidden_at: hiddenAt }).where('id', '=', hiddenOne.id).execute();
      await trx
        .updateTable('rating_reports')
        .set({ resolved_at: hiddenAt, resolution: 'hidden' })
        .where('rating_id', '=', hiddenOne.id)
        .execute();
    }

    return { seeded: true, users: users.length, stores: stores.length, ratings: ratings.length, replies: replies.length };
  });
}

async function hasUsers(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}
