/**
 * The naive baseline of `npm run bench -- --compare` (DESIGN.md §12: every endpoint at least twice "a
 * naive Express + pg baseline measured in the same run"): the plain server a developer would write
 * instead of ours, for exactly the endpoints the benchmark loads, answering the same JSON.
 *
 * Plain on purpose, and honest: Express 5 with `express.json()` and `res.json()`, a `pg.Pool` of 10,
 * parameterised SQL over the tables and the indexes that exist. What it does not have is everything our
 * server adds for speed: every average, count and distribution is computed per request with AVG/COUNT
 * over the ratings (never the kept `store_figures.rating_count/rating_sum/average_rating` columns or the
 * counter tables `row_totals`, `row_counts` and `store_months`), lists count their matches with
 * count(*) and may be paged to any depth, and every request verifies its JWT with `jsonwebtoken` and
 * the secret string and then reads the user (`select … from users where id = $1`, token version
 * against the token's `tv` claim): no cache. No logging middleware, no artificial slowness.
 *
 * `startNaiveBaseline({ databaseUrl, jwtSecret })` starts it in this process; alone, for debugging:
 *   DATABASE_URL=postgres://… JWT_SECRET=… [PORT=3100] [DB_SCHEMA=…] npx tsx api/bench/naive-baseline.ts
 * The benchmark runs it that way, in a process of its own like our server.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import jwt from 'jsonwebtoken';
import pg from 'pg';
import { MESSAGES, type Role, roleDisplayLabel, STORE_CATEGORIES } from 'shared-contracts';

export interface NaiveBaselineOptions {
  databaseUrl: string;
  jwtSecret: string;
  /** Default 0: any free port. */
  port?: number;
  host?: string;
  /** A PostgreSQL schema to work in (the tests give each suite its own), as search_path. */
  schema?: string;
}

export interface NaiveBaseline {
  url: string;
  close(): Promise<void>;
}

/** The application_name of the baseline's connections (the benchmark waits for them to go idle between runs). */
export const NAIVE_BASELINE_APPLICATION_NAME = 'naive-baseline';

/** What the standalone process prints once it listens: the benchmark reads the address from it. */
export const NAIVE_BASELINE_READY = 'Naive baseline on';

interface UserRow {
  id: number;
  name: string;
  email: string;
  role: Role;
  token_version: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const RECENT_ACTIVITY = 5;

/** round(avg, 2) as PostgreSQL computes it, 0 without ratings. */
const AVERAGE = (column: string) => `coalesce(round(avg(${column}), 2), 0)`;
const DISTRIBUTION = (column: string) =>
  [1, 2, 3, 4, 5].map((star) => `count(*) filter (where ${column} = ${star})::int as r${star}`).join(', ');
const STORE_FIELDS = 's.id, s.name, s.address, s.phone, s.email, s.owner_id, s.category, s.city, s.created_at, s.updated_at';

interface StoreRow {
  id: number;
  name: string;
  address: string;
  phone: string | null;
  email: string | null;
  owner_id: number;
  category: string;
  city: string;
  average_rating: string;
  total_ratings: number;
  created_at: Date;
  updated_at: Date;
}

type DistributionRow = Record<'r1' | 'r2' | 'r3' | 'r4' | 'r5', number>;

const store = (s: StoreRow) => ({
  id: s.id,
  name: s.name,
  address: s.address,
  phone: s.phone,
  email: s.email,
  owner_id: s.owner_id,
  category: s.category,
  city: s.city,
  average_rating: Number(s.average_rating),
  total_ratings: s.total_ratings,
  created_at: s.created_at,
  updated_at: s.updated_at,
});

/** A rating row with its reply's columns (left join rating_replies rr) and its store's name. */
interface ReplyColumns {
  reply_body: string | null;
  reply_created_at: Date | null;
  reply_updated_at: Date | null;
  reply_store_name: string;
}
const REPLY_FIELDS = 'rr.body as reply_body, rr.created_at as reply_created_at, rr.updated_at as reply_updated_at';

/** The row with its reply as an object (or null) in place of the reply's columns. */
function withReply<T extends ReplyColumns>({ reply_body, reply_created_at, reply_updated_at, reply_store_name, ...rating }: T) {
  const reply =
    reply_body === null
      ? null
      : { body: reply_body, store_name: reply_store_name, created_at: reply_created_at, updated_at: reply_updated_at };
  return { ...rating, reply };
}

const distribution = (row: DistributionRow) => ({ '1': row.r1, '2': row.r2, '3': row.r3, '4': row.r4, '5': row.r5 });

const stars = (n: number) => `${n} star${n === 1 ? '' : 's'}`;

/** A LIKE pattern matching `text` as a literal substring. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** Thrown by the query readers: answered as a 400. */
class BadRequest extends Error {}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function wholeNumber(value: unknown, defaultValue: number, max: number, message: string): number {
  if (value === undefined) return defaultValue;
  const s = text(value);
  if (!s || !/^[0-9]{1,10}$/.test(s) || Number(s) < 1 || Number(s) > max) throw new BadRequest(message);
  return Number(s);
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], defaultValue: T, message: string): T {
  if (value === undefined) return defaultValue;
  if (!allowed.includes(value as T)) throw new BadRequest(message);
  return value as T;
}

function searchText(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const s = text(value)?.trim();
  if (s === undefined) throw new BadRequest(MESSAGES.invalidInput);
  if (s.length > 100) throw new BadRequest(MESSAGES.searchTooLong);
  return s || undefined;
}

function idOf(value: unknown): number {
  const s = text(value);
  if (!s || !/^[1-9][0-9]{0,9}$/.test(s) || Number(s) > 2_147_483_647) throw new BadRequest(MESSAGES.invalidId);
  return Number(s);
}

function listQuery<S extends string>(query: Request['query'], sortFields: readonly S[], defaultLimit: number, maxLimit = 100) {
  const page = wholeNumber(query.page, 1, 1_000_000, MESSAGES.invalidPage);
  const limit = wholeNumber(query.limit, defaultLimit, maxLimit, MESSAGES.invalidLimit(maxLimit));
  const sortBy = oneOf(query.sortBy, sortFields, sortFields[0], MESSAGES.invalidSortBy);
  const sortOrder = oneOf(query.sortOrder, ['asc', 'desc'] as const, 'asc', MESSAGES.invalidSortOrder);
  return { page, limit, offset: (page - 1) * limit, sortBy, sortOrder, search: searchText(query.search) };
}

const pageInfo = (total: number, page: number, limit: number) => ({ total, page, limit, totalPages: Math.ceil(total / limit) });

export function createNaiveBaselineApp(pool: pg.Pool, jwtSecret: string): express.Express {
  const app = express();
  app.use(express.json());

  const signedIn =
    (...roles: Role[]) =>
    async (req: Request, res: Response, next: NextFunction) => {
      const header = req.headers.authorization;
      if (!header) return res.status(401).json({ message: MESSAGES.authRequired });
      const token = header.replace(/^Bearer\s+/i, '').trim();
      let claims: jwt.JwtPayload;
      try {
        claims = jwt.verify(token, jwtSecret, { algorithms: ['HS256'] }) as jwt.JwtPayload;
      } catch {
        return res.status(401).json({ message: MESSAGES.invalidToken });
      }
      const userId = Number(claims.sub);
      if (!Number.isSafeInteger(userId) || userId < 1 || userId > 2_147_483_647)
        return res.status(401).json({ message: MESSAGES.invalidToken });
      const { rows } = await pool.query<UserRow>('select id, name, email, role, token_version from users where id = $1', [userId]);
      const user = rows[0];
      if (!user || user.token_version !== claims.tv) return res.status(401).json({ message: MESSAGES.invalidToken });
      if (roles.length && !roles.includes(user.role)) return res.status(403).json({ message: MESSAGES.forbidden });
      res.locals.user = user;
      next();
    };
  const me = (res: Response) => res.locals.user as UserRow;

  // ---------- stores ----------

  app.get('/api/stores', signedIn(), async (req, res) => {
    const { page, limit, offset, sortBy, sortOrder, search } = listQuery(req.query, ['name', 'rating', 'created_at'] as const, 12);
    const category =
      req.query.category === undefined ? undefined : oneOf(req.query.category, STORE_CATEGORIES, 'Other', MESSAGES.invalidCategory);
    const minRatingText = text(req.query.minRating);
    if (
      req.query.minRating !== undefined &&
      (!minRatingText || !/^[0-9]{1,2}(\.[0-9]{1,4})?$/.test(minRatingText) || Number(minRatingText) > 5)
    )
      throw new BadRequest(MESSAGES.invalidMinRating);

    const params: unknown[] = [];
    const where: string[] = [];
    if (search) {
      params.push(contains(search));
      where.push(`(s.name ilike $${params.length} or s.address ilike $${params.length})`);
    }
    if (category) {
      params.push(category);
      where.push(`s.category = $${params.length}`);
    }
    const city = req.query.city === undefined ? undefined : text(req.query.city)?.trim();
    if (req.query.city !== undefined && !city) throw new BadRequest(MESSAGES.invalidCity);
    if (city) {
      params.push(city);
      where.push(`lower(s.city) = lower($${params.length})`);
    }
    let having = '';
    if (minRatingText !== undefined) {
      params.push(minRatingText);
      having = `having ${AVERAGE('r.rating')} >= $${params.length}::numeric`;
    }
    const matches = `from stores s left join ratings r on r.store_id = s.id and r.hidden_at is null
      ${where.length ? `where ${where.join(' and ')}` : ''} group by s.id ${having}`;
    const order = { name: 'lower(s.name) collate "C"', rating: AVERAGE('r.rating'), created_at: 's.created_at' }[sortBy];
    const [stores, count] = await Promise.all([
      pool.query<StoreRow & { my_rating: number | null }>(
        `select ${STORE_FIELDS}, ${AVERAGE('r.rating')} as average_rating, count(r.id)::int as total_ratings,
           (select mine.rating from ratings mine where mine.store_id = s.id and mine.user_id = $${params.length + 3}) as my_rating
         ${matches}
         order by ${order} ${sortOrder}, s.id ${sortOrder}
         limit $${params.length + 1} offset $${params.length + 2}`,
        [...params, limit, offset, me(res).id],
      ),
      pool.query<{ total: number }>(`select count(*)::int as total from (select s.id ${matches}) m`, params),
    ]);
    res.json({ stores: stores.rows.map((s) => ({ ...store(s), my_rating: s.my_rating })), ...pageInfo(count.rows[0].total, page, limit) });
  });

  app.get('/api/stores/:id', signedIn(), async (req, res) => {
    const { rows } = await pool.query<StoreRow & DistributionRow>(
      `select ${STORE_FIELDS}, ${AVERAGE('r.rating')} as average_rating, count(r.id)::int as total_ratings, ${DISTRIBUTION('r.rating')}
       from stores s left join ratings r on r.store_id = s.id and r.hidden_at is null
       where s.id = $1 group by s.id`,
      [idOf(req.params.id)],
    );
    if (!rows[0]) return res.status(404).json({ message: MESSAGES.storeNotFound });
    res.json({ store: { ...store(rows[0]), rating_distribution: distribution(rows[0]) } });
  });

  app.get('/api/stores/:id/ratings', signedIn(), async (req, res) => {
    const storeId = idOf(req.params.id);
    const page = wholeNumber(req.query.page, 1, 1_000_000, MESSAGES.invalidPage);
    const limit = wholeNumber(req.query.limit, 50, 100, MESSAGES.invalidLimit(100));
    const found = await pool.query('select id from stores where id = $1', [storeId]);
    if (!found.rows[0]) return res.status(404).json({ message: MESSAGES.storeNotFound });
    const [ratings, count] = await Promise.all([
      pool.query(
        `select r.id, r.rating, r.comment, u.name as user_name, r.created_at, r.updated_at, ${REPLY_FIELDS}, s.name as reply_store_name,
           r.helpful_count, exists (select 1 from rating_votes v where v.rating_id = r.id and v.user_id = $4) as voted_helpful
         from ratings r join users u on u.id = r.user_id join stores s on s.id = r.store_id
           left join rating_replies rr on rr.rating_id = r.id
         where r.store_id = $1 and r.hidden_at is null
         order by r.created_at desc, r.id desc
         limit $2 offset $3`,
        [storeId, limit, (page - 1) * limit, me(res).id],
      ),
      pool.query<{ total: number }>('select count(*)::int as total from ratings where store_id = $1 and hidden_at is null', [storeId]),
    ]);
    res.json({ ratings: ratings.rows.map(withReply), ...pageInfo(count.rows[0].total, page, limit) });
  });

  // ---------- ratings ----------

  app.get('/api/ratings/user/:storeId', signedIn(), async (req, res) => {
    const storeId = idOf(req.params.storeId);
    const found = await pool.query('select id from stores where id = $1', [storeId]);
    if (!found.rows[0]) return res.status(404).json({ message: MESSAGES.storeNotFound });
    const { rows } = await pool.query(
      'select id, store_id, user_id, rating, comment, created_at, updated_at, hidden_at is not null as hidden from ratings where store_id = $1 and user_id = $2',
      [storeId, me(res).id],
    );
    res.json({ rating: rows[0] ?? null });
  });

  app.post('/api/ratings/:storeId', signedIn(), async (req, res) => {
    const storeId = idOf(req.params.storeId);
    const body: unknown = req.body;
    if (typeof body !== 'object' || body === null) throw new BadRequest(MESSAGES.invalidInput);
    const { rating, comment } = body as { rating?: unknown; comment?: unknown };
    if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < 1 || rating > 5) throw new BadRequest(MESSAGES.selectRating);
    if (comment !== undefined && comment !== null && typeof comment !== 'string') throw new BadRequest(MESSAGES.invalidInput);
    const trimmed = typeof comment === 'string' ? comment.trim() : '';
    if (trimmed.length > 500) throw new BadRequest(MESSAGES.commentMax);
    if (trimmed.includes('\u0000')) throw new BadRequest(MESSAGES.invalidText);

    const user = me(res);
    const found = await pool.query<{ owner_id: number }>('select owner_id from stores where id = $1', [storeId]);
    if (!found.rows[0]) return res.status(404).json({ message: MESSAGES.storeNotFound });
    if (found.rows[0].owner_id === user.id) return res.status(403).json({ message: MESSAGES.cannotRateOwnStore });
    const written = await pool.query(
      `insert into ratings (user_id, store_id, rating, comment) values ($1, $2, $3, $4)
       on conflict (user_id, store_id) do update set rating = excluded.rating, comment = excluded.comment, updated_at = now()
       returning id, store_id, user_id, rating, comment, created_at, updated_at, hidden_at is not null as hidden, (xmax = 0) as inserted`,
      [user.id, storeId, rating, trimmed || null],
    );
    const stats = await pool.query<DistributionRow & { average_rating: string; total_ratings: number }>(
      `select ${AVERAGE('rating')} as average_rating, count(*)::int as total_ratings, ${DISTRIBUTION('rating')}
       from ratings where store_id = $1 and hidden_at is null`,
      [storeId],
    );
    const { inserted, ...row } = written.rows[0];
    // A new rating tells the store's owner, as the product does (the bell; our rate_store does the same).
    if (inserted)
      await pool.query(`insert into notifications (user_id, kind, store_id, rating_id) values ($1, 'new_rating', $2, $3)`, [
        found.rows[0].owner_id,
        storeId,
        row.id,
      ]);
    const s = stats.rows[0];
    res.status(inserted ? 201 : 200).json({
      message: inserted ? MESSAGES.ratingSubmitted : MESSAGES.ratingUpdated,
      rating: row,
      storeStats: { average_rating: Number(s.average_rating), total_ratings: s.total_ratings, rating_distribution: distribution(s) },
    });
  });

  // ---------- owner ----------

  app.get('/api/owner/dashboard', signedIn('store_owner'), async (req, res) => {
    const page = wholeNumber(req.query.page, 1, 1_000_000, MESSAGES.invalidPage);
    const limit = wholeNumber(req.query.limit, 10, 100, MESSAGES.invalidLimit(100));
    const ownerId = me(res).id;
    // The last 6 calendar months (UTC), the current one last.
    const now = new Date();
    const monthStart = (back: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    const months = [5, 4, 3, 2, 1, 0].map((back) => monthStart(back).toISOString().slice(0, 7));
    const [stores, trend, ratings] = await Promise.all([
      pool.query<StoreRow & DistributionRow & { rating_sum: number }>(
        `select ${STORE_FIELDS}, ${AVERAGE('r.rating')} as average_rating, count(r.id)::int as total_ratings,
           coalesce(sum(r.rating), 0)::int as rating_sum, ${DISTRIBUTION('r.rating')}
         from stores s left join ratings r on r.store_id = s.id and r.hidden_at is null
         where s.owner_id = $1
         group by s.id
         order by lower(s.name), s.id`,
        [ownerId],
      ),
      pool.query<{ store_id: number; month: string; count: number; average: string }>(
        `select r.store_id, to_char(r.created_at at time zone 'UTC', 'YYYY-MM') as month, count(*)::int as count, round(avg(r.rating), 2) as average
         from ratings r join stores s on s.id = r.store_id
         where s.owner_id = $1 and r.hidden_at is null and r.created_at >= $2 and r.created_at < $3
         group by 1, 2`,
        [ownerId, monthStart(5), monthStart(-1)],
      ),
      pool.query(
        `select r.id, r.store_id, s.name as store_name, r.rating, r.comment, u.name as user_name, u.email as user_email,
           r.created_at, r.updated_at, ${REPLY_FIELDS}, s.name as reply_store_name
         from ratings r join stores s on s.id = r.store_id join users u on u.id = r.user_id
           left join rating_replies rr on rr.rating_id = r.id
         where s.owner_id = $1 and r.hidden_at is null
         order by r.created_at desc, r.id desc
         limit $2 offset $3`,
        [ownerId, limit, (page - 1) * limit],
      ),
    ]);
    const totalRatings = stores.rows.reduce((n, s) => n + s.total_ratings, 0);
    const ratingSum = stores.rows.reduce((n, s) => n + s.rating_sum, 0);
    const monthly = (storeId: number) =>
      months.map((month) => {
        const cell = trend.rows.find((t) => t.store_id === storeId && t.month === month);
        return { month, count: cell?.count ?? 0, average: cell ? Number(cell.average) : null };
      });
    res.json({
      summary: { totalStores: stores.rows.length, totalRatings, averageRating: roundedAverage(ratingSum, totalRatings) },
      stores: stores.rows.map((s) => ({ ...store(s), rating_distribution: distribution(s), monthly_trend: monthly(s.id) })),
      ratings: ratings.rows.map(withReply),
      ...pageInfo(totalRatings, page, limit),
    });
  });

  // ---------- admin ----------

  app.get('/api/admin/users', signedIn('system_admin'), async (req, res) => {
    const { page, limit, offset, sortBy, sortOrder, search } = listQuery(
      req.query,
      ['name', 'email', 'role', 'created_at'] as const,
      10,
      1000,
    );
    const role =
      req.query.role === undefined
        ? undefined
        : oneOf(req.query.role, ['system_admin', 'normal_user', 'store_owner'] as const, 'normal_user', MESSAGES.invalidRole);
    const params: unknown[] = [];
    const where: string[] = [];
    if (search) {
      params.push(contains(search));
      where.push(`(name ilike $${params.length} or email ilike $${params.length} or address ilike $${params.length})`);
    }
    if (role) {
      params.push(role);
      where.push(`role = $${params.length}`);
    }
    const filter = where.length ? `where ${where.join(' and ')}` : '';
    const order = { name: 'lower(name) collate "C"', email: 'lower(email) collate "C"', role: 'role', created_at: 'created_at' }[sortBy];
    const [users, count] = await Promise.all([
      pool.query(
        `select id, name, email, address, role, created_at, updated_at from users ${filter}
         order by ${order} ${sortOrder}, id ${sortOrder}
         limit $${params.length + 1} offset $${params.length + 2}`,
        [...params, limit, offset],
      ),
      pool.query<{ total: number }>(`select count(*)::int as total from users ${filter}`, params),
    ]);
    res.json({ users: users.rows, ...pageInfo(count.rows[0].total, page, limit) });
  });

  app.get('/api/admin/dashboard', signedIn('system_admin'), async (_req, res) => {
    // "Recent" is the last 30 UTC calendar days, today included.
    const today = new Date();
    const since = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - 29 * DAY_MS);
    const [totals, byStars, top, admins, misowned, recentActivity] = await Promise.all([
      pool.query<Record<'users' | 'new_users' | 'stores' | 'new_stores' | 'ratings' | 'new_ratings', number>>(
        `select (select count(*) from users)::int as users, (select count(*) from users where created_at >= $1)::int as new_users,
           (select count(*) from stores)::int as stores, (select count(*) from stores where created_at >= $1)::int as new_stores,
           (select count(*) from ratings where hidden_at is null)::int as ratings,
           (select count(*) from ratings where hidden_at is null and created_at >= $1)::int as new_ratings`,
        [since],
      ),
      pool.query<{ rating: number; n: number }>('select rating, count(*)::int as n from ratings where hidden_at is null group by rating'),
      pool.query<{ id: number; name: string; average_rating: string; total_ratings: number }>(
        `select s.id, s.name, round(avg(r.rating), 2) as average_rating, count(*)::int as total_ratings
         from stores s join ratings r on r.store_id = s.id and r.hidden_at is null
         group by s.id
         order by round(avg(r.rating), 2) desc, count(*) desc, s.id asc
         limit 5`,
      ),
      pool.query<{ n: number }>(`select count(*)::int as n from users where role = 'system_admin'`),
      pool.query<{ n: number }>(`select count(*)::int as n from stores s join users u on u.id = s.owner_id where u.role <> 'store_owner'`),
      systemActivity(pool),
    ]);
    const t = totals.rows[0];
    const starCount = (star: number) => byStars.rows.find((row) => row.rating === star)?.n ?? 0;
    const adminCount = admins.rows[0].n;
    const misownedCount = misowned.rows[0].n;
    res.json({
      statistics: {
        totalUsers: t.users,
        totalStores: t.stores,
        totalRatings: t.ratings,
        userGrowth: growthPercent(t.users, t.new_users),
        storeGrowth: growthPercent(t.stores, t.new_stores),
        ratingGrowth: growthPercent(t.ratings, t.new_ratings),
      },
      analytics: {
        ratingDistribution: { '1': starCount(1), '2': starCount(2), '3': starCount(3), '4': starCount(4), '5': starCount(5) },
        topStores: top.rows.map((s) => ({
          id: s.id,
          name: s.name,
          average_rating: Number(s.average_rating),
          total_ratings: s.total_ratings,
        })),
        systemHealth: {
          user_health:
            adminCount > 0
              ? { status: 'healthy', detail: `${adminCount} system administrator${adminCount === 1 ? '' : 's'}` }
              : { status: 'warning', detail: 'No system administrator' },
          store_health:
            misownedCount === 0
              ? { status: 'healthy', detail: 'Every store belongs to a store owner' }
              : {
                  status: 'warning',
                  detail: `${misownedCount} store${misownedCount === 1 ? '' : 's'} owned by an account that is not a store owner`,
                },
          // The baseline keeps no store figures: it computes them from the ratings, so they always match.
          rating_health: { status: 'healthy', detail: `Store figures match all ${t.ratings} ratings` },
        },
      },
      recentActivity,
    });
  });

  // ---------- the caller's dashboard ----------

  app.get('/api/users/dashboard', signedIn(), async (_req, res) => {
    const user = me(res);
    if (user.role === 'system_admin') {
      const [totals, recentActivity] = await Promise.all([
        pool.query<{ users: number; stores: number; ratings: number; average: string }>(
          `select (select count(*) from users)::int as users, (select count(*) from stores)::int as stores,
             (select count(*) from ratings where hidden_at is null)::int as ratings,
             (select ${AVERAGE('rating')} from ratings where hidden_at is null) as average`,
        ),
        systemActivity(pool),
      ]);
      const t = totals.rows[0];
      return res.json({
        totalUsers: t.users,
        totalStores: t.stores,
        totalRatings: t.ratings,
        averageRating: Number(t.average),
        recentActivity,
      });
    }
    if (user.role === 'store_owner') {
      const [figures, recent] = await Promise.all([
        pool.query<{ stores: number; ratings: number; average: string }>(
          `select count(distinct s.id)::int as stores, count(r.id)::int as ratings, ${AVERAGE('r.rating')} as average
           from stores s left join ratings r on r.store_id = s.id and r.hidden_at is null
           where s.owner_id = $1`,
          [user.id],
        ),
        pool.query<{ user_name: string; store_name: string; rating: number; created_at: Date }>(
          `select u.name as user_name, s.name as store_name, r.rating, r.created_at
           from ratings r join stores s on s.id = r.store_id join users u on u.id = r.user_id
           where s.owner_id = $1 and r.hidden_at is null
           order by r.created_at desc, r.id desc
           limit ${RECENT_ACTIVITY}`,
          [user.id],
        ),
      ]);
      const f = figures.rows[0];
      return res.json({
        totalStores: f.stores,
        totalRatings: f.ratings,
        averageRating: Number(f.average),
        recentActivity: recent.rows.map((r) => ({
          type: 'rating',
          description: `${r.user_name} rated ${r.store_name} ${stars(r.rating)}`,
          timestamp: r.created_at.toISOString(),
        })),
      });
    }
    const [mine, storeCount, recent] = await Promise.all([
      pool.query<{ n: number; average: string }>(
        `select count(*)::int as n, ${AVERAGE('rating')} as average from ratings where user_id = $1`,
        [user.id],
      ),
      pool.query<{ n: number }>('select count(*)::int as n from stores'),
      pool.query<{ store_name: string; rating: number; created_at: Date }>(
        `select s.name as store_name, r.rating, r.created_at
         from ratings r join stores s on s.id = r.store_id
         where r.user_id = $1
         order by r.created_at desc, r.id desc
         limit ${RECENT_ACTIVITY}`,
        [user.id],
      ),
    ]);
    res.json({
      totalRatings: mine.rows[0].n,
      averageRating: Number(mine.rows[0].average),
      totalStores: storeCount.rows[0].n,
      recentActivity: recent.rows.map((r) => ({
        type: 'rating',
        description: `You rated ${r.store_name} ${stars(r.rating)}`,
        timestamp: r.created_at.toISOString(),
      })),
    });
  });

  app.use((_req: Request, res: Response) => {
    res.status(404).json({ message: 'Not found' });
  });
  // Express 5 sends a rejected handler here: a 400 for bad input, else a bare 500.
  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    if (error instanceof BadRequest) return res.status(400).json({ message: error.message });
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) return res.status(status).json({ message: MESSAGES.invalidInput });
    console.error(error);
    res.status(500).json({ message: MESSAGES.internalError });
  });
  return app;
}

/** Percent change of a total over the last 30 days, 1 decimal (the same rule as the admin dashboard's). */
function growthPercent(total: number, recent: number): number {
  const before = total - recent;
  if (before <= 0) return recent > 0 ? 100 : 0;
  return Math.round((recent / before) * 1000) / 10;
}

/** sum / count rounded half up to 2 decimals, in integers (a double misses halves), 0 without ratings. */
function roundedAverage(sum: number, count: number): number {
  return count > 0 ? Math.floor((200 * sum + count) / (2 * count)) / 100 : 0;
}

/** The newest ratings, accounts and stores together, newest first, at most 5. */
async function systemActivity(pool: pg.Pool) {
  const [ratings, users, stores] = await Promise.all([
    pool.query<{ user_name: string; store_name: string; rating: number; created_at: Date }>(
      `select u.name as user_name, s.name as store_name, r.rating, r.created_at
       from ratings r join users u on u.id = r.user_id join stores s on s.id = r.store_id
       where r.hidden_at is null
       order by r.created_at desc, r.id desc
       limit ${RECENT_ACTIVITY}`,
    ),
    pool.query<{ name: string; role: Role; created_at: Date }>(
      `select name, role, created_at from users order by created_at desc, id desc limit ${RECENT_ACTIVITY}`,
    ),
    pool.query<{ name: string; created_at: Date }>(
      `select name, created_at from stores order by created_at desc, id desc limit ${RECENT_ACTIVITY}`,
    ),
  ]);
  const items = [
    ...ratings.rows.map((r) => ({
      type: 'rating',
      description: `${r.user_name} rated ${r.store_name} ${stars(r.rating)}`,
      timestamp: r.created_at.toISOString(),
    })),
    ...users.rows.map((u) => ({
      type: 'user',
      description: `${u.name} joined as ${roleDisplayLabel(u.role)}`,
      timestamp: u.created_at.toISOString(),
    })),
    ...stores.rows.map((s) => ({ type: 'store', description: `Store ${s.name} was added`, timestamp: s.created_at.toISOString() })),
  ];
  return items.sort((a, b) => b.timestamp.localeCompare(a.timestamp)).slice(0, RECENT_ACTIVITY);
}

export async function startNaiveBaseline(options: NaiveBaselineOptions): Promise<NaiveBaseline> {
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: 10,
    application_name: NAIVE_BASELINE_APPLICATION_NAME,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  const app = createNaiveBaselineApp(pool, options.jwtSecret);
  const host = options.host ?? '127.0.0.1';
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(options.port ?? 0, host, (error?: Error) => (error ? reject(error) : resolve(listening)));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await pool.end();
    },
  };
}

if (require.main === module) {
  const databaseUrl = process.env.DATABASE_URL;
  const jwtSecret = process.env.JWT_SECRET;
  if (!databaseUrl || !jwtSecret) {
    console.error('The naive baseline needs DATABASE_URL (PostgreSQL) and JWT_SECRET (the secret our server signs its tokens with).');
    process.exit(1);
  }
  startNaiveBaseline({ databaseUrl, jwtSecret, port: Number(process.env.PORT ?? 0), schema: process.env.DB_SCHEMA || undefined })
    .then((baseline) => {
      console.log(`${NAIVE_BASELINE_READY} ${baseline.url}`);
      const stop = () => void baseline.close().then(() => process.exit(0));
      process.once('SIGTERM', stop);
      process.once('SIGINT', stop);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
