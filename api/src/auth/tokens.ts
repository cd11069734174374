/** JWTs: HS256 only, with an expiry, carrying the user id and the user's token version. */
import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { MAX_ID } from 'shared-contracts/schemas';

const ALGORITHM = 'HS256' as const;

export interface TokenClaims {
  userId: number;
  tokenVersion: number;
}

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
  });
}

/** The claims of a valid token, or null for anything else (bad signature, other algorithm, expired, malformed). */
export function verifyToken(token: string, secret: string): TokenClaims | null {
  try {
    const payload = jwt.verify(token, keyOf(secret), { algorithms: [ALGORITHM] });
    if (typeof payload !== 'object' || payload === null) return null;
    const userId = Number(payload.sub);
    const tokenVersion = (payload as { tv?: unknown }).tv;
    if (!Number.isSafeInteger(userId) || userId < 1 || userId > MAX_ID || typeof tokenVersion !== 'number' || !Number.isInteger(tokenVersion)) return null;
    if (typeof payload.exp !== 'number') return null;
    return { userId, tokenVersion };
  } catch {
    return null;
  }
}
