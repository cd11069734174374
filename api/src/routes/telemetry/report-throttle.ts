/**
 * Throttling of the shell's health reports per client address (DESIGN.md §9): a fixed one-minute
 * window in the same counter store as the sign-in throttle (process memory, or Redis when REDIS_URL
 * is set, so several API processes share it). Past the limit: 429 with Retry-After.
 */
import type { CounterStore } from '../../auth/counter-store';
import { ApiError } from '../../http/errors';

export const TOO_MANY_REPORTS = 'Too many health reports. Please try again later.';
const WINDOW_MS = 60_000;

export class ReportThrottle {
  constructor(
    private readonly store: CounterStore,
    private readonly reportsPerMinute: number,
  ) {}

  /** Counts a report from `address`; throws the 429 past the limit. */
  async count(address: string): Promise<void> {
    const { count, resetInMs } = await this.store.increment(`health:addr:${address}`, WINDOW_MS);
    if (count > this.reportsPerMinute) {
      throw new ApiError(429, TOO_MANY_REPORTS, { retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)) });
    }
  }
}
