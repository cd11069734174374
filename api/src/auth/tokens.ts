/** JWTs: HS256 only, with an expiry, carrying the user id and the user's token version. */
import jwt from 'jsonwebtoken';
import { MAX_ID } from 'shared-contracts/schemas';

const ALGORITHM = 'HS256' as const;

export interface TokenClaims {
  userId: number;
  tokenVersion: number;
}

export function signToken(claims: TokenClaims, secret: string, ttlSeconds: number): string {
  return jwt.sign({ tv: claims.tokenVersion }, secret, {
    algorithm: ALGORITHM,
    subject: String(claims.userId),
    expiresIn: ttlSeconds,
  });
}

/** The claims of a valid token, or null for anything else (bad signature, other algorithm, expired, malformed). */
export function verifyToken(token: string, secret: string): TokenClaims | null {
  try {
    const payload = jwt.verify(token, secret, { algorithms: [ALGORITHM] });
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
