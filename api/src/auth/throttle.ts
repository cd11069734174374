/**
 * Throttling of sign-in and sign-up (DESIGN.md §9): failed sign-ins counted per account and per
 * client address, sign-ups per address and per email. Past a limit the caller gets 429 until the
 * window ends; a successful sign-in clears its account's count.
 */
import { MESSAGES } from 'shared-contracts';
import { ApiError } from '../http/errors';
import type { CounterStore } from './counter-store';

export interface ThrottleLimits {
  windowMs: number;
  loginFailuresPerAccount: number;
  loginFailuresPerAddress: number;
  registrationsPerAddress: number;
  registrationsPerAccount: number;
}

export class AuthThrottle {
  constructor(
    private readonly store: CounterStore,
    private readonly limits: ThrottleLimits,
  ) {}

  /**
   * Counts this sign-in attempt as a failure before the password is checked, and refuses it past the
   * limits. Counting first (atomically) means parallel guesses cannot all slip past the check while
   * the slow password verification runs; a refused attempt is taken off again, and a successful one
   * is settled by `recordLoginSuccess`.
   */
  async beginLoginAttempt(email: string, address: string): Promise<void> {
    const keys = [accountKey('login', email), addressKey('login', address)];
    const [account, client] = await Promise.all(keys.map((key) => this.store.increment(key, this.limits.windowMs)));
    const over = account.count > this.limits.loginFailuresPerAccount ? account : client.count > this.limits.loginFailuresPerAddress ? client : null;
    if (over) {
      await Promise.all(keys.map((key) => this.store.decrement(key)));
      throw tooMany(MESSAGES.tooManyLoginAttempts, over.resetInMs);
    }
  }

  /** The attempt succeeded: the account's count is cleared and the attempt is taken off the address's count. */
  async recordLoginSuccess(email: string, address: string): Promise<void> {
    await Promise.all([this.store.reset(accountKey('login', email)), this.store.decrement(addressKey('login', address))]);
  }

  /** Counts this sign-up attempt and refuses it past the limits. */
  async registerAttempt(email: string, address: string): Promise<void> {
    const [account, client] = await Promise.all([
      this.store.increment(accountKey('register', email), this.limits.windowMs),
      this.store.increment(addressKey('register', address), this.limits.windowMs),
    ]);
    if (account.count > this.limits.registrationsPerAccount) throw tooMany(MESSAGES.tooManyRegistrations, account.resetInMs);
    if (client.count > this.limits.registrationsPerAddress) throw tooMany(MESSAGES.tooManyRegistrations, client.resetInMs);
  }
}

function accountKey(kind: string, email: string): string {
  return `${kind}:acct:${email.trim().toLowerCase()}`;
}

function addressKey(kind: string, address: string): string {
  return `${kind}:addr:${address}`;
}

function tooMany(message: string, resetInMs: number): ApiError {
  return new ApiError(429, message, { retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)) });
}
