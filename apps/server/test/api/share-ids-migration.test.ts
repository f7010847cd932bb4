import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../src/platform/db/client'
import { serverFiles } from '../../src/platform/server-files'
import { createMember } from '../support/factories'
import { createTestDatabase } from '../support/test-database'

/**
 * Migration 0019 (issue 40, decision 070) on a store whose members shared collections before it: each
 * shared one gets its own unguessable share id, apart from its document id (links made of document ids
 * stop working for other members); a private one gets none.
 */
let database: DatabaseHandle

beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database.close())

const MIGRATION = '0019_shared_collections_by_link.sql'

/** The migration's data statement (its UPDATE), run again on rows written as before it. */
async function migrateData() {
  const file = path.join(serverFiles.migrationsFolder, MIGRATION)
  const statements = (await readFile(file, 'utf8'))
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter((statement) => /^(--[^\n]*\n)*UPDATE/.test(statement))
  expect(statements).toHaveLength(1)
  for (const statement of statements) await database.rows(sql.raw(statement))
}

it('gives each collection shared before it a new share id of its own, and a private one none', async () => {
  const owner = await createMember(database)
  // The column the migration reads, as it was before it (the migration drops it afterwards).
  await database.rows(sql`ALTER TABLE member_collections ADD COLUMN shared boolean NOT NULL DEFAULT false`)
  await database.rows(sql`
    INSERT INTO member_collections (id, owner_id, name, shared)
    VALUES ('shared-1', ${owner.id}, 'Uno', true), ('shared-2', ${owner.id}, 'Dos', true),
           ('private-1', ${owner.id}, 'Tres', false)`)

  await migrateData()

  const rows = await database.rows(sql`
    SELECT id, share_id AS "shareId" FROM member_collections WHERE owner_id = ${owner.id} ORDER BY id`)
  await database.rows(sql`ALTER TABLE member_collections DROP COLUMN shared`)
  const shareIds = rows.map((row) => row.shareId)
  expect(rows.map((row) => row.id)).toEqual(['private-1', 'shared-1', 'shared-2'])
  expect(shareIds[0]).toBeNull()
  for (const [index, shareId] of shareIds.slice(1).entries()) {
    // At least 128 random bits in Appwrite's id alphabet, no longer than an id may be.
    expect(shareId).toMatch(/^[a-zA-Z0-9]{32,36}$/)
    expect(shareId).not.toBe(rows[index + 1]?.id)
  }
  expect(new Set(shareIds).size).toBe(3)
})
