import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_LABEL } from '@pg/shared/account'
import { createUserRepository } from '../../src/members/account/user-repository'
import { openServerDatabase, type DatabaseHandle } from '../../src/platform/db/client'
import { createMember } from '../support/factories'
import { writeStorefrontBuild } from '../support/storefront-build'
import { versionOne } from '../support/storefront-console'
import {
  createEmptyDatabase,
  msUntil,
  send,
  signInThrough,
  startInstance,
  type StoreInstance,
} from '../support/store-instances'
import { TIMED, WITHIN_A_SECOND_MS } from '../support/timing-bounds'

/**
 * Issue 41 (decision 073): two `npm start` processes on one PostgreSQL database. The owner publishes
 * through one; a visitor of the other gets the new price within a second (the version's NOTIFY, the
 * other's worker drawing it), and restoring version 1 brings the build's own pages back on both.
 */
const onPostgres = process.env.TEST_DB === 'postgres'

let webDir = ''
let dropDatabase: () => Promise<void> = async () => undefined
let database: DatabaseHandle
let instances: StoreInstance[] = []
let cookie = ''

beforeAll(async () => {
  if (!onPostgres) return
  webDir = await writeStorefrontBuild()
  const created = await createEmptyDatabase('storefront')
  dropDatabase = created.drop
  database = await openServerDatabase(created.url, 2)
  await database.migrate()
  const admin = await createMember(database)
  await createUserRepository(database.db).setLabels(admin.id, [ADMIN_LABEL])
  instances = await Promise.all(
    ['storefront-a', 'storefront-b'].map((name) => startInstance(name, created.url, { WEB_DIR: webDir })),
  )
  cookie = await signInThrough(instances[0] as StoreInstance, admin)
}, 90_000)

afterAll(async () => {
  if (!onPostgres) return
  await Promise.allSettled(instances.map((instance) => instance.remove()))
  await database?.close()
  await dropDatabase()
  await rm(webDir, { recursive: true, force: true })
})

/** The landing page as a visitor of `instance` gets it. */
async function landing(instance: StoreInstance | undefined): Promise<string> {
  if (!instance) throw new Error('No instance is running')
  const response = await fetch(`${instance.url}/landing-pack-apps`, { signal: AbortSignal.timeout(5_000) })
  return response.text()
}

describe.skipIf(!onPostgres)('the storefront on two store processes', () => {
  it('serves a price published through one on the other within a second', TIMED, async () => {
    const [first, second] = instances
    if (!first || !second) throw new Error('Two instances were started')
    expect(await landing(second)).toContain('<h1>es:landing-pack-apps.no-checkout</h1>')
    const content = versionOne()
    content.landing.offer.price.amount = '29'
    const saved = await fetch(`${first.url}/v1/store/storefront/draft`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json', 'if-match': '"0"' },
      body: JSON.stringify({ content }),
    })
    expect(saved.status).toBe(200)
    const published = await fetch(`${first.url}/v1/store/storefront/publish`, {
      method: 'POST',
      headers: { cookie, 'if-match': String(saved.headers.get('etag')) },
    })
    expect(published.status).toBe(201)
    expect(await published.json()).toMatchObject({ version: 2, live: true })
    const took = await msUntil(
      async () => (await landing(second)).includes('29\u00a0US$'),
      WITHIN_A_SECOND_MS,
    )
    expect(took).toBeLessThan(WITHIN_A_SECOND_MS)
    expect(await landing(first)).toContain('29\u00a0US$')
  })

  it('restoring version 1 through the other brings the build’s pages back on both', async () => {
    const [first, second] = instances
    if (!first || !second) throw new Error('Two instances were started')
    const restored = await send(second, 'POST', '/v1/store/storefront/versions/1/restore', { cookie })
    expect(restored).toMatchObject({ status: 201, body: { version: 3, restoredFrom: 1, live: true } })
    const took = await msUntil(
      async () => (await landing(first)).includes('<h1>es:landing-pack-apps.no-checkout</h1>'),
      WITHIN_A_SECOND_MS,
    )
    expect(took).toBeLessThan(WITHIN_A_SECOND_MS)
  })
})
