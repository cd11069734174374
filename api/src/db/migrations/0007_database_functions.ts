/**
 * The functions and triggers of the database are kept in `db/functions/*.sql` and applied after the
 * migrations (db/functions.ts). This table remembers which version of each file the database has, by
 * its sha256, so a start applies only the files that changed (a `create or replace trigger` locks its
 * table for a moment).
 * The statements are written out here, not generated: a released migration never changes.
 */
export const statements = [
  `create table database_functions (
    file text primary key,
    sha256 text not null,
    applied_at timestamptz not null default now()
  )`,
];
