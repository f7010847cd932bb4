import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../src/platform/db/client'
import { sequencesInSlices } from '../../src/catalogue/collections/scan-in-slices'
import { createTestDatabase } from '../support/test-database'

/**
 * A text filter that the first rows do not satisfy is looked for one slice of the table per statement
 * (decision 016): the slices together find exactly what one statement would, in either direction.
 */
let database: DatabaseHandle

beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database.close())

const matching = (alias: string) => sql`${sql.raw(alias)}.title_search LIKE '%ar%'`

async function everyMatch(): Promise<number[]> {
  const rows = await database.rows(
    sql`SELECT sequence::text AS sequence FROM projects s WHERE ${matching('s')} ORDER BY s.sequence`,
  )
  return rows.map((row) => Number(row.sequence))
}

it('finds every match, slice after slice', async () => {
  const expected = await everyMatch()
  expect(expected.length).toBeGreaterThan(100)
  const found = await sequencesInSlices(database, 'projects', matching, { sliceRows: 37 })
  expect([...found].sort((a, b) => a - b)).toEqual(expected)
})

it('stops once enough are found, walking up or down', async () => {
  const expected = await everyMatch()
  const first = await sequencesInSlices(database, 'projects', matching, {
    sliceRows: 50,
    enough: { count: 30, direction: 'asc' },
  })
  expect(first.length).toBeGreaterThanOrEqual(30)
  expect(first.length).toBeLessThan(expected.length)
  expect([...first].sort((a, b) => a - b).slice(0, 30)).toEqual(expected.slice(0, 30))
  const last = await sequencesInSlices(database, 'projects', matching, {
    sliceRows: 50,
    enough: { count: 30, direction: 'desc' },
  })
  expect(last.length).toBeLessThan(expected.length)
  expect([...last].sort((a, b) => b - a).slice(0, 30)).toEqual(expected.reverse().slice(0, 30))
})

it('finds nothing when nothing matches, and nothing in an empty table', async () => {
  expect(await sequencesInSlices(database, 'projects', () => sql`FALSE`, { sliceRows: 100 })).toEqual([])
  await database.rows(sql`DELETE FROM tokens`)
  expect(await sequencesInSlices(database, 'tokens', () => sql`TRUE`)).toEqual([])
})
