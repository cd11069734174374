/**
 * JWTs: HS256 only, with an expiry, carrying the user id, the user's token version and an id of
 * their own (`jti`, so one token can be signed out without the user's others).
 */
import { createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { MAX_ID } from 'shared-contracts/schemas';

const ALGORITHM = 'HS256' as const;

export interface TokenClaims {
  userId: number;
  tokenVersion: number;
}

export interface VerifiedToken extends TokenClaims {
  /** The token's own id (what a sign-out revokes). */
  jti: string;
  /** When it expires. */
  expiresAt: Date;
}

const JTI = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The secret as a KeyObject, made once: given a string, jsonwebtoken first tries (and fails) to parse
 * it as a public key on every call, which was a quarter of the CPU of a simple request.
 */
const keys = new Map<string, KeyObject>();
function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret));
    keys.set(secret, key);
  }
  return key;
}

export function signToken(claims: TokenClaims, secret: string, ttlSeconds: number): string {
  return jwt.sign({ tv: claims.tokenVersion }, keyOf(secret), {
    algorithm: ALGORITHM,
    subject: String(claims.userId),
    expiresIn: ttlSeconds,
    jwtid: randomBytes(16).toString('base64url'),
  });
}

/**
 * Tokens whose signature and claims were checked, by secret and token, until they expire: a client
 * sends the same token with every request, and its signature checks the same every time. Bounded;
 * past the bound the oldest is forgotten (and checked again on its next use).
 */
export const MAX_VERIFIED_TOKENS = 10_000;
const verified = new Map<string, VerifiedToken>();

/**
 * The claims of a valid token, or null for anything else (bad signature, other algorithm, expired,
 * malformed, or without an id: made before sign-out existed, so it could never be signed out).
 */
export function verifyToken(token: string, secret: string): VerifiedToken | null {
  const key = `${secret}\n${token}`;
  const known = verified.get(key);
  if (known) {
    // Expired as jsonwebtoken judges it: from the second of its `exp` on.
    if (Math.floor(Date.now() / 1000) < known.expiresAt.getTime() / 1000) return known;
    verified.delete(key);
    return null;
  }
  const claims = checkToken(token, secret);
  if (claims) {
    if (verified.size >= MAX_VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
    verified.set(key, claims);
  }
  return claims;
}

function checkToken(token: string, secret: string): VerifiedToken | null {
  try {
    const payload = jwt.verify(token, keyOf(secret), { algorithms: [ALGORITHM] });
    if (typeof payload !== 'object' || payload === null) return null;
    const userId = Number(payload.sub);
    const tokenVersion = (payload as { tv?: unknown }).tv;
    if (
      !Number.isSafeInteger(userId) ||
      userId < 1 ||
      userId > MAX_ID ||
      typeof tokenVersion !== 'number' ||
      !Number.isInteger(tokenVersion)
    )
      return null;
    if (typeof payload.exp !== 'number') return null;
    if (typeof payload.jti !== 'string' || !JTI.test(payload.jti)) return null;
    return { userId, tokenVersion, jti: payload.jti, expiresAt: new Date(payload.exp * 1000) };
  } catch {
    return null;
  }
}
