import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUserRepository } from '../../src/account/user-repository'
import { createMember } from '../support/factories'
import { signInConsoleCallers } from '../support/console-callers'
import { daysAgo, insertOrder } from '../support/purchases'
import { startTestServer, type TestServer } from '../support/test-app'

const SECRETS = { stripe: 'whsec_do-not-show-1234', smtpPassword: 'smtp-pass-do-not-show' }
let server: TestServer
let adminCookie = ''
let memberCookie = ''

beforeAll(async () => {
  server = await startTestServer({
    config: {
      publicOrigin: 'https://tienda.example.test',
      checkoutUrl: 'https://pay.example.test/checkout',
      webhookSecrets: { stripe: SECRETS.stripe },
      smtpUrl: `smtp://owner:${SECRETS.smtpPassword}@mail.example.test:587`,
    },
  })
  ;({ adminCookie, memberCookie } = await signInConsoleCallers(server))
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
    expect(response.body).not.toContain(SECRETS.stripe)
    expect(response.body).not.toContain(SECRETS.smtpPassword)
  })
})
