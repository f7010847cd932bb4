import { existsSync } from 'node:fs'
import path from 'node:path'
import type { Config } from '../platform/config'
import { openEmbeddedDatabase, openServerDatabase, type DatabaseHandle } from '../platform/db/client'
import { DatabaseInUseError } from '../platform/db/embedded-lock'
import {
  parseCopyTarget,
  sameDatabase,
  secretMask,
  sourceSchemaProblem,
  withoutPassword,
} from '../operations/db-copy/copy-target'
import { copyDatabase, sameRows } from '../operations/db-copy/database-copy'
import { openTarget, reasonOf } from '../operations/db-copy/target-opening'
import { done, refused, type AdminResult } from './admin-request'
import { counted, formatTable } from './text-table'

/** Why `db copy-to` does not run beside a store on the embedded database (decision 045). */
export const copyNeedsStoppedStore = (holder: string) =>
  `${holder}\ndb copy-to copies the store to move it, so it runs with the store stopped: whatever the ` +
  'store would write meanwhile (an order from a payment, a new member, a changed password) would be ' +
  'missing from the copy. Stop the store (Ctrl-C, or SIGTERM), run db copy-to again, then start the ' +
  'store on the copy. Nothing was written.\n'

/**
 * Copies the database `source` into `targetText` (a PostgreSQL URL or a folder) and reports each table's
 * rows and whether its checksum matches. Every message is cleaned of the passwords of the URLs given.
 */
export async function copyInto(options: {
  source: DatabaseHandle
  /** How the report names the source: "the embedded database in …" (no password). */
  sourceName: string
  target: string
  /** Progress (each table as it is copied), printed at once. */
  note: (line: string) => void
  /** Folders are named relative to it (where the owner typed the command). */
  baseDirectory?: string
  /** Other URLs whose password must never show (the source's). */
  secretUrls?: string[]
}): Promise<AdminResult> {
  const mask = secretMask(options.target, ...(options.secretUrls ?? []))
  const clean = (result: AdminResult): AdminResult => ({
    ...result,
    stdout: mask(result.stdout),
    stderr: mask(result.stderr),
  })
  const note = (line: string) => options.note(mask(line))
  try {
    return clean(await copyChecked({ ...options, note }))
  } catch (error) {
    return clean(refused(`The copy failed: ${reasonOf(error)}\n`))
  }
}

async function copyChecked(options: {
  source: DatabaseHandle
  sourceName: string
  target: string
  note: (line: string) => void
  baseDirectory?: string
}): Promise<AdminResult> {
  const { source, note } = options
  const target = parseCopyTarget(options.target, options.baseDirectory)
  if ('refused' in target) return refused(target.refused)
  const sourceProblem = await sourceSchemaProblem(source)
  if (sourceProblem) return refused(sourceProblem)
  const opened = await openTarget(target)
  if ('refused' in opened) return refused(opened.refused)
  const started = performance.now()
  const snapshotAt = new Date().toISOString().slice(11, 19)
  note(`Copying ${options.sourceName} into ${target.shown}…\n`)
  let result: AdminResult
  try {
    const reports = await copyDatabase({
      source,
      target: opened.database,
      onTable: (table, rows) => note(`  ${table}: ${counted(rows, 'row')}\n`),
    })
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    const table = formatTable([
      ['table', 'rows', 'checksum'],
      ...reports.map((report) => [
        report.table,
        String(report.source.rows),
        sameRows(report)
          ? 'ok'
          : `DIFFERS: ${report.target.rows} rows, checksum ${report.target.checksum.slice(0, 8)} in the target, ${report.source.checksum.slice(0, 8)} here`,
      ]),
    ])
    const total = reports.reduce((sum, report) => sum + report.source.rows, 0)
    const differing = reports.filter((report) => !sameRows(report)).map((report) => report.table)
    result =
      differing.length === 0
        ? done(
            `${table}\nCopied ${counted(reports.length, 'table')} and ${counted(total, 'row')} in ${seconds} s: ` +
              'every table has the same rows and checksum in both databases. The copy is the source as it ' +
              `was at ${snapshotAt} UTC.\n${opened.next}`,
          )
        : refused(
            `The copy differs from the source in ${differing.join(', ')}: do not use it. Please report this.\n`,
            table,
          )
  } catch (error) {
    await opened.database.close()
    await opened.discard()
    return refused(
      `The copy stopped: ${reasonOf(error)}. ` +
        (target.kind === 'postgres'
          ? 'The table groups copied before stay in the target: drop it and create it again before another try.\n'
          : 'The new folder was removed.\n'),
    )
  }
  await opened.database.close()
  return result
}

/**
 * `npm run admin -- db copy-to TARGET`: copies the store's database (DATABASE_URL's, else the embedded
 * one in DATA_DIR) into TARGET. Always run by the CLI itself, never through the admin socket: with the
 * embedded database the store must be stopped (decision 045).
 */
export async function copyStoreDatabase(
  config: Config,
  targetText: string,
  note: (line: string) => void,
): Promise<AdminResult> {
  const mask = secretMask(targetText, config.databaseUrl)
  const clean = (result: AdminResult): AdminResult => ({
    ...result,
    stdout: mask(result.stdout),
    stderr: mask(result.stderr),
  })
  const target = parseCopyTarget(targetText)
  if (!('refused' in target) && target.kind === 'postgres' && config.databaseUrl) {
    if (sameDatabase(config.databaseUrl, target.url)) {
      return clean(refused(`${target.shown} is the store's own database (DATABASE_URL): nothing to copy.\n`))
    }
  }
  let source: DatabaseHandle
  let sourceName: string
  if (config.databaseUrl) {
    sourceName = `the PostgreSQL database ${withoutPassword(config.databaseUrl)}`
    try {
      source = await openServerDatabase(config.databaseUrl, 2)
    } catch (error) {
      return clean(refused(`Cannot connect to ${sourceName}: ${reasonOf(error)}. Nothing was written.\n`))
    }
  } else {
    const live = path.join(config.dataDir, 'pglite')
    sourceName = `the embedded database in ${live}`
    // Opening a folder without a database would create one: there is nothing to copy.
    if (!existsSync(path.join(live, 'PG_VERSION')))
      return refused(`There is no embedded database in ${live} to copy (DATA_DIR is ${config.dataDir}).\n`)
    try {
      source = await openEmbeddedDatabase({ dataDir: live })
    } catch (error) {
      if (error instanceof DatabaseInUseError) return refused(copyNeedsStoppedStore(error.message))
      throw error
    }
  }
  try {
    return await copyInto({
      source,
      sourceName,
      target: targetText,
      note,
      secretUrls: config.databaseUrl ? [config.databaseUrl] : [],
    })
  } finally {
    await source.close()
  }
}
