/**
 * Throttling of password guesses and sign-ups (DESIGN.md §9).
 *
 * Sign-in failures are counted per account *and address* (so a stranger's guesses cannot lock the
 * real user out from another address) and per address; password-change failures per account (only
 * the token's holder can make them). Past a limit the caller gets 429 until the window ends.
 *
 * Only settled failures count. Attempts still being checked are counted apart ("pending"), and an
 * attempt may start only while failures + pending stay within every limit: parallel guesses cannot
 * slip past the check while the slow password verification runs, and parallel *correct* sign-ins
 * simply wait their turn (a few milliseconds) instead of being refused. Sign-ups are counted per
 * address and per email.
 */
import { MESSAGES } from 'shared-contracts';
import { ApiError } from '../http/errors';
import type { CounterStore } from './counter-store';

export interface ThrottleLimits {
  windowMs: number;
  /** Failed sign-ins to one account from one address. */
  loginFailuresPerAccount: number;
  /** Failed sign-ins from one address, to any accounts. */
  loginFailuresPerAddress: number;
  registrationsPerAddress: number;
  registrationsPerAccount: number;
  /** Wrong current passwords given to the password change, per account. */
  passwordFailuresPerAccount: number;
  /** Mails asked for (password reset links, verification links), per account (email or user) in a window. */
  emailRequestsPerAccount: number;
  /** Mails asked for from one address in a window. */
  emailRequestsPerAddress: number;
}

/** A pending attempt's mark expires by itself after this long (a process that died mid-check). */
const PENDING_TTL_MS = 60_000;
/** How long an attempt waits for the pending ones before it to settle; then 503, try again. */
const WAIT_FOR_TURN_MS = 10_000;

interface Limit {
  key: string;
  max: number;
}

/** One guarded attempt: settle it once with `failed`, `succeeded` or `abandoned`. */
export class GuardedAttempt {
  private settled = false;

  constructor(
    private readonly store: CounterStore,
    private readonly limits: Limit[],
    private readonly windowMs: number,
    /** The keys a success clears. */
    private readonly clearedOnSuccess: string[],
  ) {}

  /** The password was wrong (or the account or role): one more failure on every key. */
  async failed(): Promise<void> {
    if (!this.begin()) return;
    await Promise.all(this.limits.map((limit) => this.store.increment(failureKey(limit.key), this.windowMs)));
    await this.endPending();
  }

  /** The password was right: the keys of this account are cleared. */
  async succeeded(): Promise<void> {
    if (!this.begin()) return;
    await Promise.all(this.clearedOnSuccess.map((key) => this.store.reset(failureKey(key))));
    await this.endPending();
  }

  /** Ended without a verdict (the database was away, the server busy): counts as nothing. */
  async abandoned(): Promise<void> {
    if (!this.begin()) return;
    await this.endPending();
  }

  private begin(): boolean {
    if (this.settled) return false;
    this.settled = true;
    return true;
  }

  private async endPending(): Promise<void> {
    await Promise.all(this.limits.map((limit) => this.store.decrement(pendingKey(limit.key))));
  }
}

export class AuthThrottle {
  constructor(
    private readonly store: CounterStore,
    private readonly limits: ThrottleLimits,
  ) {}

  /** A sign-in attempt to `accountKey` (the normalised email) from `address`; 429 past the limits. */
  beginLoginAttempt(accountKey: string, address: string): Promise<GuardedAttempt> {
    const account = `login:acct-addr:${accountKey}|${address}`;
    return this.begin(
      [
        { key: account, max: this.limits.loginFailuresPerAccount },
        { key: `login:addr:${address}`, max: this.limits.loginFailuresPerAddress },
      ],
      [account],
      MESSAGES.tooManyLoginAttempts,
    );
  }

  /** A password change by user `userId`; 429 past the limit. */
  beginPasswordChange(userId: number): Promise<GuardedAttempt> {
    const account = `password:user:${userId}`;
    return this.begin([{ key: account, max: this.limits.passwordFailuresPerAccount }], [account], MESSAGES.tooManyPasswordAttempts);
  }

  /** Counts this sign-up attempt and refuses it past the limits. */
  async registerAttempt(accountKey: string, address: string): Promise<void> {
    const [account, client] = await Promise.all([
      this.store.increment(`register:acct:${accountKey}`, this.limits.windowMs),
      this.store.increment(`register:addr:${address}`, this.limits.windowMs),
    ]);
    if (account.count > this.limits.registrationsPerAccount) throw tooMany(MESSAGES.tooManyRegistrations, account.resetInMs);
    if (client.count > this.limits.registrationsPerAddress) throw tooMany(MESSAGES.tooManyRegistrations, client.resetInMs);
  }

  /**
   * Counts a request for a mail (`kind`: 'reset' or 'verify') to `accountKey` (an email key or a user id)
   * from `address`, and refuses it past the limits. Counted whether or not the account exists, so the
   * answer says nothing about that either.
   */
  async mailRequest(kind: 'reset' | 'verify', accountKey: string, address: string): Promise<void> {
    const [account, client] = await Promise.all([
      this.store.increment(`mail:${kind}:acct:${accountKey}`, this.limits.windowMs),
      this.store.increment(`mail:addr:${address}`, this.limits.windowMs),
    ]);
    if (account.count > this.limits.emailRequestsPerAccount) throw tooMany(MESSAGES.tooManyEmailRequests, account.resetInMs);
    if (client.count > this.limits.emailRequestsPerAddress) throw tooMany(MESSAGES.tooManyEmailRequests, client.resetInMs);
  }

  private async begin(limits: Limit[], clearedOnSuccess: string[], message: string): Promise<GuardedAttempt> {
    const giveUpAt = Date.now() + WAIT_FOR_TURN_MS;
    for (;;) {
      const pending = await Promise.all(limits.map((limit) => this.store.increment(pendingKey(limit.key), PENDING_TTL_MS)));
      const failures = await Promise.all(limits.map((limit) => this.store.get(failureKey(limit.key))));
      const locked = limits.findIndex((limit, i) => failures[i].count >= limit.max);
      const fits = limits.every((limit, i) => failures[i].count + pending[i].count <= limit.max);
      if (locked < 0 && fits) return new GuardedAttempt(this.store, limits, this.limits.windowMs, clearedOnSuccess);

      await Promise.all(limits.map((limit) => this.store.decrement(pendingKey(limit.key))));
      if (locked >= 0) throw tooMany(message, failures[locked].resetInMs);
      // Within the limit only once the attempts being checked now have settled: wait for them.
      if (Date.now() > giveUpAt) throw new ApiError(503, MESSAGES.serverBusy, { retryAfterSeconds: 1 });
      await new Promise((resolve) => setTimeout(resolve, 15 + Math.random() * 35));
    }
  }
}

const failureKey = (key: string) => `fail:${key}`;
const pendingKey = (key: string) => `pending:${key}`;

function tooMany(message: string, resetInMs: number): ApiError {
  return new ApiError(429, message, { retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)) });
}
