import { existsSync } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { openEmbeddedDatabase, openServerDatabase, type DatabaseHandle } from '../../platform/db/client'
import { makeDataDirPrivate } from '../../platform/db/private-data-dir'
import { schemaTables, type CopiedTable } from './copied-tables'
import { contentsOf, directoryProblem, type CopyTarget } from './copy-target'

/** Why a database statement or connection failed, in the driver's words. */
export const reasonOf = (error: unknown) => {
  // drizzle wraps the driver's error (whose message is the failed query) in its own: the driver's says why.
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error
  return cause instanceof Error ? cause.message : String(cause)
}

export interface OpenedTarget {
  database: DatabaseHandle
  /** After a failed copy: removes what the copy made (a new folder), or nothing (a PostgreSQL database). */
  discard: () => Promise<void>
  /** How to start the store on the copy. */
  next: string
}

/**
 * Opens the target after checking that it holds nothing (nothing is written before), then migrates it:
 * the schema comes from this version's migrations, as at a store's start.
 */
export async function openTarget(target: CopyTarget): Promise<OpenedTarget | { refused: string }> {
  const tables = schemaTables()
  if (target.kind === 'postgres') {
    let database: DatabaseHandle
    try {
      database = await openServerDatabase(target.url, 2)
    } catch (error) {
      return { refused: `Cannot connect to ${target.shown}: ${reasonOf(error)}. Nothing was written.\n` }
    }
    // Checked before anything is written; the schema then comes from the migrations.
    const problem = await emptinessProblem(database, tables)
      .then(async (found) => {
        if (!found) await database.migrate()
        return found
      })
      .catch(async (error: unknown) => {
        await database.close()
        throw error
      })
    if (problem) {
      await database.close()
      return {
        refused:
          `${target.shown} is not empty. ${problem} db copy-to only writes into an empty database, so ` +
          'nothing there is overwritten or mixed with the copy: create a new one (CREATE DATABASE gallery;) ' +
          'and copy into it. Nothing was written.\n',
      }
    }
    return {
      database,
      discard: async () => undefined,
      next:
        `Start the store on it: DATABASE_URL=${target.shown} npm start` +
        `${target.shown.includes('***') ? ' (your password in place of ***)' : ''}. ` +
        'Until then the store keeps its data where it was.\n',
    }
  }
  const problem = await directoryProblem(target.dataDir)
  if (problem) return { refused: `${problem}Nothing was written.\n` }
  const existed = existsSync(target.dataDir)
  await mkdir(target.dataDir, { recursive: true, mode: 0o700 })
  await makeDataDirPrivate(target.dataDir)
  const live = path.join(target.dataDir, 'pglite')
  const discard = async () => {
    if (!existed) await rm(target.dataDir, { recursive: true, force: true })
    else for (const entry of [live, `${live}.lock`]) await rm(entry, { recursive: true, force: true })
  }
  const database = await openEmbeddedDatabase({ dataDir: live })
  try {
    await database.migrate()
  } catch (error) {
    await database.close()
    await discard()
    throw error
  }
  return {
    database,
    discard,
    next: `Start the store on it: DATA_DIR=${target.dataDir} npm start, without DATABASE_URL.\n`,
  }
}

/** Why a PostgreSQL database is not empty: the store's tables with rows, or tables of something else. */
async function emptinessProblem(database: DatabaseHandle, tables: CopiedTable[]): Promise<string | null> {
  const contents = await contentsOf(database, tables)
  if (contents.foreign.length > 0)
    return `It holds tables that are not the store's (${listed(contents.foreign)}).`
  if (contents.filled.length > 0) return `The store's tables there hold rows (${listed(contents.filled)}).`
  return null
}

const listed = (names: string[]) => `${names.slice(0, 5).join(', ')}${names.length > 5 ? ', …' : ''}`
