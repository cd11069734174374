/**
 * Who is calling: the bearer token is checked (HS256, expiry, token version, not signed out) against
 * the user as the database has them now, with their current role: held in memory while the database's
 * change announcements reach this process, read otherwise (signed-in-users.ts). Guards run before
 * validation, so an anonymous caller gets 401 and a wrong role 403 whatever they sent.
 */
import type { FastifyRequest } from 'fastify';
import { MESSAGES, type Role } from 'shared-contracts';
import { forbidden, unauthorized } from '../http/errors';
import type { SignedInUsers } from './signed-in-users';
import { signToken, verifyToken } from './tokens';

export interface CurrentUser {
  id: number;
  name: string;
  email: string;
  role: Role;
  tokenVersion: number;
  /** The token of this request: its id and expiry (what POST /api/auth/logout revokes). */
  token: { jti: string; expiresAt: Date };
}

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: CurrentUser | null;
  }
}

export interface AuthGuards {
  /** onRequest hook: any signed-in user. */
  signedIn: (request: FastifyRequest) => Promise<void>;
  /** onRequest hook: a signed-in user with one of these roles. */
  withRole: (...roles: Role[]) => (request: FastifyRequest) => Promise<void>;
  issueToken: (user: { id: number; token_version: number }) => string;
  /**
   * After a user was changed, signed out or deleted (committed): resolves when every instance will
   * see it on the next request (SignedInUsers.changed).
   */
  userChanged: (userId: number) => Promise<void>;
}

const BEARER = /^Bearer\s+([A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]*)\s*$/i;

export function createAuthGuards(users: SignedInUsers, jwtSecret: string, tokenTtlSeconds: number): AuthGuards {
  async function authenticate(request: FastifyRequest): Promise<CurrentUser> {
    const header = request.headers.authorization;
    if (!header) throw unauthorized(MESSAGES.authRequired);
    const match = BEARER.exec(header);
    const claims = match ? verifyToken(match[1], jwtSecret) : null;
    if (!claims) throw unauthorized(MESSAGES.invalidToken);

    const user = await users.find(claims.userId);
    // A deleted user, a token from before the last password change, or a signed-out token is no longer valid.
    if (!user || user.token_version !== claims.tokenVersion || user.signedOut.has(claims.jti)) throw unauthorized(MESSAGES.invalidToken);

    const current = {
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      tokenVersion: user.token_version,
      token: { jti: claims.jti, expiresAt: claims.expiresAt },
    };
    request.currentUser = current;
    return current;
  }

  return {
    signedIn: async (request) => {
      await authenticate(request);
    },
    withRole:
      (...roles) =>
      async (request) => {
        const user = await authenticate(request);
        if (!roles.includes(user.role)) throw forbidden();
      },
    issueToken: (user) => signToken({ userId: user.id, tokenVersion: user.token_version }, jwtSecret, tokenTtlSeconds),
    userChanged: (userId) => users.changed(userId),
  };
}

/** The signed-in user of a guarded route. */
export function currentUser(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw unauthorized();
  return request.currentUser;
}
