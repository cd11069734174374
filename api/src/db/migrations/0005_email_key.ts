/**
 * One account per address (issue 14, DESIGN.md §9): `users.email_key`, shared-contracts' emailKey of
 * the address (NFKC and one case fold, computed in JavaScript), unique, replaces the unique index on
 * lower(email). Every lookup compares email_key with emailKey(input), so storing and looking up fold
 * alike: lower() in PostgreSQL and toLowerCase() in JavaScript did not ('İnci.x@example.com'
 * registered and then never matched at sign-in).
 *
 * The one migration written as code rather than statements: the keys of the existing rows must be
 * computed by the same function as every later key, which PostgreSQL cannot run (lower(normalize(…,
 * NFKC)) agrees for ASCII only). The rows are read and written in batches of BATCH by id, inside the
 * migration's transaction (the dialects' DDL is transactional), so a failure leaves nothing half-done.
 *
 * Rows an older version let in beside each other ('admin@example.com' and a fullwidth 'ａdmin@…',
 * 'straße@…' and 'STRASSE@…') share one key. The oldest (lowest id) keeps it; each later one keeps its
 * row, ratings and stored address but gets a key no input can produce (QUARANTINE_MARK, a control
 * character every email field refuses): it cannot be signed in to until an admin gives it an address
 * of its own. Find them with `select id, email from users where email_key like E'\x01%'`. The other
 * rows' addresses are rewritten in their NFKC form (normalizeEmail), as new ones are stored.
 */
import { type Kysely, sql } from 'kysely';
import { emailKey, normalizeEmail } from 'shared-contracts';

/** Rows read and written per statement. */
export const BATCH = 1000;

/** Starts the key of a row whose address another, older row already has under another spelling. */
export const QUARANTINE_MARK = '\u0001';

/** The key of look-alike row `id`, which `keeperId` (an older row) has the address of. */
export const quarantinedKey = (id: number, keeperId: number, key: string) => `${QUARANTINE_MARK}look-alike ${id} of ${keeperId}: ${key}`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column email_key text`.execute(db);

  const keepers = new Map<string, number>();
  for (let after = 0; ;) {
    const { rows } = await sql<{
      id: number;
      email: string;
    }>`select id, email from users where id > ${after} order by id limit ${BATCH}`.execute(db);
    if (rows.length === 0) break;
    const values = rows.map(({ id, email }) => {
      const key = emailKey(email);
      const keeperId = keepers.get(key);
      if (keeperId !== undefined) return sql`(${id}::integer, ${email}::text, ${quarantinedKey(id, keeperId, key)}::text)`;
      keepers.set(key, id);
      return sql`(${id}::integer, ${normalizeEmail(email)}::text, ${key}::text)`;
    });
    await sql`update users as u set email = v.email, email_key = v.email_key
      from (values ${sql.join(values)}) as v (id, email, email_key)
      where u.id = v.id`.execute(db);
    after = rows[rows.length - 1].id;
  }

  await sql`alter table users alter column email_key set not null`.execute(db);
  await sql`drop index users_email_key`.execute(db);
  await sql`create unique index users_email_key on users (email_key)`.execute(db);
}
