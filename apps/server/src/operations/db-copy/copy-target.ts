import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { z } from 'zod'
import type { DatabaseHandle } from '../../platform/db/client'
import { serverFiles } from '../../platform/server-files'
import { errorCode, isMissingFile } from '../../platform/lib/file-errors'
import type { CopiedTable } from './copied-tables'
import { hasRows, rowsOf } from './table-rows'

/** Where `db copy-to` writes: a PostgreSQL database by its URL, or a folder for a new embedded database. */
export type CopyTarget =
  { kind: 'postgres'; url: string; shown: string } | { kind: 'directory'; dataDir: string; shown: string }

const POSTGRES_URL = /^postgres(ql)?:\/\//i
const ANY_URL = /^[a-z][a-z0-9+.-]*:\/\//i

/** Names of query parameters whose value is a secret (`?password=…`, `?sslpassword=…`). */
const SECRET_PARAMETER = /pass/i

/** The URL with its password shown as `***` (also one given as a query parameter). */
export function withoutPassword(url: string): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return 'the PostgreSQL URL given'
  }
  if (parsed.password) parsed.password = '***'
  for (const key of [...parsed.searchParams.keys()]) {
    if (SECRET_PARAMETER.test(key)) parsed.searchParams.set(key, '***')
  }
  return parsed.toString()
}

/** The secrets in a URL, as typed and decoded: every message is cleaned of them before it is shown. */
function secretsOf(url: string): string[] {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return [url]
  }
  const values = [parsed.password]
  for (const [key, value] of parsed.searchParams) if (SECRET_PARAMETER.test(key)) values.push(value)
  const decoded = values.map((value) => {
    try {
      return decodeURIComponent(value)
    } catch {
      return value
    }
  })
  return [...new Set([...values, ...decoded])].filter((value) => value.length > 0)
}

/**
 * A function that replaces, in any text, the URLs given (by their form without password) and then
 * their passwords (by `***`), so no message of the command can show one.
 */
export function secretMask(...urls: (string | undefined)[]): (text: string) => string {
  const given = urls.filter((url): url is string => url !== undefined && POSTGRES_URL.test(url))
  const secrets = given.flatMap(secretsOf).sort((a, b) => b.length - a.length)
  return (text) => {
    let masked = text
    for (const url of given) masked = masked.split(url).join(withoutPassword(url))
    for (const secret of secrets) masked = masked.split(secret).join('***')
    return masked
  }
}

export function parseCopyTarget(
  text: string,
  baseDirectory = process.cwd(),
): CopyTarget | { refused: string } {
  const target = text.trim()
  if (POSTGRES_URL.test(target)) {
    const parsed = z.url({ protocol: /^postgres(ql)?$/ }).safeParse(target)
    if (!parsed.success || new URL(target).pathname.length <= 1) {
      return {
        refused: `${withoutPassword(target)} is not a PostgreSQL URL with a database: postgres://user@host:5432/database.\n`,
      }
    }
    return { kind: 'postgres', url: target, shown: withoutPassword(target) }
  }
  if (ANY_URL.test(target)) {
    return {
      refused: `db copy-to copies into a PostgreSQL database (postgres://user@host:5432/database) or a folder, not ${target.split('://')[0]}://.\n`,
    }
  }
  const dataDir = path.resolve(baseDirectory, target)
  return { kind: 'directory', dataDir, shown: dataDir }
}

/** The same server and database, whatever the user and password: the copy never writes to its source. */
export function sameDatabase(a: string, b: string): boolean {
  const place = (url: string) => {
    const parsed = new URL(url)
    return `${parsed.hostname.toLowerCase()}:${parsed.port || '5432'}${decodeURIComponent(parsed.pathname)}`
  }
  try {
    return place(a) === place(b)
  } catch {
    return false
  }
}

/** What a store's data folder holds besides its database: such a folder may take the copy. */
const DATA_FOLDER_ENTRIES = new Set(['mail', 'admin', 'backups'])

/**
 * Why a folder cannot take the new embedded database, or null: it must be new, empty, or a store's data
 * folder without a database. The copy makes `DIR/pglite`, so that `DATA_DIR=DIR` opens it.
 */
export async function directoryProblem(dataDir: string): Promise<string | null> {
  let entries: string[]
  try {
    entries = await readdir(dataDir)
  } catch (error) {
    if (isMissingFile(error)) return null
    if (errorCode(error) === 'ENOTDIR') return `${dataDir} is a file, not a folder.\n`
    throw error
  }
  if (entries.includes('pglite')) return `${dataDir} already holds an embedded database (pglite).\n`
  const others = entries.filter((entry) => !DATA_FOLDER_ENTRIES.has(entry))
  if (others.length === 0) return null
  return (
    `${dataDir} is not empty (${others.slice(0, 3).join(', ')}${others.length > 3 ? ', …' : ''}): db copy-to ` +
    "makes a new embedded database there, so the folder must be new, empty, or a store's data folder without one.\n"
  )
}

/** What a database holds, for the copy's checks: the store's tables with rows, and anyone else's tables. */
export interface DatabaseContents {
  /** Tables that are not the store's (schema-qualified): a database used for something else. */
  foreign: string[]
  /** The store's tables that hold rows (besides the rows the migrations write). */
  filled: string[]
}

const STORE_JOURNAL = 'drizzle.__drizzle_migrations'

export async function contentsOf(database: DatabaseHandle, tables: CopiedTable[]): Promise<DatabaseContents> {
  const rows = await rowsOf(
    database.db,
    sql`SELECT n.nspname::text AS "schema", c.relname::text AS "name"
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p', 'v', 'm', 'f')
          AND n.nspname NOT IN ('pg_catalog', 'information_schema')
          AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp%'
        ORDER BY 1, 2`,
  )
  const ours = new Map(tables.map((table) => [`public.${table.name}`, table]))
  const foreign: string[] = []
  const present: CopiedTable[] = []
  for (const row of rows) {
    const name = `${z.string().parse(row.schema)}.${z.string().parse(row.name)}`
    const table = ours.get(name)
    if (table) present.push(table)
    else if (name !== STORE_JOURNAL) foreign.push(name)
  }
  const filled: string[] = []
  for (const table of present) {
    if (!table.seededByMigrations && (await hasRows(database.db, table))) filled.push(table.name)
  }
  return { foreign, filled }
}

/**
 * Why the source cannot be copied as it is: it holds no store, or its schema is not this version's. The
 * copy never migrates its source (it never writes to it): `db migrate` does, with the store stopped.
 */
export async function sourceSchemaProblem(source: DatabaseHandle): Promise<string | null> {
  const [journal] = await rowsOf(source.db, sql`SELECT to_regclass(${STORE_JOURNAL})::text AS found`)
  if (!journal?.found)
    return 'The database to copy holds no Projects Gallery store (it was never migrated).\n'
  const theirs = (
    await rowsOf(source.db, sql`SELECT hash FROM drizzle.__drizzle_migrations ORDER BY id`)
  ).map((row) => z.string().parse(row.hash))
  const ours = readMigrationFiles({ migrationsFolder: serverFiles.migrationsFolder }).map(
    (migration) => migration.hash,
  )
  if (theirs.length === ours.length && theirs.every((hash, at) => hash === ours[at])) return null
  if (theirs.length < ours.length && theirs.every((hash, at) => hash === ours[at])) {
    return (
      'The database to copy has an older schema than this version of the store: run ' +
      '`npm run admin -- db migrate` (or start the store once), then copy it. Nothing was written.\n'
    )
  }
  return 'The database to copy was made by another version of the store: copy it with that version. Nothing was written.\n'
}

/** A target that is a folder rather than a URL (main.ts resolves it from where the owner typed it). */
export const isCopyFolder = (target: string) => !ANY_URL.test(target.trim())
