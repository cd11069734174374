/**
 * Password hashing with argon2id at OWASP's parameters, on libuv's thread pool (off the event loop),
 * at most one hash per core but one at once (at least one): a burst of sign-ins queues here instead
 * of taking every core from the requests that only read. The queue is bounded (HASH_QUEUE_MAX): past
 * it a hash or check is refused at once with 503 and Retry-After, so a flood of password work cannot
 * make everyone else's sign-in wait for seconds.
 */
import { availableParallelism } from 'node:os';
import { Algorithm, hash, verify } from '@node-rs/argon2';
import { MESSAGES } from 'shared-contracts';
import { ApiError } from '../http/errors';
import { createLimiter, QueueFullError } from './limiter';

const SLOTS = Math.max(1, availableParallelism() - 1);
let hashing = createLimiter(SLOTS, 32);

/** Sets how many password hashes and checks may wait for a turn (RESILIENCE_DEFAULTS.hashQueueMax). */
export function setHashQueueMax(maxWaiting: number): void {
  hashing = createLimiter(SLOTS, maxWaiting);
}

const OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

async function queued<T>(task: () => Promise<T>): Promise<T> {
  try {
    return await hashing(task);
  } catch (error) {
    if (error instanceof QueueFullError) throw new ApiError(503, MESSAGES.serverBusy, { retryAfterSeconds: 1 });
    throw error;
  }
}

export function hashPassword(password: string): Promise<string> {
  return queued(() => hash(password, OPTIONS));
}

/** Whether the password matches the hash (false for a malformed hash); 503 when the queue is full. */
export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return queued(() => verify(passwordHash, password).catch(() => false));
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, for an account that does not exist (no timing hint). */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hash('dummy-password-for-timing', OPTIONS);
  await verifyPassword(await dummyHash, password);
  return false;
}
