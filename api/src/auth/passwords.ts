/**
 * Password hashing with argon2id at OWASP's parameters, on libuv's thread pool (off the event loop),
 * at most one hash per core but one at once (at least one): a burst of sign-ins queues here instead
 * of taking every core from the requests that only read.
 */
import { availableParallelism } from 'node:os';
import { Algorithm, hash, verify } from '@node-rs/argon2';
import { createLimiter } from './limiter';

const hashing = createLimiter(Math.max(1, availableParallelism() - 1));

const OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hashing(() => hash(password, OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await hashing(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, for an account that does not exist (no timing hint). */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}
