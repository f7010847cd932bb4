import { rm } from 'node:fs/promises'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app'
import type { DatabaseHandle } from '../../src/platform/db/client'
import { projects } from '../../src/platform/db/schema'
import { signInConsoleCallers } from '../support/console-callers'
import { writePrerenderedBuild } from '../support/prerendered-build'
import { writeStorefrontBuild } from '../support/storefront-build'
import { storefrontConsole, versionOne } from '../support/storefront-console'
import { createTestDatabase } from '../support/test-database'
import { testConfig } from '../support/test-app'
import { WITHIN_A_SECOND_MS } from '../support/timing-bounds'

/**
 * Issue 41 (decision 073): which pages a store process serves. Version 1 is the build's own pages, as
 * they are; any other version is drawn before the process listens, and again when any process adds one;
 * a drawing that fails, or a build that cannot draw, leaves the pages served as they were.
 */
let database: DatabaseHandle
let storefrontBuild = ''
let oldBuild = ''
const apps: Awaited<ReturnType<typeof buildApp>>[] = []

beforeAll(async () => {
  database = await createTestDatabase()
  storefrontBuild = await writeStorefrontBuild()
  oldBuild = await writePrerenderedBuild()
})
afterAll(async () => {
  for (const app of apps) await app.close()
  await database.close()
  for (const dir of [storefrontBuild, oldBuild]) await rm(dir, { recursive: true, force: true })
})

/** A store process on the shared database, its log lines kept. */
async function startStore(webDir: string) {
  const lines: string[] = []
  const app = await buildApp({ ...testConfig, webDir, logLevel: 'warn' }, database, {
    logStream: { write: (line) => void lines.push(line) },
  })
  apps.push(app)
  await app.ready()
  const messages = () => lines.map((line) => String((JSON.parse(line) as { msg?: unknown }).msg))
  return { app, messages }
}

const landing = async (app: Awaited<ReturnType<typeof buildApp>>, query = '') =>
  (await app.inject({ method: 'GET', url: `/landing-pack-apps${query}` })).body

/** Adds the next version as another process would: a row, which migration 0020's trigger notifies. */
async function addVersionElsewhere(content: unknown): Promise<number> {
  const [row] = await database.rows(sql`
    INSERT INTO storefront_versions (number, content, changed, source)
    SELECT max(number) + 1, ${JSON.stringify(content)}::jsonb, ARRAY[]::text[], 'publish' FROM storefront_versions
    RETURNING number`)
  return Number(row?.number)
}

async function waitFor(done: () => Promise<boolean>, ms: number): Promise<number> {
  const started = Date.now()
  while (!(await done()) && Date.now() - started < ms) await new Promise((resolve) => setTimeout(resolve, 20))
  return Date.now() - started
}

describe('the pages a store serves', () => {
  it('serves version 1 as the build drew it, without drawing, and writes version 1 once', async () => {
    const { app } = await startStore(storefrontBuild)
    await startStore(storefrontBuild)
    expect(await landing(app)).toContain('<h1>es:landing-pack-apps.no-checkout</h1>')
    const versions = await database.rows(sql`SELECT number, source FROM storefront_versions`)
    expect(versions).toEqual([{ number: 1, source: 'default' }])
  })

  it('draws a version added by another process within a second, on every process', async () => {
    const first = apps[0]
    const second = apps[1]
    if (!first || !second) throw new Error('Two stores were started')
    // Each process's worker has loaded the web build's server entry (at start on PostgreSQL, when the
    // console opens on the embedded database); not timed here: tsx compiles it from the sources.
    await Promise.all([first, second].map((app) => app.storefront.pages.warm()))
    const content = versionOne()
    content.landing.offer.price.amount = '27'
    await addVersionElsewhere(content)
    for (const app of [first, second]) {
      const waited = await waitFor(
        async () => (await landing(app)).includes('27\u00a0US$'),
        5 * WITHIN_A_SECOND_MS,
      )
      expect(waited).toBeLessThan(WITHIN_A_SECOND_MS)
    }
  })

  it('draws the newest version before a new process answers its first request', async () => {
    const { app } = await startStore(storefrontBuild)
    expect(await landing(app, '?lang=en')).toContain('$27')
  })

  it('keeps the pages served when a drawing fails, logs why, and publishes all the same', async () => {
    const { app, messages } = await startStore(storefrontBuild)
    const callers = await signInConsoleCallers({ app, database, url: '', close: async () => undefined })
    const store = storefrontConsole(
      { app, database, url: '', close: async () => undefined },
      callers.adminCookie,
    )
    const broken = versionOne()
    broken.landing.hero.title.es = 'the renderer throws'
    const published = await store.saveAndPublish(broken)
    expect(published.statusCode).toBe(201)
    expect(published.json<{ live: boolean }>().live).toBe(false)
    expect(await landing(app, '?lang=en')).toContain('$27')
    expect(messages()).toContain('drawing the storefront failed: the pages served stay as they were')
    // The preview of a content that cannot be drawn says so (409), never a 5xx.
    expect((await store.save(broken, await store.revision())).statusCode).toBe(200)
    const preview = await store.preview('?page=/faq')
    expect(preview.statusCode).toBe(409)
    expect(preview.json<{ type: string }>().type).toBe('storefront_preview_unavailable')
    expect((await store.discard()).statusCode).toBe(204)
  })

  it('serves the build’s pages of a build without a .server folder, saying so once in the log', async () => {
    const { app, messages } = await startStore(oldBuild)
    expect(await landing(app)).toContain('<h1>es:landing-pack-apps.no-checkout</h1>')
    const content = versionOne()
    content.landing.offer.price.amount = '28'
    await addVersionElsewhere(content)
    content.landing.offer.price.amount = '26'
    await addVersionElsewhere(content)
    await waitFor(async () => false, 300)
    expect(await landing(app)).toContain('<h1>es:landing-pack-apps.no-checkout</h1>')
    expect(messages().filter((message) => message.includes('no .server folder'))).toHaveLength(1)
    // Its preview says why there is none.
    const server = { app, database, url: '', close: async () => undefined }
    const store = storefrontConsole(server, (await signInConsoleCallers(server)).adminCookie)
    const preview = await store.inject('GET', '/preview', { headers: { 'accept-language': 'en' } })
    expect(preview.statusCode).toBe(409)
    expect(preview.json<{ message: string }>().message).toContain('it has no .server folder')
  })

  it('draws the served version again when a project its carousel shows changes in the catalogue', async () => {
    const app = apps[0]
    if (!app) throw new Error('A store was started')
    await database.db.insert(projects).values({ id: 'carousel-pick', title: 'Antes del cambio' })
    const content = versionOne()
    content.landing.carousel.apps = [
      { source: 'project', projectId: 'carousel-pick' },
      ...content.landing.carousel.apps.slice(0, 2),
    ]
    await addVersionElsewhere(content)
    const shows = (text: string) => async () => (await landing(app)).includes(text)
    await waitFor(shows('Antes del cambio'), 5 * WITHIN_A_SECOND_MS)
    expect(await landing(app)).toContain('<p class="app">Antes del cambio</p>')

    // Edited in the catalogue (by the console, the CLI or another process): no new version is needed.
    await database.db
      .update(projects)
      .set({ title: 'Después del cambio' })
      .where(eq(projects.id, 'carousel-pick'))
    await waitFor(shows('Después del cambio'), 10 * WITHIN_A_SECOND_MS)
    expect(await landing(app)).toContain('<p class="app">Después del cambio</p>')
    expect(await landing(app)).not.toContain('Antes del cambio')

    // Deleted: the carousel goes on without it.
    await database.db.delete(projects).where(eq(projects.id, 'carousel-pick'))
    await waitFor(async () => !(await landing(app)).includes('Después del cambio'), 10 * WITHIN_A_SECOND_MS)
    expect(await landing(app)).not.toContain('Después del cambio')
    expect(await landing(app)).toContain('<p class="app">')
  })
})
