import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../src/platform/db/client'
import { readProjectIndex } from '../../src/catalogue/search/catalog-reader'
import type { ProjectIndex } from '../../src/catalogue/search/project-index'
import { createTestDatabase } from '../support/test-database'

/**
 * The search index is read one slice per statement (decision 029): small slices build exactly the index
 * one large slice does, and its ranks follow the database's own orders (its collation for titles).
 */
let database: DatabaseHandle

beforeAll(async () => {
  database = await createTestDatabase()
  // Equal titles share a rank: forty projects with the title of the ninth, across slice boundaries
  // and with $sequence values whose digits sort otherwise than their numbers (9 before 721).
  await database.rows(sql`
    INSERT INTO projects (id, title)
    SELECT 'twin-' || n, (SELECT title FROM projects ORDER BY sequence OFFSET 8 LIMIT 1)
    FROM generate_series(1, 40) n`)
})
afterAll(() => database.close())

const build = async (projects: number, titles: number) => {
  const index = await readProjectIndex(database, '1', () => false, { projects, titles })
  if (!index) throw new Error('stopped')
  return index
}

const comparable = (index: ProjectIndex) => ({
  ids: index.ids,
  titleRank: [...index.titleRank],
  createdRank: [...index.createdRank],
  words: index.vocabulary.words,
  postings: index.vocabulary.postings.map((list) => [...list]),
})

it('builds the same index in slices of any size', async () => {
  const whole = await build(100_000, 100_000)
  expect(whole.size).toBeGreaterThan(700)
  expect(comparable(await build(37, 7))).toEqual(comparable(whole))
})

it('ranks titles in the order the database sorts them, equal titles equally', async () => {
  const index = await build(37, 7)
  const rows = await database.rows(sql`SELECT id, title FROM projects ORDER BY title, sequence`)
  const ranks = rows.map((row) => index.titleRank[index.positions.get(String(row.id)) ?? -1])
  expect(ranks).toEqual([...ranks].sort((a = 0, b = 0) => a - b))
  const twins = Array.from(
    { length: 40 },
    (_, n) => index.titleRank[index.positions.get(`twin-${n + 1}`) ?? -1],
  )
  expect(new Set(twins)).toEqual(new Set([index.titleRank[8]]))
  expect(Math.max(...index.titleRank)).toBeLessThan(index.size)
})

it('stops between two statements when asked', async () => {
  let statements = 0
  const stopped = await readProjectIndex(database, '1', () => ++statements > 2, { projects: 37, titles: 53 })
  expect(stopped).toBeNull()
  expect(statements).toBe(3)
})
