/**
 * The users behind tokens, held in this process so that an ordinary request needs no query of its own
 * to know who is calling (DESIGN.md §9): id, name, email, role, token version, and the ids of their
 * signed-out tokens.
 *
 * Kept true by the database: every change of a user and every sign-out is announced on the
 * `user_changed` channel (db/functions/user_changes.sql) at commit, to every instance, and the user
 * named is dropped here. While the listener is not connected (at start, after a lost connection) the
 * cache is empty and every request reads the user from the database, as it would without a cache.
 * An entry is never kept past a change: a read that began before a change was announced is used for
 * its own request only.
 *
 * A change made through this instance is dropped here at once (`changed`), and the answer waits until
 * the announcement has come back through the listener (`settle`), so that every instance, this one
 * included, has it before the client can send its next request.
 */
import { randomBytes } from 'node:crypto';
import type {} from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Role } from 'shared-contracts';
import type { Database } from '../db/database';
import type { StopListening } from '../db/notifications';
import type { DB } from '../db/schema';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's held users (tests wait on `settle` after changing users straight in the database). */
    signedInUsers: SignedInUsers;
  }
}

export const USER_CHANGED_CHANNEL = 'user_changed';
const SETTLE_PREFIX = 'settle:';

export interface KnownUser {
  id: number;
  name: string;
  email: string;
  role: Role;
  token_version: number;
  /** The ids (jti) of this user's signed-out tokens that have not expired yet. */
  signedOut: ReadonlySet<string>;
}

export interface SignedInUsersOptions {
  /** At most this many users are held; the longest held goes first. */
  maxEntries?: number;
  /** How long `settle` waits for an announcement to come back before it answers anyway. */
  settleTimeoutMs?: number;
}

export class SignedInUsers {
  private readonly entries = new Map<number, KnownUser>();
  /** Bumped by every drop: a read that began before it may be stale and is not kept. */
  private generation = 0;
  private listening = false;
  private stop: StopListening | undefined;
  private readonly settling = new Map<string, () => void>();
  private readonly maxEntries: number;
  private readonly settleTimeoutMs: number;

  constructor(
    private readonly database: Pick<Database, 'db' | 'listen'>,
    { maxEntries = 50_000, settleTimeoutMs = 2_000 }: SignedInUsersOptions = {},
  ) {
    this.maxEntries = maxEntries;
    this.settleTimeoutMs = settleTimeoutMs;
  }

  private get db(): Kysely<DB> {
    return this.database.db;
  }

  /** Starts listening; until it listens, every lookup reads the database. */
  start(): void {
    this.stop ??= this.database.listen(USER_CHANGED_CHANNEL, {
      onMessage: (payload) => this.onMessage(payload),
      onListening: () => {
        // Anything could have changed while nobody listened.
        this.dropAll();
        this.listening = true;
      },
      onLost: () => {
        this.listening = false;
        this.dropAll();
        this.releaseSettling();
      },
    });
  }

  async close(): Promise<void> {
    this.listening = false;
    this.dropAll();
    this.releaseSettling();
    await this.stop?.();
  }

  /** Whether lookups are answered from memory (the listener is connected). */
  get isListening(): boolean {
    return this.listening;
  }

  /** How many users are held. */
  get size(): number {
    return this.entries.size;
  }

  /** The user with this id (undefined: no such user), from memory when it can be trusted. */
  async find(id: number): Promise<KnownUser | undefined> {
    if (this.listening) {
      const held = this.entries.get(id);
      if (held) return held;
    }
    const generation = this.generation;
    const user = await this.read(id);
    if (user && this.listening && generation === this.generation) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(id, user);
    }
    return user;
  }

  /**
   * A user was changed, signed out or deleted through this instance: dropped here at once, and the
   * promise resolves when the database's announcement has reached this instance's listener (so also,
   * by then, every other instance's), or after settleTimeoutMs.
   */
  async changed(id: number): Promise<void> {
    this.drop(id);
    await this.settle();
  }

  /** Resolves once every announcement sent before this call has been received (or after the timeout; at once when not listening). */
  async settle(): Promise<void> {
    if (!this.listening) return;
    const token = randomBytes(9).toString('base64url');
    const arrived = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.settling.delete(token);
        resolve();
      }, this.settleTimeoutMs);
      this.settling.set(token, () => {
        clearTimeout(timer);
        resolve();
      });
    });
    try {
      await sql`select pg_notify(${USER_CHANGED_CHANNEL}, ${SETTLE_PREFIX + token})`.execute(this.db);
    } catch {
      this.settling.get(token)?.();
      this.settling.delete(token);
    }
    await arrived;
  }

  private onMessage(payload: string): void {
    if (payload.startsWith(SETTLE_PREFIX)) {
      const token = payload.slice(SETTLE_PREFIX.length);
      const done = this.settling.get(token);
      this.settling.delete(token);
      done?.();
      return;
    }
    const id = Number(payload);
    if (Number.isSafeInteger(id)) this.drop(id);
    else this.dropAll();
  }

  private drop(id: number): void {
    this.generation++;
    this.entries.delete(id);
  }

  private dropAll(): void {
    this.generation++;
    this.entries.clear();
  }

  private releaseSettling(): void {
    for (const done of this.settling.values()) done();
    this.settling.clear();
  }

  private async read(id: number): Promise<KnownUser | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'name', 'email', 'role', 'token_version'])
      .select(
        sql<
          string[]
        >`array(select jti from revoked_tokens where revoked_tokens.user_id = users.id and revoked_tokens.expires_at > now())`.as(
          'signed_out',
        ),
      )
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const { signed_out, ...user } = row;
    return { ...user, signedOut: new Set(signed_out) };
  }
}
