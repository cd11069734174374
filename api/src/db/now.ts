import { sql } from 'kysely';

/** The database's clock, for updated_at: the same clock that filled created_at. */
export const NOW = sql<Date>`now()`;
