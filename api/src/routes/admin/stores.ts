/** Admin store management: list with owners, create, edit, delete (DESIGN.md §7, admin store rows). */
import { sql, type Transaction } from 'kysely';
import { ADMIN_PAGE_SIZE, cityFromAddress, MESSAGES } from 'shared-contracts';
import {
  adminStoreListQuerySchema,
  adminStoreListResponseSchema,
  adminStoreRequestSchema,
  adminStoreResponseSchema,
  adminStoreUpdateRequestSchema,
  idParamsSchema,
  messageResponseSchema,
} from 'shared-contracts/schemas';
import type { AppContext, ZodApp } from '../../app-context';
import { NOW } from '../../db/now';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { toStore } from '../../http/dto';
import { ApiError, notFound } from '../../http/errors';
import { containsPattern, countWithinWindow, ilike, limitedToPage, pageBounds, pageInfo, searchTextMatches } from '../../http/lists';
import { countRows } from '../../db/row-counts';
import { STORE_COLUMNS, STORE_SORT_KEYS, storesWithFigures } from '../stores/queries';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];

function withOwner(db: Transaction<DB> | AppContext['db']) {
  return storesWithFigures(db)
    .innerJoin('users as owner', 'owner.id', 'stores.owner_id')
    .select([...STORE_COLUMNS, 'owner.name as owner_name', 'owner.email as owner_email']);
}

type StoreWithOwnerRow = Parameters<typeof toStore>[0] & { owner_name: string; owner_email: string };
const toAdminStore = (row: StoreWithOwnerRow) => ({ ...toStore(row), owner_name: row.owner_name, owner_email: row.owner_email });

/** The owner must exist and be a store owner; the row stays locked so their role cannot change under us. */
async function assertStoreOwner(trx: Transaction<DB>, ownerId: number): Promise<void> {
  const owner = await trx.selectFrom('users').select('role').where('id', '=', ownerId).forShare().executeTakeFirst();
  if (!owner || owner.role !== 'store_owner') {
    throw new ApiError(400, MESSAGES.ownerMustBeStoreOwner, { errors: [{ field: 'owner_id', message: MESSAGES.ownerMustBeStoreOwner }] });
  }
}

export function registerAdminStoreRoutes(app: ZodApp, { db, guards }: AppContext): void {
  const adminOnly = guards.withRole('system_admin');

  app.get(
    '/api/admin/stores',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: 'Stores with their owners, searched by name, address or email, filtered by city, sorted and paginated',
        querystring: adminStoreListQuerySchema,
        response: { 200: adminStoreListResponseSchema },
      },
    },
    async (request) => {
      const { page, limit, sortBy, sortOrder, search, city } = request.query;
      let listQuery = withOwner(db);
      let searched = db.selectFrom('stores');
      if (city) {
        // The lower(city) index.
        const inCity = sql<boolean>`lower(stores.city) = lower(${city})`;
        listQuery = listQuery.where(inCity);
        searched = searched.where(inCity);
      }
      if (search) {
        // Name or address (stores.search_text), or email.
        const matches = [searchTextMatches(sql.ref('stores.search_text'), search), ilike(sql.ref('stores.email'), containsPattern(search))];
        listQuery = listQuery.where((eb) => eb.or(matches));
        searched = searched.where((eb) => eb.or(matches));
      }
      const [rows, total] = await Promise.all([
        limitedToPage(
          listQuery.orderBy(STORE_SORT_KEYS[sortBy], sortOrder).orderBy('stores.id', sortOrder),
          pageBounds({ page, limit }, [ADMIN_PAGE_SIZE]),
        ).execute(),
        // All stores: the kept count. Searched or filtered: the matches, counted up to LIST_WINDOW.
        search || city ? countWithinWindow(db, searched) : countRows(db, 'stores'),
      ]);
      return { stores: rows.map(toAdminStore), ...pageInfo({ page, limit }, total) };
    },
  );

  app.post(
    '/api/admin/stores',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: "Create a store for a store owner (category 'Other' unless given; without a city, the one its address names)",
        body: adminStoreRequestSchema,
        response: { 201: adminStoreResponseSchema },
      },
    },
    async (request, reply) => {
      const { name, address, phone, email, owner_id, category, city } = request.body;
      const store = await inTransaction(db, async (trx) => {
        await assertStoreOwner(trx, owner_id);
        const { id } = await trx
          .insertInto('stores')
          .values({ name, address, phone: phone ?? null, email: email ?? null, owner_id, category, city: city || cityFromAddress(address) })
          .returning('id')
          .executeTakeFirstOrThrow();
        return withOwner(trx).where('stores.id', '=', id).executeTakeFirstOrThrow();
      });
      reply.code(201);
      return { message: MESSAGES.storeCreated, store: toAdminStore(store) };
    },
  );

  app.put(
    '/api/admin/stores/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary:
          "Edit a store's details, category, city and owner (a missing category or city keeps the current one; a blank city is read from the address)",
        params: idParamsSchema,
        body: adminStoreUpdateRequestSchema,
        response: { 200: adminStoreResponseSchema },
      },
    },
    async (request) => {
      const { name, address, phone, email, owner_id, category, city } = request.body;
      const { id } = request.params;
      const store = await inTransaction(db, async (trx) => {
        const existing = await trx.selectFrom('stores').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
        if (!existing) throw notFound(MESSAGES.storeNotFound);
        await assertStoreOwner(trx, owner_id);
        await trx
          .updateTable('stores')
          .set({
            name,
            address,
            phone: phone ?? null,
            email: email ?? null,
            owner_id,
            ...(category ? { category } : {}),
            ...(city === undefined ? {} : { city: city || cityFromAddress(address) }),
            updated_at: NOW,
          })
          .where('id', '=', id)
          .execute();
        return withOwner(trx).where('stores.id', '=', id).executeTakeFirstOrThrow();
      });
      return { message: MESSAGES.storeUpdated, store: toAdminStore(store) };
    },
  );

  app.delete(
    '/api/admin/stores/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: 'Delete a store and its ratings',
        params: idParamsSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const deleted = await inTransaction(db, (trx) =>
        trx.deleteFrom('stores').where('id', '=', request.params.id).returning('id').executeTakeFirst(),
      );
      if (!deleted) throw notFound(MESSAGES.storeNotFound);
      return { message: MESSAGES.storeDeleted };
    },
  );
}
