/**
 * The single-use tokens of the links sent by mail (migration 0011): a password reset (valid
 * PASSWORD_RESET_LINK_TTL_MINUTES) or an email verification (EMAIL_VERIFICATION_LINK_TTL_HOURS).
 * The link carries 32 random bytes (base64url); the database keeps only their SHA-256, so a copy of
 * the database opens no account. A token is used by one atomic update (unused, unexpired, of the right
 * purpose): of two uses at once, one wins.
 */
import { createHash, randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { EMAIL_VERIFICATION_LINK_TTL_HOURS, PASSWORD_RESET_LINK_TTL_MINUTES } from 'shared-contracts';
import { NOW } from '../db/now';
import type { AccountTokenPurpose, DB } from '../db/schema';

export const TOKEN_TTL_SECONDS: Readonly<Record<AccountTokenPurpose, number>> = {
  reset_password: PASSWORD_RESET_LINK_TTL_MINUTES * 60,
  verify_email: EMAIL_VERIFICATION_LINK_TTL_HOURS * 60 * 60,
};

export const hashAccountToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** A new token for `userId`, stored as its hash; the token itself (for the link) is returned. */
export async function issueAccountToken(db: Kysely<DB>, userId: number, purpose: AccountTokenPurpose): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('account_tokens')
    .values({
      user_id: userId,
      purpose,
      token_hash: hashAccountToken(token),
      expires_at: sql<Date>`now() + make_interval(secs => ${TOKEN_TTL_SECONDS[purpose]})`,
    })
    .execute();
  // Expired and used tokens of this user are of no use any more: forget them.
  await db
    .deleteFrom('account_tokens')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('expires_at', '<', NOW), eb('used_at', 'is not', null)]))
    .execute();
  return token;
}

/** Whether `token` is an unused, unexpired token of `purpose` (nothing changes). */
export async function accountTokenUser(db: Kysely<DB>, token: string, purpose: AccountTokenPurpose): Promise<number | null> {
  const row = await db
    .selectFrom('account_tokens')
    .select('user_id')
    .where('token_hash', '=', hashAccountToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', NOW)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Uses `token` (once): its user's id, or null when it is unknown, used, expired or of another purpose. */
export async function useAccountToken(db: Kysely<DB>, token: string, purpose: AccountTokenPurpose): Promise<number | null> {
  const row = await db
    .updateTable('account_tokens')
    .set({ used_at: NOW })
    .where('token_hash', '=', hashAccountToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', NOW)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Every outstanding token of `purpose` of the user stops working (one reset link used voids the others). */
export async function voidAccountTokens(db: Kysely<DB>, userId: number, purpose: AccountTokenPurpose): Promise<void> {
  await db
    .updateTable('account_tokens')
    .set({ used_at: NOW })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}
