/**
 * No input, however malformed, produces a 500 (DESIGN.md §7, §9). Bodies that are not JSON, not
 * objects, of the wrong types, huge, with NUL bytes, SQL or HTML; query strings and ids of every
 * odd shape; wrong content types and oversized bodies. Every answer is a 4xx JSON object with a
 * string `message` (or a 2xx where the input is in fact valid), and a rejected request leaves the
 * database exactly as it was.
 */
import fc from 'fast-check';
import { LIST_WINDOW, MESSAGES } from 'shared-contracts';
import { insertRating } from './support/fixtures';
import { type CreatedUser, ENGINES, type HttpResult, type RequestOptions, startTestServer, type TestServer } from './support/test-server';

const NOT_JSON = 'Request body is not valid JSON';
const INVALID_INPUT = 'Invalid input';
const INVALID_ID = 'Invalid id';
const INVALID_TEXT = 'Text contains characters that are not allowed';
const INVALID_PAGE = 'Page must be a whole number from 1 to 1000000';
const limitMessage = (max: number) => `Limit must be a whole number from 1 to ${max}`;
const NUL = '\u0000';

/** Strange but valid text: emoji, right-to-left script, zero-width characters, combining marks. */
const ODD_TEXT = 'Zoë 😀👩🏽‍💻 مرحبا بالعالم \u200F\u200B\u200D\uFEFF e\u0301 שלום';
const SQL_TEXT = "Robert'); DROP TABLE users; -- ' OR 1=1 --";
const HTML_TEXT = '<script>alert("x")</script><img src=x onerror=alert(1)>';

type Who = 'anonymous' | 'customer' | 'owner' | 'admin';

interface Fixture {
  admin: CreatedUser;
  customer: CreatedUser;
  owner: CreatedUser;
  target: CreatedUser;
  store: number;
  rating: number;
}

/** `:store`, `:rating` and `:user` in a path template, filled in from the fixture. */
function resolve(path: string, f: Fixture): string {
  return path.replace(':store', String(f.store)).replace(':rating', String(f.rating)).replace(':user', String(f.target.id));
}

function tokenOf(who: Who, f: Fixture): string | undefined {
  return who === 'anonymous' ? undefined : f[who].token;
}

interface BodyEndpoint {
  method: 'POST' | 'PUT';
  path: string;
  who: Who;
  valid: (f: Fixture) => Record<string, unknown>;
  /** Fields that take text. */
  textFields: string[];
}

const BODY_ENDPOINTS: BodyEndpoint[] = [
  {
    method: 'POST',
    path: '/api/auth/login',
    who: 'anonymous',
    valid: (f) => ({ email: f.customer.email, password: 'Secret@123', role: 'normal_user' }),
    textFields: ['email', 'password', 'role'],
  },
  {
    method: 'POST',
    path: '/api/auth/register',
    who: 'anonymous',
    valid: () => ({
      name: 'A Valid Registering Person',
      email: 'valid.registrant@test.example',
      address: '1 Road',
      password: 'Secret@123',
    }),
    textFields: ['name', 'email', 'address', 'password'],
  },
  {
    method: 'PUT',
    path: '/api/auth/profile',
    who: 'customer',
    valid: () => ({ name: 'A Valid Profile Name Here', address: '1 Road' }),
    textFields: ['name', 'address'],
  },
  {
    method: 'PUT',
    path: '/api/auth/password',
    who: 'customer',
    valid: () => ({ currentPassword: 'Secret@123', newPassword: 'Changed@123' }),
    textFields: ['currentPassword', 'newPassword'],
  },
  {
    method: 'POST',
    path: '/api/ratings/:store',
    who: 'customer',
    valid: () => ({ rating: 4, comment: 'Good' }),
    textFields: ['comment'],
  },
  {
    method: 'PUT',
    path: '/api/ratings/:rating',
    who: 'customer',
    valid: () => ({ rating: 4, comment: 'Good' }),
    textFields: ['comment'],
  },
  {
    method: 'POST',
    path: '/api/admin/users',
    who: 'admin',
    valid: () => ({
      name: 'A Valid Created Person',
      email: 'valid.created@test.example',
      address: '1 Road',
      password: 'Secret@123',
      role: 'normal_user',
    }),
    textFields: ['name', 'email', 'address', 'password', 'role'],
  },
  {
    method: 'PUT',
    path: '/api/admin/users/:user',
    who: 'admin',
    valid: (f) => ({ name: 'A Valid Edited Person', email: f.target.email, address: '1 Road', role: 'normal_user' }),
    textFields: ['name', 'email', 'address', 'role'],
  },
  {
    method: 'POST',
    path: '/api/admin/stores',
    who: 'admin',
    valid: (f) => ({ name: 'Valid Store', address: '1 Road', phone: '+1 555 0100', email: 'shop@test.example', owner_id: f.owner.id }),
    textFields: ['name', 'address', 'phone', 'email'],
  },
  {
    method: 'PUT',
    path: '/api/admin/stores/:store',
    who: 'admin',
    valid: (f) => ({ name: 'Valid Store', address: '1 Road', phone: '+1 555 0100', email: 'shop@test.example', owner_id: f.owner.id }),
    textFields: ['name', 'address', 'phone', 'email'],
  },
];

interface ListEndpoint {
  path: string;
  who: Who;
  maxLimit: number;
  search: boolean;
}

const LIST_ENDPOINTS: ListEndpoint[] = [
  { path: '/api/stores', who: 'customer', maxLimit: 100, search: true },
  { path: '/api/stores/:store/ratings', who: 'customer', maxLimit: 100, search: false },
  { path: '/api/owner/dashboard', who: 'owner', maxLimit: 100, search: false },
  { path: '/api/admin/users', who: 'admin', maxLimit: 1000, search: true },
  { path: '/api/admin/stores', who: 'admin', maxLimit: 100, search: true },
];

interface IdEndpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** `{id}` marks the id. */
  path: string;
  who: Who;
  body?: (f: Fixture) => Record<string, unknown>;
  notFound: string;
}

const ID_ENDPOINTS: IdEndpoint[] = [
  { method: 'GET', path: '/api/stores/{id}', who: 'customer', notFound: 'Store not found' },
  { method: 'GET', path: '/api/stores/{id}/ratings', who: 'customer', notFound: 'Store not found' },
  { method: 'GET', path: '/api/ratings/user/{id}', who: 'customer', notFound: 'Store not found' },
  { method: 'POST', path: '/api/ratings/{id}', who: 'customer', body: () => ({ rating: 5 }), notFound: 'Store not found' },
  { method: 'PUT', path: '/api/ratings/{id}', who: 'customer', body: () => ({ rating: 5 }), notFound: 'Rating not found' },
  { method: 'DELETE', path: '/api/ratings/{id}', who: 'customer', notFound: 'Rating not found' },
  { method: 'GET', path: '/api/admin/users/{id}', who: 'admin', notFound: 'User not found' },
  {
    method: 'PUT',
    path: '/api/admin/users/{id}',
    who: 'admin',
    body: () => ({ name: 'A Valid Edited Person', email: 'nobody.at.all@test.example', address: '', role: 'normal_user' }),
    notFound: 'User not found',
  },
  { method: 'DELETE', path: '/api/admin/users/{id}', who: 'admin', notFound: 'User not found' },
  {
    method: 'PUT',
    path: '/api/admin/stores/{id}',
    who: 'admin',
    body: (f) => ({ name: 'Valid Store', address: '1 Road', owner_id: f.owner.id }),
    notFound: 'Store not found',
  },
  { method: 'DELETE', path: '/api/admin/stores/{id}', who: 'admin', notFound: 'Store not found' },
];

/** A 4xx JSON object with a non-empty string message, and nothing of the server's insides. */
function expectClientError(res: HttpResult, status?: number, message?: string) {
  if (status !== undefined) expect(res.status).toBe(status);
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.body).toEqual(expect.any(Object));
  expect(Array.isArray(res.body)).toBe(false);
  expect(typeof res.body.message).toBe('string');
  expect(res.body.message.length).toBeGreaterThan(0);
  if (message !== undefined) expect(res.body.message).toBe(message);
  expect(res.text).not.toMatch(/"stack"|node_modules|\.ts:\d+|syntax error at|relation "|violates|SELECT |INSERT |UPDATE /);
}

/** The answer to any request: never a 5xx; a 4xx carries { message }; a 2xx is a JSON object. */
function expectNoServerError(res: HttpResult) {
  expect(res.status).toBeLessThan(500);
  if (res.status >= 400) expectClientError(res);
  else {
    expect(res.status).toBeGreaterThanOrEqual(200);
    expect(res.body).toEqual(expect.any(Object));
  }
}

describe.each(ENGINES)('malformed input (%s)', (engine) => {
  let server: TestServer;
  let f: Fixture;

  beforeAll(async () => {
    server = await startTestServer(engine);
    const admin = await server.createUser('system_admin');
    const customer = await server.createUser('normal_user');
    const owner = await server.createUser('store_owner');
    const target = await server.createUser('normal_user');
    const store = await server.createStore(owner.id, { name: 'Fixture Store' });
    const rating = await insertRating(server, customer.id, store.id, 3, { comment: 'Fixture rating' });
    f = { admin, customer, owner, target, store: store.id, rating };
  });
  afterAll(() => server.close());

  /** Every row of every table: a rejected request must leave this exactly as it was. */
  async function snapshot() {
    const [users, stores, ratings] = await Promise.all([
      server.db.selectFrom('users').selectAll().orderBy('id').execute(),
      server.db.selectFrom('stores').selectAll().orderBy('id').execute(),
      server.db.selectFrom('ratings').selectAll().orderBy('id').execute(),
    ]);
    return { counts: { users: users.length, stores: stores.length, ratings: ratings.length }, users, stores, ratings };
  }

  /** Runs `send`, expects every answer to be a rejection, and the database untouched. */
  async function expectRejectedAndUnchanged(send: () => Promise<void>) {
    const before = await snapshot();
    await send();
    const after = await snapshot();
    expect(after.counts).toEqual(before.counts);
    expect(after).toEqual(before);
  }

  const send = (method: string, path: string, options: RequestOptions) => server.request(method, path, options);

  describe.each(BODY_ENDPOINTS)('$method $path', (endpoint) => {
    const call = (options: RequestOptions) =>
      send(endpoint.method, resolve(endpoint.path, f), { ...options, token: tokenOf(endpoint.who, f) });

    it.each([
      ['malformed JSON', '{"a":'],
      ['single quotes', "{'a': 1}"],
      ['a trailing comma', '{"rating": 4,}'],
      ['a bare word', 'undefined'],
      ['NaN', '{"rating": NaN}'],
      ['a leading zero', '{"rating": 04}'],
      ['an empty body', ''],
      ['only whitespace', '   \n'],
      ['a NUL byte', NUL],
      ['two JSON documents', '{}{}'],
    ])('rejects %s as not JSON (400)', async (_label, raw) => {
      await expectRejectedAndUnchanged(async () => {
        expectClientError(await call({ rawBody: raw }), 400, NOT_JSON);
      });
    });

    it.each([
      ['a __proto__ key', '{"__proto__": {"role": "system_admin"}}'],
      ['a constructor.prototype key', '{"constructor": {"prototype": {"role": "system_admin"}}}'],
      ['a nested __proto__ key', '{"a": {"b": {"__proto__": {"role": "system_admin"}}}}'],
    ])(
      'drops %s like any unknown key: alone it is the body {} (400 with its first missing field), and nothing is polluted',
      async (_label, raw) => {
        const empty = await call({ body: {} });
        await expectRejectedAndUnchanged(async () => {
          const res = await call({ rawBody: raw });
          expectClientError(res, 400, empty.body.message);
          expect(res.body).toEqual(empty.body);
        });
        expect(({} as Record<string, unknown>).role).toBeUndefined();
      },
    );

    it.each([
      ['an empty array', '[]'],
      ['an array of the valid body', 'ARRAY'],
      ['a JSON string', '"hello"'],
      ['a JSON number', '42'],
      ['a JSON boolean', 'true'],
      ['deeply nested arrays', '['.repeat(20_000) + ']'.repeat(20_000)],
    ])('rejects %s as a body that is not an object (400 Invalid input)', async (_label, raw) => {
      const body = raw === 'ARRAY' ? JSON.stringify([endpoint.valid(f)]) : raw;
      await expectRejectedAndUnchanged(async () => {
        expectClientError(await call({ rawBody: body }), 400, INVALID_INPUT);
      });
    });

    it('rejects null and {} with the message of the first missing field (400)', async () => {
      await expectRejectedAndUnchanged(async () => {
        expectClientError(await call({ rawBody: 'null' }), 400);
        expectClientError(await call({ body: {} }), 400);
      });
    });

    it.each([
      ['numbers where text is expected', () => 12345],
      ['booleans', () => true],
      ['nested objects', () => ({ $ne: null, toString: 'x' })],
      ['arrays', () => ['a', 'b']],
      ['10,000-character strings', () => 'x'.repeat(10_000)],
      ['deeply nested objects', () => JSON.parse('{"a":'.repeat(500) + '1' + '}'.repeat(500))],
    ])('rejects %s in every text field (400)', async (_label, value) => {
      const body = endpoint.valid(f);
      for (const field of endpoint.textFields) body[field] = value();
      await expectRejectedAndUnchanged(async () => {
        expectClientError(await call({ body }), 400);
      });
    });

    it('rejects a NUL byte inside each text field in turn (400)', async () => {
      // A new password may hold any character (the rule only asks for length, a capital and a special one).
      const fields = endpoint.textFields.filter((field) => field !== 'password' && field !== 'newPassword');
      await expectRejectedAndUnchanged(async () => {
        for (const field of fields) {
          const body = endpoint.valid(f);
          const value = String(body[field]);
          body[field] = `${value.slice(0, 3)}${NUL}${value.slice(3)}`;
          const res = await call({ body });
          expectClientError(res, 400);
        }
      });
    });

    it.each([
      ['text/plain', '{}'],
      ['text/plain; charset=utf-8', JSON.stringify({ any: 'thing' })],
      ['application/x-www-form-urlencoded', 'name=x&email=y'],
      ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--xyz--'],
      ['application/xml', '<a/>'],
      ['application/vnd.api+json', '{}'],
    ])('answers 415 for a body sent as %s', async (contentType, raw) => {
      await expectRejectedAndUnchanged(async () => {
        const res = await call({ rawBody: raw, contentType });
        expectClientError(res, 415);
        expect(res.body).toEqual({ message: 'Content type must be application/json' });
      });
    });

    it('answers 413 for a body over 64 KiB, valid JSON or not', async () => {
      const big = { ...endpoint.valid(f), [endpoint.textFields[0]]: 'x'.repeat(65 * 1024) };
      await expectRejectedAndUnchanged(async () => {
        for (const raw of [JSON.stringify(big), '{"a":"' + 'x'.repeat(70_000)]) {
          const res = await call({ rawBody: raw });
          expectClientError(res, 413);
          expect(res.body).toEqual({ message: 'Request body is too large' });
        }
      });
    });

    it('survives random JSON bodies and random values in its own fields', async () => {
      const value = fc.oneof(
        fc.string({ unit: 'binary', maxLength: 80 }),
        fc.string({ maxLength: 5 }).map((s) => `${s}${NUL}${s}`),
        fc.integer(),
        fc.double(),
        fc.boolean(),
        fc.constant(null),
        fc.jsonValue({ maxDepth: 2 }),
      );
      const fieldsOf = endpoint.textFields.concat(['rating', 'owner_id', 'role', 'id']);
      const body = fc.oneof(
        fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
        fc.dictionary(fc.constantFrom(...fieldsOf), value).map((v) => JSON.stringify(v)),
        fc.string({ unit: 'binary', maxLength: 60 }),
      );
      await fc.assert(
        fc.asyncProperty(body, async (raw) => {
          const res = await call({ rawBody: raw });
          expectNoServerError(res);
        }),
        { numRuns: 40 },
      );
      expect(await server.storesWithWrongAggregates()).toEqual([]);
    });
  });

  describe('a valid body with a __proto__ or constructor.prototype key is answered as it is without it (the key is dropped, like any unknown key)', () => {
    const POLLUTING_KEYS = '"__proto__": {"role": "system_admin", "isAdmin": true}, "constructor": {"prototype": {"role": "system_admin"}}';
    /** `body` as JSON with the polluting keys before its own. */
    const withPollution = (body: Record<string, unknown>) => JSON.stringify(body).replace(/^\{/, `{${POLLUTING_KEYS}, `);

    afterEach(() => {
      // The server runs in this process: nothing reached Object.prototype.
      expect(({} as Record<string, unknown>).role).toBeUndefined();
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    });

    it('POST /api/auth/register: 201, a normal user', async () => {
      const email = `proto.${Date.now()}@test.example`;
      const res = await server.post('/api/auth/register', {
        rawBody: withPollution({ name: 'A Person Sending Proto Keys', email, address: '1 Road', password: 'Secret@123' }),
      });
      expect(res.status).toBe(201);
      expect(res.body.user).toMatchObject({ email, role: 'normal_user' });
      expect(res.body.user).not.toHaveProperty('isAdmin');
      const row = await server.db.selectFrom('users').select('role').where('email', '=', email).executeTakeFirstOrThrow();
      expect(row.role).toBe('normal_user');
    });

    it('POST /api/auth/login: 200 for the right password', async () => {
      const res = await server.post('/api/auth/login', {
        rawBody: withPollution({ email: f.customer.email, password: 'Secret@123', role: 'normal_user' }),
      });
      expect(res.status).toBe(200);
      expect(res.body.user.role).toBe('normal_user');
    });

    it('PUT /api/ratings/:ratingId: 200, the rating changed and nothing else', async () => {
      const res = await server.put(`/api/ratings/${f.rating}`, {
        token: f.customer.token,
        rawBody: withPollution({ rating: 2, comment: 'Proto keys dropped' }),
      });
      expect(res.status).toBe(200);
      expect(res.body.rating).toMatchObject({ id: f.rating, rating: 2, comment: 'Proto keys dropped' });
      await server.put(`/api/ratings/${f.rating}`, { token: f.customer.token, body: { rating: 3, comment: 'Fixture rating' } });
    });
  });

  it('treats a NUL byte in a sign-in password as a wrong password (401)', async () => {
    await expectRejectedAndUnchanged(async () => {
      const res = await server.post('/api/auth/login', {
        body: { email: f.customer.email, password: `Secret@123${NUL}`, role: 'normal_user' },
      });
      expectClientError(res, 401, 'Invalid credentials');
    });
  });

  describe('strings where numbers are expected, and odd numbers', () => {
    it.each([['"5"'], ['"five"'], ['4.5'], ['0'], ['6'], ['-1'], ['1e309'], ['-0'], ['null'], ['[5]'], ['{"value":5}'], ['true']])(
      'rejects rating %s with "Please select a rating"',
      async (rating) => {
        await expectRejectedAndUnchanged(async () => {
          for (const [method, path] of [
            ['POST', `/api/ratings/${f.store}`],
            ['PUT', `/api/ratings/${f.rating}`],
          ]) {
            const res = await send(method, path, { token: f.customer.token, rawBody: `{"rating": ${rating}}` });
            expectClientError(res, 400, 'Please select a rating');
          }
        });
      },
    );

    it.each([
      ['"abc"'],
      ['"1e3"'],
      ['"0x10"'],
      ['"-1"'],
      ['"1.5"'],
      ['1e309'],
      ['0'],
      ['2147483648'],
      ['[1]'],
      ['{"id":1}'],
      ['true'],
      ['"1\\u0000"'],
    ])('rejects owner_id %s with "Please select a store owner"', async (ownerId) => {
      await expectRejectedAndUnchanged(async () => {
        for (const [method, path] of [
          ['POST', '/api/admin/stores'],
          ['PUT', `/api/admin/stores/${f.store}`],
        ]) {
          const raw = `{"name": "Valid Store", "address": "1 Road", "owner_id": ${ownerId}}`;
          const res = await send(method, path, { token: f.admin.token, rawBody: raw });
          expectClientError(res, 400, 'Please select a store owner');
        }
      });
    });
  });

  describe.each(LIST_ENDPOINTS)('GET $path', (endpoint) => {
    const get = (query: string) => server.get(`${resolve(endpoint.path, f)}${query}`, { token: tokenOf(endpoint.who, f) });

    it.each([
      ['?page=1&page=2'],
      ['?page=1e309'],
      ['?page=1e3'],
      ['?page=0x10'],
      ['?page=-1'],
      ['?page=0'],
      ['?page=1.5'],
      ['?page=%00'],
      ['?page=1%00'],
      ['?page='],
      ['?page=abc'],
      ['?page=%20'],
      ['?page=1000001'],
      ['?page=99999999999999999999'],
      ['?page=%EF%BC%91'],
    ])('rejects %s: "Page must be a whole number from 1 to 1000000"', async (query) => {
      await expectRejectedAndUnchanged(async () => {
        expectClientError(await get(query), 400, INVALID_PAGE);
      });
    });

    it.each([['?limit=5&limit=6'], ['?limit=-1'], ['?limit=0'], ['?limit=1e2'], ['?limit=%00'], ['?limit=OVER'], ['?limit=']])(
      'rejects %s with the limit message',
      async (query) => {
        const q = query.replace('OVER', String(endpoint.maxLimit + 1));
        await expectRejectedAndUnchanged(async () => {
          expectClientError(await get(q), 400, limitMessage(endpoint.maxLimit));
        });
      },
    );

    it('refuses a page beyond the first LIST_WINDOW rows with a clear message, and accepts the largest limit', async () => {
      const deep = await get('?page=1000000');
      expect(deep.status).toBe(400);
      expect(deep.body).toEqual({ message: MESSAGES.listWindow, errors: [{ field: 'page', message: MESSAGES.listWindow }] });
      const lastInWindow = await get(`?page=${LIST_WINDOW / 10}&limit=10`);
      expect(lastInWindow.status).toBe(200);
      expect(lastInWindow.body.page).toBe(LIST_WINDOW / 10);
      const wide = await get(`?limit=${endpoint.maxLimit}`);
      expect(wide.status).toBe(200);
      expect(wide.body.limit).toBe(endpoint.maxLimit);
    });

    it('ignores unknown and bracketed query keys', async () => {
      for (const query of ['?foo=bar', '?page[a]=1', '?__proto__=1', `?${encodeURIComponent(NUL)}=1`, '?constructor=x&toString=y']) {
        const res = await get(query);
        expect(res.status).toBe(200);
        expect(res.body.page).toBe(1);
      }
    });

    it('survives random query strings', async () => {
      const key = fc.oneof(fc.constantFrom('page', 'limit', 'sortBy', 'sortOrder', 'search', 'role'), fc.string({ maxLength: 6 }));
      const val = fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.integer().map(String), fc.double().map(String));
      await fc.assert(
        fc.asyncProperty(fc.array(fc.tuple(key, val), { maxLength: 4 }), async (pairs) => {
          const query = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
          expectNoServerError(await get(`?${query}`));
        }),
        { numRuns: 40 },
      );
    });

    if (endpoint.search) {
      it.each([
        ['a NUL byte', `?search=${encodeURIComponent(NUL)}`, INVALID_TEXT],
        ['a NUL byte inside text', `?search=${encodeURIComponent(`Fix${NUL}ture`)}`, INVALID_TEXT],
        ['a repeated search', '?search=a&search=b', undefined],
        ['10,000 characters', `?search=${'x'.repeat(10_000)}`, 'Search must not exceed 100 characters'],
        ['101 characters', `?search=${'x'.repeat(101)}`, 'Search must not exceed 100 characters'],
        ['an unknown sortBy', `?sortBy=${encodeURIComponent('name; DROP TABLE users; --')}`, 'Unknown sort field'],
        ['a NUL sortBy', `?sortBy=${encodeURIComponent(NUL)}`, 'Unknown sort field'],
        ['a repeated sortBy', '?sortBy=name&sortBy=created_at', 'Unknown sort field'],
        ['an upper-case sortOrder', '?sortOrder=DESC', 'Sort order must be asc or desc'],
        ['an SQL sortOrder', `?sortOrder=${encodeURIComponent('asc, (select 1)')}`, 'Sort order must be asc or desc'],
      ])('rejects %s (400)', async (_label, query, message) => {
        await expectRejectedAndUnchanged(async () => {
          expectClientError(await get(query), 400, message);
        });
      });

      it.each([
        ['an SQL payload', "' OR 1=1 --"],
        ['SQL wildcards', '%_%'],
        ['a backslash', '\\'],
        ['quotes', `'"\``],
        ['HTML', '<script>alert(1)</script>'],
        ['emoji, RTL and zero-width text', '😀 مرحبا \u200B'],
        ['100 characters', 'y'.repeat(100)],
        ['only spaces', '   '],
      ])('searches for %s as plain text (200, no match)', async (_label, search) => {
        const res = await get(`?search=${encodeURIComponent(search)}`);
        expect(res.status).toBe(200);
        const items = res.body.users ?? res.body.stores;
        if (search.trim() === '') expect(res.body.total).toBeGreaterThan(0);
        else {
          expect(res.body.total).toBe(0);
          expect(items).toEqual([]);
        }
      });
    }
  });

  describe.each(ID_ENDPOINTS)('$method $path', (endpoint) => {
    const call = (id: string) =>
      send(endpoint.method, endpoint.path.replace('{id}', id), { token: tokenOf(endpoint.who, f), body: endpoint.body?.(f) });

    it.each([
      ['1e3'],
      ['0x10'],
      ['%00'],
      ['1%00'],
      ['-1'],
      ['0'],
      ['00'],
      ['01'],
      ['1.5'],
      ['1.0'],
      ['abc'],
      ['null'],
      ['undefined'],
      ['NaN'],
      ['Infinity'],
      ['2147483648'],
      ['99999999999'],
      ['%201'],
      ['1%20'],
      ['%E2%80%8B1'],
      ['%EF%BC%91'],
      [encodeURIComponent("1' OR '1'='1")],
      [encodeURIComponent('1;DROP TABLE stores')],
      [encodeURIComponent('<b>1</b>')],
    ])('rejects the id %s with 400 "Invalid id"', async (id) => {
      await expectRejectedAndUnchanged(async () => {
        expectClientError(await call(id), 400, INVALID_ID);
      });
    });

    it('rejects an over-long id and a broken percent-encoding with a 4xx JSON message', async () => {
      await expectRejectedAndUnchanged(async () => {
        // Raised before routing, they still answer in the API's error shape: { message } alone.
        for (const res of [await call('1'.repeat(300)), await call('%E0%A4%A'), await call('%')]) {
          expectClientError(res, undefined, 'Invalid input');
          expect(Object.keys(res.body)).toEqual(['message']);
        }
      });
    });

    it(`answers 404 for the largest id, which exists nowhere`, async () => {
      await expectRejectedAndUnchanged(async () => {
        expectClientError(await call('2147483647'), 404, endpoint.notFound);
      });
    });
  });

  describe('authorization headers', () => {
    it.each([
      ['Bearer'],
      ['Bearer '],
      ['Bearer a.b.c'],
      ['Bearer ..'],
      [`Bearer ${'a'.repeat(10_000)}`],
      ['Basic dXNlcjpwYXNz'],
      ['Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJ1c2VySWQiOjEsInRva2VuVmVyc2lvbiI6MH0.'],
      ['Bearer x.y.z, Bearer a.b.c'],
      ['Token abc'],
    ])('rejects %p with 401', async (authorization) => {
      await expectRejectedAndUnchanged(async () => {
        const res = await server.get('/api/auth/profile', { headers: { authorization } });
        expectClientError(res, 401);
        const del = await server.del(`/api/admin/stores/${f.store}`, { headers: { authorization } });
        expectClientError(del, 401);
      });
    });
  });

  describe('text that is strange but valid is accepted and kept exactly', () => {
    it('registers a user whose name and address hold emoji, right-to-left and zero-width text', async () => {
      const name = `${ODD_TEXT}`.slice(0, 60);
      const email = `odd.${Date.now()}@test.example`;
      const res = await server.post('/api/auth/register', {
        body: { name, email, address: `${SQL_TEXT} ${HTML_TEXT}`, password: 'Secret@123' },
      });
      expect(res.status).toBe(201);
      expect(res.body.user.name).toBe(name);
      expect(res.body.user.address).toBe(`${SQL_TEXT} ${HTML_TEXT}`);
      const profile = await server.get('/api/auth/profile', { token: res.body.token });
      expect(profile.body.user).toMatchObject({ name, address: `${SQL_TEXT} ${HTML_TEXT}` });
    });

    it('creates a store named with SQL and HTML, finds it by that text, and every table survives', async () => {
      const before = await snapshot();
      for (const name of [SQL_TEXT, HTML_TEXT]) {
        const res = await server.post('/api/admin/stores', {
          token: f.admin.token,
          body: { name, address: ODD_TEXT, owner_id: f.owner.id },
        });
        expect(res.status).toBe(201);
        expect(res.body.store).toMatchObject({ name, address: ODD_TEXT });
        const found = await server.get(`/api/admin/stores?search=${encodeURIComponent(name)}`, { token: f.admin.token });
        expect(found.status).toBe(200);
        expect(found.body.stores.map((s: { id: number }) => s.id)).toEqual([res.body.store.id]);
      }
      const after = await snapshot();
      expect(after.counts).toEqual({ ...before.counts, stores: before.counts.stores + 2 });
      const byOdd = await server.get(`/api/stores?search=${encodeURIComponent('مرحبا بالعالم')}`, { token: f.customer.token });
      expect(byOdd.body.total).toBe(2);
    });

    it('keeps a rating comment of emoji, right-to-left, zero-width, SQL and HTML text exactly', async () => {
      const comment = `${ODD_TEXT} ${SQL_TEXT} ${HTML_TEXT}`.slice(0, 500);
      const res = await server.put(`/api/ratings/${f.rating}`, { token: f.customer.token, body: { rating: 3, comment } });
      expect(res.status).toBe(200);
      expect(res.body.rating.comment).toBe(comment);
      const list = await server.get(`/api/stores/${f.store}/ratings`, { token: f.owner.token });
      expect(list.body.ratings.find((r: { id: number }) => r.id === f.rating).comment).toBe(comment);
    });

    it('treats a JSON body with a charset parameter or upper-case type as JSON', async () => {
      for (const contentType of ['application/json; charset=utf-8', 'Application/JSON']) {
        const res = await server.put(`/api/ratings/${f.rating}`, {
          token: f.customer.token,
          rawBody: JSON.stringify({ rating: 3, comment: 'Fixture rating' }),
          contentType,
        });
        expect(res.status).toBe(200);
      }
    });
  });

  it('keeps every store figure exact after all of the above', async () => {
    expect(await server.storesWithWrongAggregates()).toEqual([]);
    const health = await server.get('/api/health');
    expect(health.body).toEqual({ status: 'ok', database: 'ok' });
  });
});
