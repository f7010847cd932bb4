import { Query } from 'appwrite'
import { readinessItemSchema } from '@pg/shared/readiness'
import { z } from 'zod'
import { sql } from 'drizzle-orm'
import { PROJECT_CARD_FIELDS } from '@pg/shared/constants'
import { TEXT_SEARCH_ATTRIBUTE } from '@pg/shared/search-text'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUserRepository } from '../../src/members/account/user-repository'
import { sweepExpired } from '../../src/platform/db/housekeeping'
import { createMember } from '../support/factories'
import { listUrl, signIn } from '../support/inject'
import { signInConsoleCallers } from '../support/console-callers'
import { daysAgo, insertOrder } from '../support/purchases'
import { startTestServer, type TestServer } from '../support/test-app'

const SECRETS = { stripe: 'whsec_do-not-show-1234', smtpPassword: 'smtp-pass-do-not-show' }
let server: TestServer
let adminCookie = ''
let memberCookie = ''
let memberId = ''

beforeAll(async () => {
  server = await startTestServer({
    config: {
      publicOrigin: 'https://tienda.example.test',
      checkoutUrl: 'https://pay.example.test/checkout',
      webhookSecrets: { stripe: SECRETS.stripe },
      smtpUrl: `smtp://owner:${SECRETS.smtpPassword}@mail.example.test:587`,
    },
  })
  const callers = await signInConsoleCallers(server)
  ;({ adminCookie, memberCookie } = callers)
  memberId = callers.member.id
})
afterAll(() => server.close())

const get = (url: string, cookie = adminCookie) =>
  server.app.inject({ method: 'GET', url, headers: { cookie } })

describe('the console’s overview and settings', () => {
  it('are for admins only', async () => {
    for (const url of ['/v1/store/overview', '/v1/store/settings'])
      for (const cookie of ['', memberCookie])
        expect((await get(url, cookie)).json(), url).toMatchObject({ type: 'user_unauthorized' })
  })

  it('counts members, live sessions, the last 30 days of sales by day, and the most favourited projects', async () => {
    const users = createUserRepository(server.database.db)
    const fan = await createMember(server.database)
    const another = await createMember(server.database)
    const disabled = await createMember(server.database)
    await users.setEnabled(disabled.id, false)
    await users.update(fan.id, { prefs: { favoriteProjects: ['demo-0002', 'demo-0001'] } })
    await users.update(another.id, { prefs: { favoriteProjects: ['demo-0002', 'not-a-project'] } })
    await insertOrder(server.database, {
      userId: fan.id,
      amount: 2500,
      currency: 'USD',
      purchasedAt: new Date(),
    })
    await insertOrder(server.database, {
      userId: another.id,
      amount: 2500,
      currency: 'USD',
      purchasedAt: daysAgo(3),
    })
    await insertOrder(server.database, { userId: null, amount: 9900, purchasedAt: daysAgo(45) })
    await insertOrder(server.database, {
      userId: null,
      amount: 9900,
      status: 'refunded',
      purchasedAt: new Date(),
    })

    const overview = (await get('/v1/store/overview')).json()
    expect(overview.members).toEqual({ active: 4, blocked: 0, disabled: 1, liveSessions: 2 })
    expect(overview.sales.days).toHaveLength(30)
    expect(overview.sales.days.at(-1)).toMatchObject({
      day: new Date().toISOString().slice(0, 10),
      orders: 1,
      revenue: { USD: 2500 },
    })
    expect(overview.sales).toMatchObject({ orders: 2, revenue: { USD: 5000 } })
    expect(overview.catalogue.projects).toBeGreaterThan(0)
    expect(overview.mostFavourited.slice(0, 2)).toEqual([
      { projectId: 'demo-0002', title: expect.any(String), members: 2 },
      { projectId: 'demo-0001', title: expect.any(String), members: 1 },
    ])
  })

  it('say what is set and what is missing for going live, never a secret', async () => {
    const response = await get('/v1/store/settings')
    expect(response.statusCode).toBe(200)
    const body = response.json<{
      readyToSell: boolean
      items: { key: string; status: string; detail: string }[]
    }>()
    const byKey = Object.fromEntries(body.items.map((item) => [item.key, item]))
    expect(byKey.PUBLIC_ORIGIN).toMatchObject({ status: 'ok', detail: 'https://tienda.example.test' })
    expect(byKey.CHECKOUT_URL?.status).toBe('ok')
    expect(byKey.SUPPORT_EMAIL?.status).toBe('missing')
    expect(byKey.payments).toMatchObject({ status: 'ok', detail: expect.stringContaining('stripe') })
    expect(byKey.SMTP_URL).toMatchObject({ status: 'ok', detail: 'smtp://mail.example.test:587' })
    expect(byKey['download-file']?.status).toBe('missing')
    expect(byKey.backups?.status).toMatch(/ok|info/)
    expect(body.readyToSell).toBe(false)
    // Each line's meaning as a code the console says in its language (decision 066), its value apart.
    const lines = z.array(readinessItemSchema).parse(body.items)
    const meaning = Object.fromEntries(lines.map(({ key, value, state }) => [key, { value, state }]))
    expect(meaning.PUBLIC_ORIGIN).toEqual({ value: 'https://tienda.example.test', state: null })
    expect(meaning.SUPPORT_EMAIL).toEqual({ value: null, state: { text: 'notSet' } })
    expect(meaning.payments?.state).toMatchObject({
      text: 'paymentsOk',
      providers: expect.arrayContaining(['stripe']),
    })
    expect(meaning['download-file']?.state?.text).toMatch(
      /^(notSet|fileMissing|fileNotAFile|fileUnreadable)$/,
    )
    expect(response.body).not.toContain(SECRETS.stripe)
    expect(response.body).not.toContain(SECRETS.smtpPassword)
  })
})

describe('the searches that found nothing', () => {
  interface Logged {
    term: string
    count: number
    lastSearchedAt: string
  }
  const CARDS = Query.select([...PROJECT_CARD_FIELDS])
  /** The gallery's search as the member's browser sends it: its cards, a page of 20. */
  async function gallerySearch(text: string, ...more: string[]) {
    return gallerySearchBy(memberCookie, text, ...more)
  }
  async function gallerySearchBy(cookie: string, text: string, ...more: string[]) {
    const response = await get(
      listUrl('projects', [Query.search(TEXT_SEARCH_ATTRIBUTE, text), CARDS, Query.limit(20), ...more]),
      cookie,
    )
    expect(response.statusCode, response.body).toBe(200)
    return response.json<{ documents: { $id: string }[] }>().documents
  }
  const logged = async (): Promise<Logged[]> =>
    (await get('/v1/store/overview')).json<{ searchesWithoutResults: Logged[] }>().searchesWithoutResults

  it('lists the normalised term with how often it was searched, and not a search that found something', async () => {
    const before = Date.now()
    // The same address from three members: answered, then cached, then from the cache (decision 033).
    // A member's term counts once a day however often they search it (decision 058): the first
    // member's second search adds nothing.
    const [second = '', third = ''] = await Promise.all(
      [1, 2].map(async () => (await signIn(server, await createMember(server.database))).cookie),
    )
    for (const [text, cookie] of [
      ['  Zorblax   QUIMERA ', memberCookie],
      ['zorblax quimera', second],
      ['zorblax quimera', memberCookie],
      ['zorblax quimera', third],
    ] as const)
      expect(await gallerySearchBy(cookie, text)).toEqual([])
    const [project] = await server.database.rows(sql`SELECT id, title FROM projects WHERE id = 'demo-0001'`)
    const title = String(project?.title)
    expect((await gallerySearch(title)).length).toBeGreaterThan(0)

    const searches = await logged()
    expect(searches.find((search) => search.term === 'zorblax quimera')).toEqual({
      term: 'zorblax quimera',
      count: 3,
      lastSearchedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*\+00:00$/),
    })
    const last = Date.parse(searches[0]?.lastSearchedAt ?? '')
    expect(last).toBeGreaterThanOrEqual(before - 1000)
    expect(searches.map((search) => search.term)).not.toContain(title.toLowerCase())
  })

  it('counts only the first page of the gallery’s cards, never who searched', async () => {
    await gallerySearch('zorblax quimera', Query.offset(20))
    // The console's projects table searches with its own select: an admin's search is not a member's.
    const console = await get(
      listUrl('projects', [Query.search(TEXT_SEARCH_ATTRIBUTE, 'zorblax quimera'), Query.select(['title'])]),
    )
    expect(console.statusCode).toBe(200)
    await gallerySearch('!!!')
    const searches = await logged()
    expect(searches.find((search) => search.term === 'zorblax quimera')?.count).toBe(3)
    expect(searches.map((search) => search.term)).not.toContain('!!!')

    const rows = await server.database.rows(sql`SELECT * FROM searches_without_results`)
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(['count', 'day', 'last_searched_at', 'term'])
    expect(JSON.stringify(rows)).not.toContain(memberId)
  })

  it('shows the last 30 days, most searched first, and housekeeping keeps 90 days', async () => {
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10)
    for (const [ago, term, count] of [
      [2, 'blorptek', 50],
      [12, 'blorptek', 7],
      [40, 'viejo olvidado', 500],
      [100, 'muy viejo', 900],
    ] as const)
      await server.database.rows(sql`
        INSERT INTO searches_without_results (day, term, count, last_searched_at)
        VALUES (${day(ago)}, ${term}, ${count}, now() - make_interval(days => ${ago}))`)
    const searches = await logged()
    expect(searches[0]).toMatchObject({ term: 'blorptek', count: 57 })
    expect(searches.map((search) => search.term)).not.toContain('viejo olvidado')
    expect(searches.length).toBeLessThanOrEqual(10)

    await sweepExpired(server.database)
    const kept = await server.database.rows(sql`SELECT DISTINCT term FROM searches_without_results`)
    expect(kept.map((row) => row.term)).toContain('viejo olvidado')
    expect(kept.map((row) => row.term)).not.toContain('muy viejo')
  })
})
