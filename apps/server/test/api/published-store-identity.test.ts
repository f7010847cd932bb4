import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../src/platform/db/client'
import { createPublishedStoreIdentity } from '../../src/storefront/published-store-identity'
import { publishStore } from '../support/published-store'
import { createTestDatabase } from '../support/test-database'

/**
 * Issue 41: the store's name and support address the emails sign with, read from the newest published
 * storefront version, when each email is composed.
 */
let database: DatabaseHandle

beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database.close())

const SUPPORT_EMAIL = 'help@shop.example.test'
const readerOf = (options: { supportEmail?: string; listen?: boolean; now?: () => number } = {}) =>
  createPublishedStoreIdentity({
    database,
    supportEmail: options.supportEmail,
    listen: options.listen ?? false,
    ...(options.now ? { now: options.now } : {}),
  })

it('names the store as version 1 does before anything is published, with SUPPORT_EMAIL or the built-in address', async () => {
  const configured = readerOf({ supportEmail: SUPPORT_EMAIL })
  expect(await configured.read('es')).toEqual({ name: 'Projects Gallery', supportEmail: SUPPORT_EMAIL })
  expect(await configured.read('en')).toEqual({ name: 'Projects Gallery', supportEmail: SUPPORT_EMAIL })
  expect(await readerOf().read('es')).toEqual({ name: 'Projects Gallery', supportEmail: 'soporte@localhost' })
})

it('follows a database that has no storefront yet (made before migration 0020) with version 1', async () => {
  await database.rows(sql`ALTER TABLE storefront_versions RENAME TO storefront_versions_away`)
  try {
    expect(await readerOf({ supportEmail: SUPPORT_EMAIL }).read('en')).toEqual({
      name: 'Projects Gallery',
      supportEmail: SUPPORT_EMAIL,
    })
  } finally {
    await database.rows(sql`ALTER TABLE storefront_versions_away RENAME TO storefront_versions`)
  }
})

it('a listening reader names what was just published at its next read', async () => {
  const reader = readerOf({ supportEmail: SUPPORT_EMAIL, listen: true })
  try {
    expect((await reader.read('es')).name).toBe('Projects Gallery')
    await publishStore(database, {
      name: { es: 'Tienda Nube', en: 'Cloud Store' },
      supportEmail: 'ayuda@tienda.example',
    })
    expect(await reader.read('es')).toEqual({ name: 'Tienda Nube', supportEmail: 'ayuda@tienda.example' })
    expect(await reader.read('en')).toEqual({ name: 'Cloud Store', supportEmail: 'ayuda@tienda.example' })
  } finally {
    await reader.stop()
  }
})

it('falls back to the Spanish name and to SUPPORT_EMAIL where the published content leaves them empty', async () => {
  await publishStore(database, { name: { es: 'Tienda Sol', en: '' }, supportEmail: '' })
  const reader = readerOf({ supportEmail: SUPPORT_EMAIL })
  expect(await reader.read('en')).toEqual({ name: 'Tienda Sol', supportEmail: SUPPORT_EMAIL })
  expect(await readerOf().read('es')).toEqual({ name: 'Tienda Sol', supportEmail: 'soporte@localhost' })
})

it('a reader that does not listen (the CLI) keeps what it read for a few seconds, then reads again', async () => {
  let clock = Date.now()
  const reader = readerOf({ now: () => clock })
  expect((await reader.read('es')).name).toBe('Tienda Sol')
  await publishStore(database, { name: { es: 'Tienda Luna', en: 'Moon Store' }, supportEmail: '' })
  // A burst of emails costs one read.
  expect((await reader.read('es')).name).toBe('Tienda Sol')
  clock += 3_000
  expect((await reader.read('en')).name).toBe('Moon Store')
})
