import { writeFile } from 'node:fs/promises'
import { sql } from 'drizzle-orm'
import { seedDemoCatalog } from '../../src/catalog/demo-seed'
import { openEmbeddedDatabase, openServerDatabase } from '../../src/db/client'

/** Migrated once and loaded with the demo catalogue; each test file starts from a copy. */
export async function buildPgliteTemplate(file: string): Promise<void> {
  const database = await openEmbeddedDatabase({})
  await database.migrate()
  await seedDemoCatalog(database)
  const dump = await database.dumpDataDir()
  await writeFile(file, Buffer.from(await dump.arrayBuffer()))
  await database.close()
}

export const databaseUrlFor = (baseUrl: string, name: string) => {
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  return url.toString()
}

export async function buildPostgresTemplate(baseUrl: string, name: string): Promise<void> {
  const admin = await openServerDatabase(baseUrl, 1)
  await admin.rows(sql.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))
  await admin.rows(sql.raw(`CREATE DATABASE "${name}"`))
  await admin.close()
  const template = await openServerDatabase(databaseUrlFor(baseUrl, name), 2)
  await template.migrate()
  await seedDemoCatalog(template)
  await template.close()
}

export async function dropPostgresDatabases(baseUrl: string, prefix: string): Promise<void> {
  const admin = await openServerDatabase(baseUrl, 1)
  const rows = await admin.rows(sql`SELECT datname FROM pg_database WHERE datname LIKE ${`${prefix}%`}`)
  for (const row of rows)
    await admin.rows(sql.raw(`DROP DATABASE IF EXISTS "${String(row.datname)}" WITH (FORCE)`))
  await admin.close()
}
