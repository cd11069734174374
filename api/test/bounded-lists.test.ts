/**
 * Lists stay bounded however large the tables grow (issue "Performance at scale"): a page must start
 * within the first LIST_WINDOW rows (else a 400 with a clear message), a searched or filtered list
 * counts its matches only up to LIST_WINDOW (then `totalCapped`), the whole store and user lists take
 * their exact totals from the kept counters, and `totalPages` is how many pages can be opened.
 */
import { sql } from 'kysely';
import { LIST_WINDOW, MESSAGES } from 'shared-contracts';
import { ENGINES, startTestServer, type CreatedUser, type TestServer } from './support/test-server';

const MANY = LIST_WINDOW + 25;

describe.each(ENGINES)('bounded lists (%s)', (engine) => {
  let server: TestServer;
  let admin: CreatedUser;
  let customer: CreatedUser;

  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = await server.createUser('system_admin');
    customer = await server.createUser('normal_user');
    const owner = await server.createUser('store_owner');
    // MANY "Window Bakery" stores and one "Lonely Florist", in one statement.
    await sql`insert into stores (name, address, owner_id)
      select 'Window Bakery ' || i, i || ' Baker Street, Springfield', ${owner.id} from generate_series(1, ${MANY}) as i`.execute(
      server.db,
    );
    await server.createStore(owner.id, { name: 'Lonely Florist', address: '1 Quiet Lane' });
  }, 120_000);
  afterAll(() => server.close());

  const stores = (query: string) => server.get(`/api/stores?${query}`, { token: customer.token });

  it('gives the exact number of all stores, and only the pages within the window', async () => {
    const res = await stores('limit=12');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(MANY + 1);
    expect(res.body.totalCapped).toBeUndefined();
    expect(res.body.totalPages).toBe(Math.ceil(LIST_WINDOW / 12));
  });

  it('counts a search matching more than the window up to the window, and says so', async () => {
    const res = await stores('search=bakery&limit=12');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: LIST_WINDOW, totalCapped: true, totalPages: Math.ceil(LIST_WINDOW / 12) });
    expect(res.body.stores).toHaveLength(12);
  });

  it('counts a search within the window exactly', async () => {
    const res = await stores('search=FLORIST');
    expect(res.body).toMatchObject({ total: 1, totalPages: 1 });
    expect(res.body.totalCapped).toBeUndefined();
    expect(res.body.stores.map((s: { name: string }) => s.name)).toEqual(['Lonely Florist']);
  });

  it('opens the last page that starts within the window and refuses the next one with the message', async () => {
    const last = await stores(`page=${LIST_WINDOW / 10}&limit=10&sortBy=name&sortOrder=asc`);
    expect(last.status).toBe(200);
    expect(last.body.stores).toHaveLength(10);
    const beyond = await stores(`page=${LIST_WINDOW / 10 + 1}&limit=10`);
    expect(beyond.status).toBe(400);
    expect(beyond.body).toEqual({ message: MESSAGES.listWindow, errors: [{ field: 'page', message: MESSAGES.listWindow }] });
  });

  it('pages through the window without repeating or skipping a store', async () => {
    const seen = new Set<number>();
    for (let page = 1; page <= LIST_WINDOW / 100; page++) {
      const res = await stores(`page=${page}&limit=100&sortBy=name&sortOrder=asc`);
      for (const s of res.body.stores as Array<{ id: number }>) seen.add(s.id);
    }
    expect(seen.size).toBe(LIST_WINDOW);
  });

  it('matches nothing for a search holding the field separator of search_text', async () => {
    const res = await stores(`search=${encodeURIComponent('bakery\u001f1')}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 0, stores: [] });
  });

  it('caps the admin store search the same way, and counts all stores exactly', async () => {
    const searched = await server.get('/api/admin/stores?search=baker&limit=10', { token: admin.token });
    expect(searched.body).toMatchObject({ total: LIST_WINDOW, totalCapped: true, totalPages: LIST_WINDOW / 10 });
    const all = await server.get('/api/admin/stores?limit=10', { token: admin.token });
    expect(all.body.total).toBe(MANY + 1);
    expect(all.body.totalCapped).toBeUndefined();
  });

  it('counts all users exactly from the kept counters, and a role filter up to the window', async () => {
    const all = await server.get('/api/admin/users?limit=10', { token: admin.token });
    const counted = await server.db
      .selectFrom('users')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(all.body.total).toBe(Number(counted.n));
    const owners = await server.get('/api/admin/users?role=store_owner', { token: admin.token });
    expect(owners.body).toMatchObject({ total: 1, totalPages: 1 });
  });
});
