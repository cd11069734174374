import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_TIMEOUT_MS, createApiClient, errorMessage, errorStatus } from '../src';

interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  contentType: string | undefined;
  body: string;
}

let server: http.Server;
let baseURL: string;
let seen: Seen[] = [];

/** The routes of the stub API. */
function handle(req: http.IncomingMessage, res: http.ServerResponse, body: string) {
  const url = new URL(req.url ?? '/', 'http://stub');
  const json = (status: number, data: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(data));
  };
  const auth = req.headers.authorization;
  switch (`${req.method} ${url.pathname}`) {
    case 'POST /api/auth/login':
      return json(401, { message: 'Invalid credentials' });
    case 'GET /api/auth/profile':
      return auth === 'Bearer good-token' ? json(200, { user: { id: 1 } }) : json(401, { message: 'Invalid or expired token' });
    case 'GET /api/admin/dashboard':
      return json(403, { message: 'You do not have permission to do this' });
    case 'GET /api/empty-message':
      return json(400, { message: '   ' });
    case 'GET /api/number-message':
      return json(400, { message: 42 });
    case 'GET /api/no-body':
      res.writeHead(500);
      return res.end();
    case 'GET /api/never-answers':
      // Holds the request open: the server is up but never answers.
      return;
    case 'GET /api/internal-error':
      // What our API answers for an unexpected failure.
      return json(500, { message: 'Internal server error' });
    case 'GET /api/unavailable':
      return json(503, { message: 'Service is shutting down or unavailable' });
    case 'GET /api/too-many':
      return json(429, { message: 'Too many sign-up attempts. Please try again later.' });
    case 'GET /api/html':
      res.writeHead(502, { 'Content-Type': 'text/html' });
      return res.end('<html><body>Bad gateway</body></html>');
    default:
      return json(200, { ok: true, echo: body ? JSON.parse(body) : null });
  }
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      seen.push({
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        body,
      });
      handle(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen = [];
});

/** Runs `fn`, expecting it to reject, and returns the error. */
async function failure(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    await fn();
  } catch (e) {
    return e;
  }
  throw new Error('expected the call to fail');
}

describe('bearer token', () => {
  it('is sent when getToken returns a token', async () => {
    const api = createApiClient({ baseURL, getToken: () => 'good-token' });
    await api.auth.getProfile();
    expect(seen).toHaveLength(1);
    expect(seen[0].authorization).toBe('Bearer good-token');
  });

  it('is absent when getToken returns null', async () => {
    const api = createApiClient({ baseURL, getToken: () => null });
    await api.stores.list();
    expect(seen[0].authorization).toBeUndefined();
  });

  it("is absent when getToken returns ''", async () => {
    const api = createApiClient({ baseURL, getToken: () => '' });
    await api.stores.list();
    expect(seen[0].authorization).toBeUndefined();
  });

  it('is absent when no getToken is given', async () => {
    const api = createApiClient({ baseURL });
    await api.health();
    expect(seen[0].authorization).toBeUndefined();
  });

  it('auth.logout sends the token it is given, though the session has none any more (it was just cleared)', async () => {
    const api = createApiClient({ baseURL, getToken: () => null });
    await api.auth.logout('signed-out-token');
    expect(seen).toEqual([expect.objectContaining({ method: 'POST', path: '/api/auth/logout', authorization: 'Bearer signed-out-token' })]);
  });

  it('is read on every call (a new token is picked up)', async () => {
    let token: string | null = 'first';
    const api = createApiClient({ baseURL, getToken: () => token });
    await api.stores.list();
    token = 'second';
    await api.stores.list();
    token = null;
    await api.stores.list();
    expect(seen.map((s) => s.authorization)).toEqual(['Bearer first', 'Bearer second', undefined]);
  });
});

/** How a call ended after `ms` (or that it had not): its outcome, or 'pending'. */
async function settledWithin(call: Promise<unknown>, ms: number): Promise<'resolved' | 'rejected' | 'pending'> {
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    call.then(
      () => 'resolved' as const,
      () => 'rejected' as const,
    ),
    new Promise<'pending'>((resolve) => (timer = setTimeout(() => resolve('pending'), ms))),
  ]);
  clearTimeout(timer);
  return outcome;
}

describe('onUnauthorized', () => {
  it('is called once on a 401 of an authenticated call, and the call never settles (its screen shows no failure of its own)', async () => {
    let signalled!: () => void;
    const handled = new Promise<void>((resolve) => (signalled = resolve));
    const onUnauthorized = jest.fn(() => signalled());
    const api = createApiClient({ baseURL, getToken: () => 'expired-token', onUnauthorized });
    const call = api.auth.getProfile();
    // Once the 401 has been handled, the call has had every chance to settle: it does not.
    await handled;
    await expect(settledWithin(call, 100)).resolves.toBe('pending');
    expect(seen).toHaveLength(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('a 401 for a token the session has since replaced (a password change on its way) fails that call and ends nothing', async () => {
    // The call goes out with the old token; by the time its 401 comes back the session holds a new one.
    const tokens = ['old-token', 'new-token'];
    const onUnauthorized = jest.fn();
    const api = createApiClient({ baseURL, getToken: () => (tokens.length > 1 ? tokens.shift()! : tokens[0]), onUnauthorized });
    const call = api.auth.getProfile();
    expect(errorStatus(await call.catch((error: unknown) => error))).toBe(401);
    expect(seen[0].authorization).toBe('Bearer old-token');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('two calls answering 401 at once: neither settles; once signed out, a call without a token fails as usual', async () => {
    let token: string | null = 'expired-token';
    let signalled!: () => void;
    const bothHandled = new Promise<void>((resolve) => (signalled = resolve));
    const onUnauthorized = jest.fn(() => {
      token = null;
      if (onUnauthorized.mock.calls.length === 2) signalled();
    });
    const api = createApiClient({ baseURL, getToken: () => token, onUnauthorized });
    const calls = [api.auth.getProfile(), api.auth.getProfile()];
    await bothHandled;
    await expect(Promise.all(calls.map((call) => settledWithin(call, 100)))).resolves.toEqual(['pending', 'pending']);
    // Once per failing call: the shell's handler is the one that speaks only once.
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
    const err = await failure(() => api.auth.getProfile());
    expect(seen.at(-1)?.authorization).toBeUndefined();
    expect(errorStatus(err)).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['a 500', '/api/internal-error', 500],
    ['a 403', '/api/admin/dashboard', 403],
  ])('%s of an authenticated call still rejects, and does not call it', async (_name, path, status) => {
    const onUnauthorized = jest.fn();
    const api = createApiClient({ baseURL, getToken: () => 'good-token', onUnauthorized });
    expect(errorStatus(await failure(() => api.http.get(path)))).toBe(status);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('is not called for a 401 of /api/auth/login (wrong password), even with a stale token', async () => {
    const onUnauthorized = jest.fn();
    const api = createApiClient({ baseURL, getToken: () => 'stale-token', onUnauthorized });
    const err = await failure(() => api.auth.login({ email: 'a@b.co', password: 'wrong', role: 'normal_user' }));
    expect(seen[0].path).toBe('/api/auth/login');
    expect(seen[0].authorization).toBe('Bearer stale-token');
    expect(errorStatus(err)).toBe(401);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('is not called for a 401 of a call sent without a token', async () => {
    const onUnauthorized = jest.fn();
    const api = createApiClient({ baseURL, getToken: () => null, onUnauthorized });
    const err = await failure(() => api.auth.getProfile());
    expect(errorStatus(err)).toBe(401);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('is not called for a 403', async () => {
    const onUnauthorized = jest.fn();
    const api = createApiClient({ baseURL, getToken: () => 'good-token', onUnauthorized });
    const err = await failure(() => api.admin.dashboard());
    expect(errorStatus(err)).toBe(403);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('is not called on success', async () => {
    const onUnauthorized = jest.fn();
    const api = createApiClient({ baseURL, getToken: () => 'good-token', onUnauthorized });
    await expect(api.auth.getProfile()).resolves.toEqual({ user: { id: 1 } });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('a 401 without an onUnauthorized handler simply rejects', async () => {
    const api = createApiClient({ baseURL, getToken: () => 'expired-token' });
    expect(errorStatus(await failure(() => api.auth.getProfile()))).toBe(401);
  });
});

describe('timeout', () => {
  it('gives up on a call by default after API_TIMEOUT_MS, a reasonable wait', () => {
    const api = createApiClient({ baseURL });
    expect(api.http.defaults.timeout).toBe(API_TIMEOUT_MS);
    expect(API_TIMEOUT_MS).toBeGreaterThanOrEqual(5_000);
    expect(API_TIMEOUT_MS).toBeLessThanOrEqual(30_000);
  });

  it('rejects a call the server never answers once the timeout has passed (no status: a network failure)', async () => {
    const onUnauthorized = jest.fn();
    const api = createApiClient({ baseURL, getToken: () => 'good-token', onUnauthorized, timeoutMs: 100 });
    const started = Date.now();
    const err = await failure(() => api.http.get('/api/never-answers'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    expect(errorStatus(err)).toBeUndefined();
    expect((err as { code?: string }).code).toBe('ECONNABORTED');
    expect(errorMessage(err, 'Failed to fetch stores')).toBe('Failed to fetch stores');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('requests', () => {
  const api = () => createApiClient({ baseURL, getToken: () => 'good-token' });

  it('sends JSON bodies with Content-Type application/json', async () => {
    const body = { name: 'Alexandra Johnson Smith', address: 'Somewhere 1' };
    await expect(api().auth.updateProfile(body)).resolves.toEqual({ ok: true, echo: body });
    expect(seen[0]).toMatchObject({ method: 'PUT', path: '/api/auth/profile' });
    expect(seen[0].contentType).toMatch(/^application\/json/);
    expect(JSON.parse(seen[0].body)).toEqual(body);
  });

  it('sends list queries as query parameters', async () => {
    await api().stores.list({ page: 2, limit: 12, sortBy: 'rating', sortOrder: 'desc', search: 'pizza place' });
    const q = seen[0].query;
    expect(seen[0].path).toBe('/api/stores');
    expect(q.get('page')).toBe('2');
    expect(q.get('limit')).toBe('12');
    expect(q.get('sortBy')).toBe('rating');
    expect(q.get('sortOrder')).toBe('desc');
    expect(q.get('search')).toBe('pizza place');
  });

  it('encodes ids into the path', async () => {
    await api().stores.get('a/b');
    expect(seen[0].path).toBe('/api/stores/a%2Fb');
  });

  it.each([
    ['ratings.submit', 'POST', '/api/ratings/7', (c: ReturnType<typeof api>) => c.ratings.submit(7, { rating: 4 })],
    ['ratings.update', 'PUT', '/api/ratings/9', (c: ReturnType<typeof api>) => c.ratings.update(9, { rating: 2 })],
    ['ratings.remove', 'DELETE', '/api/ratings/9', (c: ReturnType<typeof api>) => c.ratings.remove(9)],
    ['ratings.mine', 'GET', '/api/ratings/user/7', (c: ReturnType<typeof api>) => c.ratings.mine(7)],
    ['stores.ratings', 'GET', '/api/stores/7/ratings', (c: ReturnType<typeof api>) => c.stores.ratings(7)],
    ['admin.deleteUser', 'DELETE', '/api/admin/users/3', (c: ReturnType<typeof api>) => c.admin.deleteUser(3)],
    [
      'admin.updateStore',
      'PUT',
      '/api/admin/stores/5',
      (c: ReturnType<typeof api>) => c.admin.updateStore(5, { name: 'Shop', address: 'x', owner_id: 1 }),
    ],
    ['owner.dashboard', 'GET', '/api/owner/dashboard', (c: ReturnType<typeof api>) => c.owner.dashboard()],
    ['users.dashboard', 'GET', '/api/users/dashboard', (c: ReturnType<typeof api>) => c.users.dashboard()],
  ] as const)('%s → %s %s', async (_name, method, path, call) => {
    await call(api());
    expect(seen[0]).toMatchObject({ method, path });
  });
});

describe('errorMessage / errorStatus', () => {
  const api = () => createApiClient({ baseURL });

  it("returns the server's message", async () => {
    const err = await failure(() => api().auth.login({ email: 'a@b.co', password: 'x', role: 'normal_user' }));
    expect(errorMessage(err, 'Login failed. Please try again.')).toBe('Invalid credentials');
    expect(errorStatus(err)).toBe(401);
  });

  it('returns the server message of a 403', async () => {
    const err = await failure(() => api().admin.dashboard());
    expect(errorMessage(err, 'fallback')).toBe('You do not have permission to do this');
    expect(errorStatus(err)).toBe(403);
  });

  it('returns the fallback when the message is blank', async () => {
    const err = await failure(() => api().http.get('/api/empty-message'));
    expect(errorMessage(err, 'fallback')).toBe('fallback');
    expect(errorStatus(err)).toBe(400);
  });

  it('returns the fallback when the message is not a string', async () => {
    const err = await failure(() => api().http.get('/api/number-message'));
    expect(errorMessage(err, 'fallback')).toBe('fallback');
  });

  it.each([
    ['500', '/api/internal-error'],
    ['503', '/api/unavailable'],
  ])("returns the fallback for a %s, whatever the server's message (it says nothing about what the user did)", async (status, path) => {
    const err = await failure(() => api().http.get(path));
    expect(errorStatus(err)).toBe(Number(status));
    expect(errorMessage(err, 'Failed to update profile')).toBe('Failed to update profile');
  });

  it("returns the server's message of a 429", async () => {
    const err = await failure(() => api().http.get('/api/too-many'));
    expect(errorMessage(err, 'Registration failed. Please try again.')).toBe('Too many sign-up attempts. Please try again later.');
  });

  it('returns the fallback when there is no body', async () => {
    const err = await failure(() => api().http.get('/api/no-body'));
    expect(errorMessage(err, 'fallback')).toBe('fallback');
    expect(errorStatus(err)).toBe(500);
  });

  it('returns the fallback for a non-JSON (HTML) error page', async () => {
    const err = await failure(() => api().http.get('/api/html'));
    expect(errorMessage(err, 'fallback')).toBe('fallback');
    expect(errorStatus(err)).toBe(502);
  });

  it('returns the fallback and no status for a network error', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const onUnauthorized = jest.fn();
    const offline = createApiClient({ baseURL: `http://127.0.0.1:${port}`, getToken: () => 't', onUnauthorized });
    const err = await failure(() => offline.health());
    expect(errorMessage(err, 'Failed to fetch stores')).toBe('Failed to fetch stores');
    expect(errorStatus(err)).toBeUndefined();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('returns the fallback and no status for a non-axios error', () => {
    expect(errorMessage(new Error('boom'), 'fallback')).toBe('fallback');
    expect(errorMessage({ response: { data: { message: 'forged' } } }, 'fallback')).toBe('fallback');
    expect(errorMessage(undefined, 'fallback')).toBe('fallback');
    expect(errorStatus(new Error('boom'))).toBeUndefined();
    expect(errorStatus({ response: { status: 500 } })).toBeUndefined();
  });
});
