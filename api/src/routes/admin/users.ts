/** Admin user management: list, create, detail, edit, delete (DESIGN.md §7, admin user rows). */
import { sql, type Transaction } from 'kysely';
import { ADMIN_PAGE_SIZE, emailKey, MESSAGES, OWNER_LIST_FETCH_LIMIT } from 'shared-contracts';
import {
  adminUserCreateRequestSchema,
  adminUserDetailResponseSchema,
  adminUserListQuerySchema,
  adminUserListResponseSchema,
  adminUserResponseSchema,
  adminUserUpdateRequestSchema,
  idParamsSchema,
  messageResponseSchema,
} from 'shared-contracts/schemas';
import type { AppContext, ZodApp } from '../../app-context';
import { NOW } from '../../db/now';
import { currentUser } from '../../auth/guards';
import { hashPassword } from '../../auth/passwords';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { averageOf, toUser } from '../../http/dto';
import { conflict, isPgError, notFound, PG_UNIQUE_VIOLATION } from '../../http/errors';
import { countWithinWindow, limitedToPage, pageBounds, pageInfo, searchTextMatches } from '../../http/lists';
import { countRows } from '../../db/row-counts';
import { lockStoresRatedBy, storesWithFigures } from '../stores/queries';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];
const USER_COLUMNS = ['id', 'name', 'email', 'address', 'role', 'created_at', 'updated_at'] as const;

const USER_SORT_KEYS = {
  name: sql`lower(users.name) collate "C"`,
  email: sql`lower(users.email) collate "C"`,
  role: sql`users.role`,
  created_at: sql`users.created_at`,
} as const;

/** Whether another account has this address under any spelling (users.email_key, migration 0005). */
async function emailTakenByAnother(trx: Transaction<DB>, email: string, exceptId?: number): Promise<boolean> {
  let query = trx.selectFrom('users').select('id').where('email_key', '=', emailKey(email));
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * Locks every admin row, so that concurrent demotions and deletions of admins are serialised,
 * and says whether `userId` is the only admin left.
 */
async function isLastAdmin(trx: Transaction<DB>, userId: number): Promise<boolean> {
  const admins = await trx.selectFrom('users').select('id').where('role', '=', 'system_admin').orderBy('id').forUpdate().execute();
  return admins.length === 1 && admins[0].id === userId;
}

async function ownsStores(trx: Transaction<DB>, userId: number): Promise<boolean> {
  return (await trx.selectFrom('stores').select('id').where('owner_id', '=', userId).limit(1).executeTakeFirst()) !== undefined;
}

function rethrowEmailConflict(error: unknown): never {
  if (isPgError(error, PG_UNIQUE_VIOLATION)) throw conflict(MESSAGES.emailTaken, 'email');
  throw error;
}

export function registerAdminUserRoutes(app: ZodApp, { db, guards }: AppContext): void {
  const adminOnly = guards.withRole('system_admin');

  app.get(
    '/api/admin/users',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: 'Users, searched by name, email or address, filtered by role, sorted and paginated',
        querystring: adminUserListQuerySchema,
        response: { 200: adminUserListResponseSchema },
      },
    },
    async (request) => {
      const { page, limit, sortBy, sortOrder, search, role } = request.query;
      let query = db.selectFrom('users');
      if (search) {
        // Name, email or address (users.search_text).
        query = query.where(searchTextMatches(sql.ref('users.search_text'), search));
      }
      if (role) query = query.where('users.role', '=', role);
      const [rows, total] = await Promise.all([
        limitedToPage(
          query.select(USER_COLUMNS).orderBy(USER_SORT_KEYS[sortBy], sortOrder).orderBy('users.id', sortOrder),
          // The users page, and the owner picker's fetch.
          pageBounds({ page, limit }, [ADMIN_PAGE_SIZE, OWNER_LIST_FETCH_LIMIT]),
        ).execute(),
        search || role ? countWithinWindow(db, query) : countRows(db, 'users'),
      ]);
      return { users: rows.map(toUser), ...pageInfo({ page, limit }, total) };
    },
  );

  app.post(
    '/api/admin/users',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: 'Create an account of any role',
        body: adminUserCreateRequestSchema,
        response: { 201: adminUserResponseSchema },
      },
    },
    async (request, reply) => {
      const { name, email, address, password, role } = request.body;
      const passwordHash = await hashPassword(password);
      const user = await inTransaction(db, async (trx) => {
        if (await emailTakenByAnother(trx, email)) throw conflict(MESSAGES.emailTaken, 'email');
        return trx
          .insertInto('users')
          .values({ name, email, email_key: emailKey(email), address, role, password_hash: passwordHash })
          .returning(USER_COLUMNS)
          .executeTakeFirstOrThrow();
      }).catch(rethrowEmailConflict);
      reply.code(201);
      return { message: MESSAGES.userCreated, user: toUser(user) };
    },
  );

  app.get(
    '/api/admin/users/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: "One user; a store owner's carries their stores and the average rating over them",
        params: idParamsSchema,
        response: { 200: adminUserDetailResponseSchema },
      },
    },
    async (request) => {
      const user = await db.selectFrom('users').select(USER_COLUMNS).where('id', '=', request.params.id).executeTakeFirst();
      if (!user) throw notFound(MESSAGES.userNotFound);
      if (user.role !== 'store_owner') return { user: toUser(user) };
      const stores = await storesWithFigures(db)
        .select(['stores.id', 'stores.name', 'store_figures.average_rating', 'store_figures.rating_count', 'store_figures.rating_sum'])
        .where('stores.owner_id', '=', user.id)
        .orderBy(({ fn }) => fn('lower', ['stores.name']))
        .orderBy('stores.id')
        .execute();
      const count = stores.reduce((n, s) => n + Number(s.rating_count), 0);
      const sum = stores.reduce((n, s) => n + Number(s.rating_sum), 0);
      return {
        user: {
          ...toUser(user),
          average_rating: count > 0 ? averageOf(sum, count) : null,
          total_ratings: count,
          stores: stores.map((s) => ({
            id: s.id,
            name: s.name,
            average_rating: Number(s.average_rating),
            total_ratings: Number(s.rating_count),
          })),
        },
      };
    },
  );

  app.put(
    '/api/admin/users/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: 'Edit name, email, address and role (the last system admin cannot be demoted)',
        params: idParamsSchema,
        body: adminUserUpdateRequestSchema,
        response: { 200: adminUserResponseSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { name, email, address, role } = request.body;
      const user = await inTransaction(db, async (trx) => {
        const target = await trx.selectFrom('users').select(['id', 'role']).where('id', '=', id).forUpdate().executeTakeFirst();
        if (!target) throw notFound(MESSAGES.userNotFound);
        if (id === currentUser(request).id && role !== 'system_admin') throw conflict(MESSAGES.cannotRemoveSelf);
        if (target.role === 'system_admin' && role !== 'system_admin' && (await isLastAdmin(trx, id))) throw conflict(MESSAGES.lastAdmin);
        if (target.role === 'store_owner' && role !== 'store_owner' && (await ownsStores(trx, id))) throw conflict(MESSAGES.userOwnsStores);
        if (await emailTakenByAnother(trx, email, id)) throw conflict(MESSAGES.emailTaken, 'email');
        return trx
          .updateTable('users')
          .set({ name, email, email_key: emailKey(email), address, role, updated_at: NOW })
          .where('id', '=', id)
          .returning(USER_COLUMNS)
          .executeTakeFirstOrThrow();
      }).catch(rethrowEmailConflict);
      await guards.userChanged(id);
      return { message: MESSAGES.userUpdated, user: toUser(user) };
    },
  );

  app.delete(
    '/api/admin/users/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: 'Delete a user and their ratings (409 while they own stores; never the last system admin)',
        params: idParamsSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      await inTransaction(db, async (trx) => {
        const target = await trx.selectFrom('users').select(['id', 'role']).where('id', '=', id).forUpdate().executeTakeFirst();
        if (!target) throw notFound(MESSAGES.userNotFound);
        if (id === currentUser(request).id) throw conflict(MESSAGES.cannotRemoveSelf);
        if (target.role === 'system_admin' && (await isLastAdmin(trx, id))) throw conflict(MESSAGES.lastAdmin);
        if (await ownsStores(trx, id)) throw conflict(MESSAGES.userOwnsStores);
        // Their ratings go by cascade; the trigger keeps every store's figures exact. The stores first:
        // the lock order of rating writes (lockStoreOfRating), so the cascade never waits for a rating
        // held by one of their writes in flight while that write waits for a store row held here.
        await lockStoresRatedBy(trx, id);
        await trx.deleteFrom('users').where('id', '=', id).execute();
      });
      await guards.userChanged(id);
      return { message: MESSAGES.userDeleted };
    },
  );
}
