import { ENGINES, startTestServer, type TestServer } from './support/test-server';

describe.each(ENGINES)('health and API docs (%s)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  it('GET /api/health answers ok after a real database round trip', async () => {
    const res = await server.get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: 'ok' });
  });

  it('serves the OpenAPI description with every route of the contract', async () => {
    const res = await server.get('/api/docs/json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    const paths = Object.keys(res.body.paths);
    for (const p of [
      '/api/auth/login',
      '/api/auth/register',
      '/api/auth/profile',
      '/api/auth/password',
      '/api/users/dashboard',
      '/api/stores',
      '/api/stores/{id}',
      '/api/stores/{id}/ratings',
      '/api/ratings/user/{storeId}',
      '/api/ratings/{storeId}',
      '/api/ratings/{ratingId}',
      '/api/owner/dashboard',
      '/api/admin/dashboard',
      '/api/admin/users',
      '/api/admin/users/{id}',
      '/api/admin/stores',
      '/api/admin/stores/{id}',
      '/api/health',
    ]) {
      expect(paths).toContain(p);
    }
    expect(res.body.paths['/api/auth/register'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('password');
  });

  it('serves the interactive docs page at /api/docs', async () => {
    const res = await server.get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
  });

  it('sends security headers', async () => {
    const res = await server.get('/api/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBeTruthy();
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('answers an unknown API route with 404 and the error shape', async () => {
    const res = await server.get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Route not found' });
  });
});

describe.each(ENGINES)('draining for a shutdown (%s)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  it('once draining, health answers 503 "draining" for the load balancer, and requests are still served, each with Connection: close', async () => {
    const user = await server.createUser('normal_user');
    const before = await server.get('/api/auth/profile', { token: user.token });
    expect(before.headers.get('connection')).not.toBe('close');
    server.app.startDraining();
    const health = await server.get('/api/health');
    expect(health.status).toBe(503);
    expect(health.body).toEqual({ status: 'draining', database: 'ok' });
    const during = await server.get('/api/auth/profile', { token: user.token });
    expect(during.status).toBe(200);
    expect(during.body.user.id).toBe(user.id);
    expect(during.headers.get('connection')).toBe('close');
  });
});
