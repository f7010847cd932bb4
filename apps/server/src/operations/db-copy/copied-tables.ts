import { is } from 'drizzle-orm'
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import * as schema from '../../platform/db/schema'

/** A table of the store as `db copy-to` copies it, read from the drizzle schema (decision 045). */
export interface CopiedTable {
  name: string
  /** The columns written to the target: every column but the generated ones. */
  columns: string[]
  /** Columns PostgreSQL computes itself (the folded search copies): never written, never compared. */
  generated: string[]
  /** The primary key's columns in order, with their SQL types (batches are read in this order). */
  primaryKey: { name: string; type: string }[]
  /** The tables its foreign keys reference. */
  references: string[]
  /**
   * Rows the migrations write themselves (`catalog_state`'s one row): a new database has them, so the
   * copy replaces them by primary key rather than inserting beside them.
   */
  seededByMigrations: boolean
}

/** Tables whose rows come with the migrations (0002 inserts the catalogue's version). */
const SEEDED_BY_MIGRATIONS = new Set([getTableConfig(schema.catalogState).name])

/** Names are spliced into checksums' SQL as literals: only plain lower-case identifiers are accepted. */
const PLAIN_NAME = /^[a-z_][a-z0-9_]*$/
const plain = (name: string) => {
  if (!PLAIN_NAME.test(name)) throw new Error(`Cannot copy a table or column named ${JSON.stringify(name)}`)
  return name
}

function describeTable(table: PgTable): CopiedTable {
  const config = getTableConfig(table)
  if (config.schema !== undefined) throw new Error(`${config.name} is not in the public schema`)
  const keyNames =
    config.primaryKeys[0]?.columns.map((column) => column.name) ??
    config.columns.filter((column) => column.primary).map((column) => column.name)
  if (keyNames.length === 0)
    throw new Error(`${config.name} has no primary key: it cannot be copied in batches`)
  const primaryKey = keyNames.map((name) => {
    const column = config.columns.find((candidate) => candidate.name === name)
    if (!column) throw new Error(`${config.name}.${name} is not a column`)
    return { name: plain(name), type: column.getSQLType() }
  })
  return {
    name: plain(config.name),
    columns: config.columns.filter((column) => !column.generated).map((column) => plain(column.name)),
    generated: config.columns.filter((column) => column.generated).map((column) => plain(column.name)),
    primaryKey,
    references: config.foreignKeys.map((key) => getTableConfig(key.reference().foreignTable).name),
    seededByMigrations: SEEDED_BY_MIGRATIONS.has(config.name),
  }
}

/** Every table of the drizzle schema (by export name: a module's exports are listed sorted): none left out. */
export function schemaTables(): CopiedTable[] {
  const values: unknown[] = Object.values(schema)
  return values.filter((value): value is PgTable => is(value, PgTable)).map(describeTable)
}

/**
 * The tables in groups copied one transaction each: tables joined by foreign keys (directly or through
 * others) form one group, ordered so that a referenced table comes before the tables referencing it.
 * Groups follow the order of their first table in `schemaTables`.
 */
export function copyGroups(tables: CopiedTable[] = schemaTables()): CopiedTable[][] {
  const byName = new Map(tables.map((table) => [table.name, table]))
  // Union-find over the foreign keys: each table's group is named by its root.
  const parent = new Map(tables.map((table) => [table.name, table.name]))
  const root = (name: string): string => {
    const up = parent.get(name) ?? name
    if (up === name) return name
    const top = root(up)
    parent.set(name, top)
    return top
  }
  for (const table of tables) {
    for (const referenced of table.references) {
      if (!byName.has(referenced))
        throw new Error(`${table.name} references ${referenced}, not in the schema`)
      parent.set(root(table.name), root(referenced))
    }
  }
  const groups = new Map<string, CopiedTable[]>()
  for (const table of tables) {
    const key = root(table.name)
    groups.set(key, [...(groups.get(key) ?? []), table])
  }
  return [...groups.values()].map(inDependencyOrder)
}

/**
 * A referenced table before those that reference it. A table referencing itself would need its rows in
 * their own order, which batches by primary key do not keep: it is refused as a cycle until needed.
 */
function inDependencyOrder(tables: CopiedTable[]): CopiedTable[] {
  const ordered: CopiedTable[] = []
  const placed = new Set<string>()
  let remaining = tables
  while (remaining.length > 0) {
    const ready = remaining.filter((table) => table.references.every((name) => placed.has(name)))
    if (ready.length === 0) {
      throw new Error(`Foreign keys in a cycle: ${remaining.map((table) => table.name).join(', ')}`)
    }
    for (const table of ready) {
      ordered.push(table)
      placed.add(table.name)
    }
    remaining = remaining.filter((table) => !placed.has(table.name))
  }
  return ordered
}
