import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type * as schema from './schema'

/** The store's database as drizzle speaks to it, embedded (PGlite) or a PostgreSQL server. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>
