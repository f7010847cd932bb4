import { promisify } from 'node:util'
import { gunzip } from 'node:zlib'
import { PGlite } from '@electric-sql/pglite'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { Parser } from 'tar'
import { embeddedExtensions, Tarball } from '../../platform/db/client'
import { serverFiles } from '../../platform/server-files'

const { migrationsFolder } = serverFiles

/** Why a file cannot be restored, said to the owner as it is. */
export class UnusableBackupError extends Error {}

/** The names in a tar archive; refuses anything that is not one (strict: a warning is an error). */
function tarEntries(archive: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const names: string[] = []
    const parser = new Parser({
      strict: true,
      onReadEntry: (entry) => {
        names.push(entry.path.replace(/^\.?\//, ''))
        entry.resume()
      },
    })
    parser.on('error', reject)
    parser.on('end', () => resolve(names))
    parser.end(archive)
  })
}

/**
 * The tarball inside a backup file, checked to be a gzipped tar archive of a PostgreSQL data folder
 * before PGlite sees it (PGlite stops the process on some damaged archives instead of failing).
 */
export async function readBackupArchive(content: Buffer): Promise<Buffer> {
  let archive: Buffer
  try {
    archive = await promisify(gunzip)(content)
  } catch (error) {
    throw new UnusableBackupError(
      `it is not a gzip file, or it is damaged (${error instanceof Error ? error.message : String(error)})`,
    )
  }
  let names: string[]
  try {
    names = await tarEntries(archive)
  } catch (error) {
    throw new UnusableBackupError(
      `it is not a tar archive, or it is damaged (${error instanceof Error ? error.message : String(error)})`,
    )
  }
  if (!names.includes('PG_VERSION') || !names.includes('global/pg_control'))
    throw new UnusableBackupError('it holds no embedded database (a .tar.gz of something else)')
  return archive
}

export interface BackupSummary {
  projects: number
  members: number
}

/**
 * Opens the database of a backup in `folder` (which must not exist yet) and checks it is a Projects
 * Gallery database: our migrations journal, the same migrations as this version (or fewer), our tables.
 */
export async function openBackupAside(folder: string, archive: Buffer): Promise<BackupSummary> {
  let client: PGlite
  try {
    client = await PGlite.create(folder, {
      extensions: embeddedExtensions,
      loadDataDir: Tarball.of(archive, 'application/x-tar'),
    })
  } catch (error) {
    throw new UnusableBackupError(
      `its database does not open${error instanceof Error ? ` (${error.message})` : ''}`,
    )
  }
  try {
    const journal = await client
      .query<{ hash: string }>('SELECT hash FROM drizzle.__drizzle_migrations ORDER BY id')
      .catch(() => {
        throw new UnusableBackupError('it holds a database without the Projects Gallery schema')
      })
    const ours = readMigrationFiles({ migrationsFolder }).map((migration) => migration.hash)
    const theirs = journal.rows.map((row) => row.hash)
    if (theirs.length > ours.length && theirs.slice(0, ours.length).every((hash, at) => hash === ours[at]))
      throw new UnusableBackupError('it was made by a newer version of the store: update this one first')
    if (theirs.length === 0 || theirs.some((hash, at) => hash !== ours[at]))
      throw new UnusableBackupError('it holds a database without the Projects Gallery schema')
    const counts = await client
      .query<BackupSummary>(
        'SELECT (SELECT count(*)::int FROM projects) AS projects, (SELECT count(*)::int FROM users) AS members',
      )
      .catch(() => {
        throw new UnusableBackupError('it holds a database without the Projects Gallery tables')
      })
    const [summary] = counts.rows
    if (!summary) throw new UnusableBackupError('it holds a database without the Projects Gallery tables')
    return summary
  } finally {
    await client.close()
  }
}
