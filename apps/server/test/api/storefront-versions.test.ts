import { rm } from 'node:fs/promises'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInConsoleCallers } from '../support/console-callers'
import { storefrontConsole, versionOne } from '../support/storefront-console'
import { writeStorefrontBuild } from '../support/storefront-build'
import { startTestServer, type TestServer } from '../support/test-app'

/**
 * Issue 41 (decision 073): publishing the draft makes the next version, with the fields it changed and an
 * audit event; the history lists every version; restoring one adds it again as the newest. The pages
 * visitors get follow each version, drawn with a stand-in of the web build's server entry.
 */
let server: TestServer
let webDir = ''
let admin: { email: string; id: string }
let store: ReturnType<typeof storefrontConsole>
/** The day the server's clock says it is. */
const TODAY = '2027-03-04'

beforeAll(async () => {
  webDir = await writeStorefrontBuild()
  server = await startTestServer({ config: { webDir }, now: () => new Date(`${TODAY}T10:00:00Z`) })
  const callers = await signInConsoleCallers(server)
  admin = callers.admin
  store = storefrontConsole(server, callers.adminCookie)
})
afterAll(async () => {
  await server.close()
  await rm(webDir, { recursive: true, force: true })
})

const landingPage = () => server.app.inject({ method: 'GET', url: '/landing-pack-apps' })

interface VersionAnswer {
  version: number
  changed: string[]
  source: string
  restoredFrom: number | null
  actor: { source: string; id?: string; email?: string } | null
  live: boolean
  draftKept?: boolean
}

describe('publishing and restoring the storefront', () => {
  it('starts at version 1, the built-in content, with the build’s own pages', async () => {
    const read = await store.read()
    expect(read.statusCode).toBe(200)
    expect(read.headers.etag).toBe('"0"')
    const body = read.json<{ published: { version: number; content: unknown; actor: null }; draft: null }>()
    expect(body.published.version).toBe(1)
    expect(body.published.actor).toBeNull()
    expect(body.published.content).toEqual(versionOne())
    expect(body.draft).toBeNull()
    expect((await landingPage()).body).toContain('<h1>es:landing-pack-apps.no-checkout</h1>')
  })

  it('publishes the draft as version 2, naming the fields that changed, audited in the same transaction', async () => {
    const content = versionOne()
    content.landing.offer.price.amount = '29'
    const faq = content.faq[2]
    if (!faq) throw new Error('Version 1 has fewer than 3 questions')
    faq.answer.es = 'Una respuesta nueva.'
    const published = await store.saveAndPublish(content)
    expect(published.statusCode, published.body).toBe(201)
    const version = published.json<VersionAnswer>()
    expect(version).toMatchObject({ version: 2, source: 'publish', restoredFrom: null, live: true })
    expect(version.actor).toEqual({ source: 'console', id: admin.id, email: admin.email })
    expect(version.changed).toEqual(['landing.offer.price.amount', 'faq[2].answer.es'])

    const audit = await server.database.rows(
      sql`SELECT action, subject, actor, after FROM audit_events WHERE action = 'storefront.publish'`,
    )
    expect(audit).toEqual([
      {
        action: 'storefront.publish',
        subject: 'storefront/versions/2',
        actor: admin.email,
        after: { version: 2, changed: ['landing.offer.price.amount', 'faq[2].answer.es'] },
      },
    ])
    // The draft is gone; the published content is version 2's.
    const read = (await store.read()).json<{ published: { version: number }; draft: null }>()
    expect(read).toMatchObject({ published: { version: 2 }, draft: null })
  })

  it('serves the new pages at once, with a new ETag, in both languages', async () => {
    const page = await landingPage()
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('es:landing-pack-apps.no-checkout drawn')
    // "29 US$" as Intl writes it in Spanish: a no-break space between the amount and the currency.
    expect(page.body).toContain('29\u00a0US$')
    expect(page.body).toContain('Una respuesta nueva.')
    // The placeholders are still filled in by the page store.
    expect(page.body).not.toContain('__PG_')
    const english = await server.app.inject({ method: 'GET', url: '/landing-pack-apps?lang=en' })
    expect(english.body).toContain('$29')
    const again = await landingPage()
    expect(again.headers.etag).toBe(page.headers.etag)
  })

  it('restores version 1 as version 3, equal to it, and serves the build’s pages again', async () => {
    const restored = await store.restore(1)
    expect(restored.statusCode, restored.body).toBe(201)
    const version = restored.json<VersionAnswer>()
    expect(version).toMatchObject({
      version: 3,
      source: 'restore',
      restoredFrom: 1,
      draftKept: false,
      live: true,
    })
    expect(version.changed).toEqual(['landing.offer.price.amount', 'faq[2].answer.es'])
    expect((await store.version(3)).json<{ content: unknown }>().content).toEqual(versionOne())
    expect((await landingPage()).body).toContain('<h1>es:landing-pack-apps.no-checkout</h1>')
    const audit = await server.database.rows(
      sql`SELECT after FROM audit_events WHERE action = 'storefront.restore'`,
    )
    expect(audit).toEqual([{ after: { version: 3, restoredFrom: 1, changed: version.changed } }])
  })

  it('dates an information page whose text changed with the server’s day, and no other', async () => {
    const content = versionOne()
    content.pages.refundPolicy.body.es += '\n\nUn párrafo más.'
    const published = (await store.saveAndPublish(content)).json<VersionAnswer>()
    expect(published.version).toBe(4)
    expect(published.changed).toEqual(['pages.refundPolicy.body.es', 'pages.refundPolicy.updatedOn'])
    const four = (await store.version(4)).json<{ content: ReturnType<typeof versionOne> }>().content
    expect(four.pages.refundPolicy.updatedOn).toBe(TODAY)
    expect(four.pages.legalTerms.updatedOn).toBe(versionOne().pages.legalTerms.updatedOn)
  })

  it('lists the versions newest first, paged, without their contents', async () => {
    const list = await store.versions('?limit=2')
    expect(list.statusCode).toBe(200)
    const body = list.json<{ total: number; versions: (VersionAnswer & { content?: unknown })[] }>()
    expect(body.total).toBe(4)
    expect(body.versions.map((version) => version.version)).toEqual([4, 3])
    expect(body.versions[0]).not.toHaveProperty('content')
    const older = (await store.versions('?limit=2&offset=2')).json<{ versions: VersionAnswer[] }>().versions
    expect(older.map((version) => version.version)).toEqual([2, 1])
    expect(older[1]).toMatchObject({ version: 1, source: 'default', actor: null, changed: [] })
    expect((await store.versions('?limit=101')).statusCode).toBe(400)
    expect((await store.versions('?offset=-1')).statusCode).toBe(400)
  })

  it('gives one version’s content, and 404 for a version that does not exist', async () => {
    const two = await store.version(2)
    expect(two.statusCode).toBe(200)
    expect(two.json<{ content: ReturnType<typeof versionOne> }>().content.landing.offer.price.amount).toBe(
      '29',
    )
    for (const missing of [99, 0, 'abc', '1.5'])
      expect((await store.version(missing)).json<{ type: string }>().type).toBe('document_not_found')
    expect((await store.restore(77)).json<{ type: string }>().type).toBe('document_not_found')
  })

  it('restores version 2 while a draft is open, keeping the draft and saying so', async () => {
    const draft = versionOne()
    draft.store.tagline.es = 'Un borrador a medias.'
    const opened = await store.revision()
    expect((await store.save(draft, opened)).statusCode).toBe(200)
    const restored = (await store.restore(2)).json<VersionAnswer>()
    expect(restored).toMatchObject({ version: 5, restoredFrom: 2, draftKept: true })
    // Version 4 changed the refund policy: restoring puts version 2's text back, dated today.
    const five = (await store.version(5)).json<{ content: unknown }>().content
    const two = (await store.version(2)).json<{ content: ReturnType<typeof versionOne> }>().content
    expect(five).toEqual({
      ...two,
      pages: { ...two.pages, refundPolicy: { ...two.pages.refundPolicy, updatedOn: TODAY } },
    })
    expect((await landingPage()).body).toContain('29\u00a0US$')
    const read = (await store.read()).json<{
      draft: { revision: number; baseVersion: number; content: unknown }
    }>()
    // Kept as it was: its revision too, so the console editing it goes on saving.
    expect(read.draft).toMatchObject({ revision: opened + 1, baseVersion: 4, content: draft })
  })
})
