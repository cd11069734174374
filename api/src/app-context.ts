import type { FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { FastifyBaseLogger } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { AuthGuards } from './auth/guards';
import type { SignedInUsers } from './auth/signed-in-users';
import type { AuthThrottle } from './auth/throttle';
import type { Database } from './db/database';
import type { DB } from './db/schema';
import type { Releases } from './deployments/releases';
import type { Lifecycle } from './http/draining';
import type { AccountMail } from './mail/account-mail';

/** What every route module gets: the database, the guards and the throttle. */
export interface AppContext {
  database: Database;
  db: Kysely<DB>;
  guards: AuthGuards;
  /** The users behind tokens, held while the database's announcements reach this process. */
  users: SignedInUsers;
  throttle: AuthThrottle;
  /** See Config.integrityCheckMaxAgeMs. */
  integrityCheckMaxAgeMs: number;
  /** Whether the server is draining for a shutdown (http/draining.ts). */
  lifecycle: Lifecycle;
  /** The published versions of the shell and the remotes, their canaries and history (deployments/releases.ts). */
  releases: Releases;
  /** The password reset and email verification mails, sent after the answer (mail/account-mail.ts). */
  accountMail: AccountMail;
}

export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
