import { sql } from 'drizzle-orm'
import type { DatabaseHandle } from '../../platform/db/client'
import { copyGroups, type CopiedTable } from './copied-tables'
import {
  carrySequences,
  inUtc,
  insertBatch,
  readBatch,
  summarize,
  type Statements,
  type TableSummary,
} from './table-rows'

/** Rows read and written at a time: a large catalogue never sits in memory whole. */
export const COPY_BATCH_ROWS = 1_000

export interface CopiedTableReport {
  table: string
  source: TableSummary
  target: TableSummary
}

export const sameRows = (report: CopiedTableReport) =>
  report.source.rows === report.target.rows && report.source.checksum === report.target.checksum

/**
 * Every row of `table` from the source's snapshot to the target, in batches; the next batch is read
 * while the last one is written (two engines, each waiting for the other otherwise). Returns the rows
 * copied.
 */
async function copyTable(
  snapshot: Statements,
  target: Statements,
  table: CopiedTable,
  batchRows: number,
): Promise<number> {
  let copied = 0
  let next = readBatch(snapshot, table, null, batchRows)
  for (;;) {
    const batch = await next
    const full = batch.rows.length === batchRows
    if (full) next = readBatch(snapshot, table, batch.last, batchRows)
    try {
      if (batch.rows.length > 0) await insertBatch(target, table, batch.rows)
    } catch (error) {
      // The read under way ends before the error is passed on: its failure would be unheard.
      if (full) await next.catch(() => undefined)
      throw error
    }
    copied += batch.rows.length
    if (!full) return copied
  }
}

/**
 * Copies every table of the schema from `source` into `target`, whose schema the migrations made and
 * which holds no rows of its own (decision 045). The source is read in one REPEATABLE READ, READ ONLY
 * transaction: one consistent snapshot, and no statement can write to it. Each group of tables joined by
 * foreign keys is written in one transaction on the target, referenced tables first, with the tables'
 * triggers off (a copied row is not a change: the catalogue's version is copied, not bumped). Then the
 * row count and checksum of each table are computed on both sides.
 */
export async function copyDatabase(options: {
  source: DatabaseHandle
  target: DatabaseHandle
  batchRows?: number
  /** Each table once it is copied, with its rows (progress for the terminal). */
  onTable?: (table: string, rows: number) => void
}): Promise<CopiedTableReport[]> {
  const { source, target, batchRows = COPY_BATCH_ROWS } = options
  const groups = copyGroups()
  const sourceSummaries = await source.db.transaction(
    async (snapshot) => {
      await inUtc(snapshot)
      for (const group of groups) {
        await target.db.transaction(async (tx) => {
          for (const table of group)
            await tx.execute(sql`ALTER TABLE ${sql.identifier(table.name)} DISABLE TRIGGER USER`)
          for (const table of group) {
            const rows = await copyTable(snapshot, tx, table, batchRows)
            await carrySequences(snapshot, tx, table)
            options.onTable?.(table.name, rows)
          }
          for (const table of group)
            await tx.execute(sql`ALTER TABLE ${sql.identifier(table.name)} ENABLE TRIGGER USER`)
        })
      }
      return summarizeAll(snapshot)
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
  const targetSummaries = await target.db.transaction(
    async (tx) => {
      await inUtc(tx)
      return summarizeAll(tx)
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
  return [...sourceSummaries].map(([table, summary]) => ({
    table,
    source: summary,
    target: targetSummaries.get(table) ?? { rows: 0, checksum: '' },
  }))
}

async function summarizeAll(runner: Statements): Promise<Map<string, TableSummary>> {
  const summaries = new Map<string, TableSummary>()
  for (const table of copyGroups().flat()) summaries.set(table.name, await summarize(runner, table))
  return summaries
}

/** Each table's rows and checksum, as `copyDatabase` reports them (tests compare a database with itself). */
export async function tableChecksums(database: DatabaseHandle): Promise<Map<string, TableSummary>> {
  return database.db.transaction(
    async (tx) => {
      await inUtc(tx)
      return summarizeAll(tx)
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
}
