import { sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { CopiedTable } from './copied-tables'

/** What runs a statement: a database (drizzle's, on PGlite or a PostgreSQL server) or a transaction. */
export interface Statements {
  execute: (query: SQL) => PromiseLike<unknown>
}

const resultSchema = z.object({ rows: z.array(z.record(z.string(), z.unknown())) })

export async function rowsOf(runner: Statements, query: SQL): Promise<Record<string, unknown>[]> {
  return resultSchema.parse(await runner.execute(query)).rows
}

const textOrNull = z.string().nullable()

/** One row's text: PostgreSQL's own JSON of it, without the columns it computes itself. */
const rowText = (table: CopiedTable) =>
  sql.raw(`(to_jsonb(t)${table.generated.map((name) => ` - '${name}'`).join('')})::text`)

/** A primary key's SQL type, spliced into casts: only what drizzle writes for a column type. */
const keyType = (type: string) => {
  if (!/^[a-z][a-z0-9 (),]*$/.test(type)) throw new Error(`Unexpected column type ${type}`)
  return sql.raw(type)
}

/**
 * The primary key's columns for ORDER BY. `portable` sorts text by its bytes (collation "C"), the same on
 * any server whatever its own collation, so both databases list rows in the same order for checksums.
 */
const keyColumns = (table: CopiedTable, portable = false) =>
  sql.join(
    table.primaryKey.map(({ name, type }) =>
      portable && type === 'text'
        ? sql`t.${sql.identifier(name)} COLLATE "C"`
        : sql`t.${sql.identifier(name)}`,
    ),
    sql`, `,
  )

/** Timestamps' JSON names their offset: the same session time zone on both sides gives the same text. */
export async function inUtc(runner: Statements): Promise<void> {
  await runner.execute(sql`SET LOCAL TIME ZONE 'UTC'`)
}

export interface Batch {
  /** Each row as JSON text, never parsed here: values keep PostgreSQL's exact text (bigints, times). */
  rows: string[]
  /** The last row's primary key, as text, to read the next batch after it. */
  last: string[] | null
}

/** Up to `limit` rows after `after` in primary key order (keyset pagination, by the key's index). */
export async function readBatch(
  runner: Statements,
  table: CopiedTable,
  after: string[] | null,
  limit: number,
): Promise<Batch> {
  const keys = keyColumns(table)
  const keyTexts = sql.join(
    table.primaryKey.map(
      ({ name }, index) => sql`t.${sql.identifier(name)}::text AS ${sql.identifier(`k${index}`)}`,
    ),
    sql`, `,
  )
  const from = after
    ? sql`WHERE (${keys}) > (${sql.join(
        table.primaryKey.map(({ type }, index) => sql`${after[index] ?? null}::${keyType(type)}`),
        sql`, `,
      )})`
    : sql``
  const rows = await rowsOf(
    runner,
    sql`SELECT ${keyTexts}, ${rowText(table)} AS "row" FROM ${sql.identifier(table.name)} AS t ${from} ORDER BY ${keys} LIMIT ${limit}`,
  )
  const texts = rows.map((row) => z.string().parse(row.row))
  const lastRow = rows.at(-1)
  return {
    rows: texts,
    last: lastRow ? table.primaryKey.map((_, index) => z.string().parse(lastRow[`k${index}`])) : null,
  }
}

/**
 * Writes rows read by `readBatch`: PostgreSQL turns each JSON object back into a row of the table's own
 * type, column by column (`jsonb_populate_recordset`). Ids, sequences and timestamps are kept as they are.
 */
export async function insertBatch(runner: Statements, table: CopiedTable, rows: string[]): Promise<void> {
  const target = sql.identifier(table.name)
  const columns = sql.join(
    table.columns.map((name) => sql.identifier(name)),
    sql`, `,
  )
  const keyNames = new Set(table.primaryKey.map(({ name }) => name))
  const updated = table.columns.filter((name) => !keyNames.has(name))
  const onConflict = !table.seededByMigrations
    ? sql``
    : updated.length === 0
      ? sql` ON CONFLICT DO NOTHING`
      : sql` ON CONFLICT (${sql.join(
          table.primaryKey.map(({ name }) => sql.identifier(name)),
          sql`, `,
        )}) DO UPDATE SET ${sql.join(
          updated.map((name) => sql`${sql.identifier(name)} = EXCLUDED.${sql.identifier(name)}`),
          sql`, `,
        )}`
  await runner.execute(
    sql`INSERT INTO ${target} (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM jsonb_populate_recordset(NULL::${target}, ${`[${rows.join(',')}]`}::jsonb)${onConflict}`,
  )
}

export interface TableSummary {
  rows: number
  /** md5 of the md5 of each row's JSON, in primary key order (bytewise): computed by SQL on both sides. */
  checksum: string
}

export async function summarize(runner: Statements, table: CopiedTable): Promise<TableSummary> {
  const [row] = await rowsOf(
    runner,
    sql`SELECT count(*)::text AS "rows", md5(coalesce(string_agg(md5(${rowText(table)}), '' ORDER BY ${keyColumns(table, true)}), '')) AS checksum FROM ${sql.identifier(table.name)} AS t`,
  )
  return { rows: Number(z.string().parse(row?.rows)), checksum: z.string().parse(row?.checksum) }
}

export async function hasRows(runner: Statements, table: CopiedTable): Promise<boolean> {
  const [row] = await rowsOf(
    runner,
    sql`SELECT EXISTS (SELECT 1 FROM ${sql.identifier(table.name)}) AS found`,
  )
  return row?.found === true
}

/** The sequences behind the table's serial and identity columns (`sequence`), by column. */
async function sequencesOf(runner: Statements, table: CopiedTable): Promise<Map<string, string>> {
  const rows = await rowsOf(
    runner,
    sql`SELECT a.attname::text AS "column", pg_get_serial_sequence(${table.name}, a.attname) AS "sequence"
        FROM pg_attribute a WHERE a.attrelid = ${table.name}::regclass AND a.attnum > 0 AND NOT a.attisdropped`,
  )
  const found = new Map<string, string>()
  for (const row of rows) {
    const sequence = textOrNull.parse(row.sequence)
    if (sequence) found.set(z.string().parse(row.column), sequence)
  }
  return found
}

const lastValueOf = async (runner: Statements, sequence: string) => {
  const [row] = await rowsOf(runner, sql`SELECT pg_sequence_last_value(${sequence}::regclass)::text AS last`)
  return BigInt(textOrNull.parse(row?.last ?? null) ?? 0)
}

/**
 * Sets the target's sequences past what was copied: the copied maximum, or the source's last value if
 * higher (numbers of deleted rows are not handed out again), so the next row gets a new number.
 */
export async function carrySequences(source: Statements, target: Statements, table: CopiedTable) {
  const sourceSequences = await sequencesOf(source, table)
  for (const [column, sequence] of await sequencesOf(target, table)) {
    const [row] = await rowsOf(
      target,
      sql`SELECT max(t.${sql.identifier(column)})::text AS copied FROM ${sql.identifier(table.name)} AS t`,
    )
    const copied = BigInt(textOrNull.parse(row?.copied ?? null) ?? 0)
    const fromSource = sourceSequences.get(column)
    const handedOut = fromSource ? await lastValueOf(source, fromSource) : 0n
    const end = copied > handedOut ? copied : handedOut
    if (end > 0n)
      await target.execute(sql`SELECT setval(${sequence}::regclass, ${end.toString()}::bigint, true)`)
  }
}
