/**
 * verifyToken (auth/tokens.ts) checks a token's signature and claims once and keeps the result until the
 * token expires: a token it has accepted is still refused from the second of its expiry on, and only
 * the secret it was signed with accepts it.
 */
import { signToken, verifyToken } from '../src/auth/tokens';

const SECRET = 'a-test-secret-long-enough-for-hs256-0123456789abcdef';

describe('verifyToken', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('accepts a valid token every time with the same claims', () => {
    const token = signToken({ userId: 7, tokenVersion: 2 }, SECRET, 60);
    const first = verifyToken(token, SECRET);
    expect(first).toEqual({ userId: 7, tokenVersion: 2, jti: expect.any(String), expiresAt: expect.any(Date) });
    expect(verifyToken(token, SECRET)).toEqual(first);
  });

  it('refuses a token it accepted before from the second of its expiry on', () => {
    const token = signToken({ userId: 8, tokenVersion: 0 }, SECRET, 60);
    const claims = verifyToken(token, SECRET)!;
    const exp = claims.expiresAt.getTime();
    jest.spyOn(Date, 'now').mockReturnValue(exp - 1);
    expect(verifyToken(token, SECRET)).toEqual(claims);
    jest.spyOn(Date, 'now').mockReturnValue(exp);
    expect(verifyToken(token, SECRET)).toBeNull();
    expect(verifyToken(token, SECRET)).toBeNull();
  });

  it('refuses a token accepted under its secret when another secret checks it', () => {
    const token = signToken({ userId: 9, tokenVersion: 0 }, SECRET, 60);
    expect(verifyToken(token, SECRET)).not.toBeNull();
    expect(verifyToken(token, `${SECRET}-other`)).toBeNull();
  });

  it('refuses a token whose payload was changed after it was accepted', () => {
    const token = signToken({ userId: 10, tokenVersion: 0 }, SECRET, 60);
    expect(verifyToken(token, SECRET)).not.toBeNull();
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = [header, Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url'), signature].join('.');
    expect(verifyToken(forged, SECRET)).toBeNull();
  });
});
