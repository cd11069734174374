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

  async assertLoginAllowed(email: string, address: string): Promise<void> {
    const [account, client] = await Promise.all([
      this.store.get(accountKey('login', email)),
      this.store.get(`login:addr:${address}`),
    ]);
    if (account.count >= this.limits.loginFailuresPerAccount) throw tooMany(MESSAGES.tooManyLoginAttempts, account.resetInMs);
    if (client.count >= this.limits.loginFailuresPerAddress) throw tooMany(MESSAGES.tooManyLoginAttempts, client.resetInMs);
  }

  async recordLoginFailure(email: string, address: string): Promise<void> {
    await Promise.all([
      this.store.increment(accountKey('login', email), this.limits.windowMs),
      this.store.increment(`login:addr:${address}`, this.limits.windowMs),
    ]);
  }

  async recordLoginSuccess(email: string): Promise<void> {
    await this.store.reset(accountKey('login', email));
  }

  /** Counts this sign-up attempt and refuses it past the limits. */
  async registerAttempt(email: string, address: string): Promise<void> {
    const [account, client] = await Promise.all([
      this.store.increment(accountKey('register', email), this.limits.windowMs),
      this.store.increment(`register:addr:${address}`, this.limits.windowMs),
    ]);
    if (account.count > this.limits.registrationsPerAccount) throw tooMany(MESSAGES.tooManyRegistrations, account.resetInMs);
    if (client.count > this.limits.registrationsPerAddress) throw tooMany(MESSAGES.tooManyRegistrations, client.resetInMs);
  }
}

function accountKey(kind: string, email: string): string {
  return `${kind}:acct:${email.trim().toLowerCase()}`;
}

function tooMany(message: string, resetInMs: number): ApiError {
  return new ApiError(429, message, { retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)) });
}
