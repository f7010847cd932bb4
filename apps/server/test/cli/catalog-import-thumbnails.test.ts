import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../src/platform/db/client'
import { createTestDatabase } from '../support/test-database'
import { createAdminCli } from './admin-cli'

let database: DatabaseHandle
let cli: ReturnType<typeof createAdminCli>

beforeAll(async () => {
  database = await createTestDatabase()
  cli = createAdminCli(database)
})
afterAll(() => database.close())

const REASON = 'must be an http(s) URL or a path under /media/ on this store'

/** Addresses a browser would load from another host, or run, instead of an image of the catalogue. */
const BAD_THUMBNAILS = [
  'javascript:alert(1)',
  'JAVASCRIPT:alert(1)',
  'data:image/svg+xml,<svg onload="alert(1)"/>',
  'vbscript:msgbox(1)',
  'ftp://files.example/x.png',
  '//evil.example/x.png',
  '/\\evil.example/x.png',
  '\\\\evil.example/x.png',
  '/\t/evil.example/x.png',
  '/media/..//evil.example/x.png',
  '/media/%2e%2e//evil.example/x.png',
  '/media/\\evil.example/x.png',
  '/admin/x.png',
  'thumbnails/x.png',
]

const importFile = (name: string, content: string) => {
  cli.files.set(name, content)
  return cli.run('catalog', 'import', name)
}
const thumbnailOf = async (id: string) =>
  (await database.rows(sql`SELECT thumbnail_url FROM projects WHERE id = ${id}`))[0]?.thumbnail_url
const catalogVersion = async () =>
  Number((await database.rows(sql`SELECT version FROM catalog_state`))[0]?.version)
const exportJson = async () => (await cli.run('catalog', 'export')).out
const csvCell = (value: string) => `"${value.replaceAll('"', '""')}"`

it('keeps http(s) thumbnails, the store’s own /media/ paths and none', async () => {
  const json = JSON.stringify([
    { id: 'th-https', title: 'A', thumbnail_url: 'https://cdn.example/a.png?w=640' },
    { id: 'th-http', title: 'B', thumbnail_url: ' http://cdn.example/b.png ' },
    { id: 'th-media', title: 'C', thumbnail_url: '/media/thumbnails/th-media.svg' },
    { id: 'th-none', title: 'D', thumbnail_url: '' },
  ])
  expect(await importFile('good.json', json)).toMatchObject({ code: 0, err: '' })
  expect(await thumbnailOf('th-https')).toBe('https://cdn.example/a.png?w=640')
  expect(await thumbnailOf('th-http')).toBe('http://cdn.example/b.png')
  expect(await thumbnailOf('th-media')).toBe('/media/thumbnails/th-media.svg')
  expect(await thumbnailOf('th-none')).toBeNull()

  const csv =
    'id,title,thumbnail_url\ncsv-th,E,https://cdn.example/e.png\ncsv-media,F,/media/thumbnails/f.svg\n'
  expect(await importFile('good.csv', csv)).toMatchObject({ code: 0, err: '' })
  expect(await thumbnailOf('csv-th')).toBe('https://cdn.example/e.png')
  expect(await thumbnailOf('csv-media')).toBe('/media/thumbnails/f.svg')
})

it('JSON: refuses every other thumbnail with its place and reason, and imports nothing', async () => {
  const before = await exportJson()
  const version = await catalogVersion()
  const projects = [
    { id: 'fine', title: 'Bien', thumbnail_url: 'https://cdn.example/ok.png' },
    ...BAD_THUMBNAILS.map((url, index) => ({ id: `bad-${index}`, title: 'Mal', thumbnail_url: url })),
  ]
  const result = await importFile('bad.json', JSON.stringify({ projects }))
  expect(result.code).toBe(1)
  expect(result.out).toBe('')
  expect(result.err.split('\n')).toEqual([
    `bad.json (JSON): ${BAD_THUMBNAILS.length} problems; nothing was imported:`,
    ...BAD_THUMBNAILS.map((_, index) => `  projects[${index + 1}].thumbnail_url: ${REASON}`),
    '',
  ])
  expect(await thumbnailOf('fine')).toBeUndefined()
  expect(await exportJson()).toBe(before)
  expect(await catalogVersion()).toBe(version)
})

it('CSV: refuses every other thumbnail with its row and column, and imports nothing', async () => {
  const before = await exportJson()
  const rows = BAD_THUMBNAILS.map((url, index) => `csv-bad-${index},Mal,${csvCell(url)}`)
  const csv = ['id,title,thumbnail_url', 'csv-fine,Bien,https://cdn.example/ok.png', ...rows].join('\n')
  const result = await importFile('bad.csv', csv)
  expect(result.code).toBe(1)
  expect(result.err.split('\n')).toEqual([
    `bad.csv (CSV): ${BAD_THUMBNAILS.length} problems; nothing was imported:`,
    ...BAD_THUMBNAILS.map((_, index) => `  row ${index + 3}, thumbnail_url: ${REASON}`),
    '',
  ])
  expect(await thumbnailOf('csv-fine')).toBeUndefined()
  expect(await exportJson()).toBe(before)
})
