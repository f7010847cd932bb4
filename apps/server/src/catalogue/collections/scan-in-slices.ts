import { sql, type SQL } from 'drizzle-orm'
import type { DatabaseHandle } from '../../platform/db/client'
import { column } from './filter-sql'

/**
 * Rows one statement reads, so that each takes a few milliseconds however many conditions no index
 * answers (text terms, comparisons with unindexed attributes): reading a row costs about as much as
 * checking four of them.
 */
export const sliceRowsFor = (conditions: number) => Math.round(40_000 / (4 + conditions))
const SLICE_ROWS = sliceRowsFor(1)

const ALIAS = 's'

/**
 * The `$sequence` of every row that meets `condition`, read one slice of `$sequence` values per
 * statement. The embedded database is one connection: a statement that matched text against every row
 * of a large table would keep every other request's statements waiting, while between two statements
 * theirs run (decisions 016, 027). With `enough`, the walk goes in that direction and
 * stops once that many rows were found, since they are then the first ones in `$sequence` order.
 */
export async function sequencesInSlices(
  database: Pick<DatabaseHandle, 'rows'>,
  table: string,
  condition: (alias: string) => SQL,
  {
    enough,
    sliceRows = SLICE_ROWS,
  }: { enough?: { count: number; direction: 'asc' | 'desc' }; sliceRows?: number } = {},
): Promise<number[]> {
  const [bounds] = await database.rows(
    sql`SELECT min(sequence)::text AS low, max(sequence)::text AS high FROM ${sql.identifier(table)}`,
  )
  const found: number[] = []
  if (bounds?.low == null || bounds.high == null) return found
  const low = Number(bounds.low)
  const high = Number(bounds.high)
  const sequence = column(ALIAS, 'sequence')
  const slices = Math.floor((high - low) / sliceRows) + 1
  for (let index = 0; index < slices; index++) {
    const start = enough?.direction === 'desc' ? high - (index + 1) * sliceRows + 1 : low + index * sliceRows
    // OFFSET 0 keeps the condition out of the slice's own scan: each slice reads its rows through the
    // `$sequence` index, not through a trigram index searched whole again for every slice.
    const rows = await database.rows(sql`
      SELECT ${sequence}::text AS sequence FROM (
        SELECT * FROM ${sql.identifier(table)} WHERE sequence BETWEEN ${start} AND ${start + sliceRows - 1}
        OFFSET 0
      ) ${sql.raw(ALIAS)}
      WHERE ${condition(ALIAS)}`)
    for (const row of rows) found.push(Number(row.sequence))
    if (enough && found.length >= enough.count) break
  }
  return found
}
