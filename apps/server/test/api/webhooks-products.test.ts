import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInConsoleCallers } from '../support/console-callers'
import { createMember } from '../support/factories'
import { signIn } from '../support/inject'
import { startTestServer, type TestServer } from '../support/test-app'
import { hotmartDelivery, lemonSqueezyDelivery, stripeDelivery } from '../support/webhook-deliveries'
import {
  deliverOk,
  orderOf,
  queuedFor,
  startSellingStore,
  storeState,
  WEBHOOK_SECRETS,
} from '../support/webhook-store'

/**
 * Issue 28, item 3: any checkout on the payment account granted the bundle. The owner names what
 * grants access per provider; a delivery for anything else is acknowledged, recorded as an ignored
 * order the owner sees (and may grant by hand), and makes no member and sends no email (decision 057).
 */
const BUNDLE_LINK = 'plink_1BundleGallery'
const BUNDLE_HOTMART = 4_774_438
const BUNDLE_LEMON = 356_789
const { stripe: stripeSecret, hotmart: hottok, lemonsqueezy: lemonSecret } = WEBHOOK_SECRETS

const paidSession = (orderId: string, email: string, extra: Partial<Parameters<typeof stripeDelivery>[0]>) =>
  stripeDelivery({ secret: stripeSecret, type: 'checkout.session.completed', orderId, email, ...extra })

type Server = TestServer
const call = (server: Server, method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  server.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) })
const emailsOfOrder = async (server: Server, orderId: string | undefined) =>
  server.database.rows(sql`SELECT kind FROM email_queue WHERE order_id = ${orderId ?? ''}`)
const readiness = async (server: Server, cookie: string) => {
  const response = await call(server, 'GET', '/v1/store/settings', cookie)
  expect(response.statusCode, response.body).toBe(200)
  const items = response.json<{ items: { key: string; status: string; detail: string }[] }>().items
  return Object.fromEntries(items.map(({ key, ...item }) => [key, item]))
}

describe('with the products named', () => {
  let server: Server
  let adminCookie = ''

  beforeAll(async () => {
    ;({ server } = await startSellingStore({
      productIds: {
        stripe: [BUNDLE_LINK],
        hotmart: [String(BUNDLE_HOTMART)],
        lemonsqueezy: [String(BUNDLE_LEMON)],
      },
    }))
    ;({ adminCookie } = await signInConsoleCallers(server))
  })
  afterAll(() => server.close())

  it('acknowledges another Payment Link’s session as an ignored order: no member, no email, on the console’s list', async () => {
    const before = await storeState(server)
    const answer = await deliverOk(
      server,
      paidSession('pi_other_link', 'otro@example.com', { paymentLink: 'plink_1LeadMagnet', amount: 100 }),
    )
    const apiSession = await deliverOk(
      server,
      paidSession('pi_api_session', 'api@example.com', { paymentLink: null, amount: 2500 }),
    )
    const after = await storeState(server)
    expect(after.users).toEqual(before.users)
    expect(after.queued).toBe(before.queued)
    expect(answer).toMatchObject({ received: true, handled: true, status: 'paid', access: 'ignored' })
    expect(apiSession).toMatchObject({ access: 'ignored' })
    expect(await orderOf(server, 'stripe', 'pi_other_link')).toMatchObject({
      status: 'paid',
      userId: null,
      productId: 'plink_1LeadMagnet',
      access: 'ignored',
      accessDetail: ['product'],
    })
    const listed = await call(server, 'GET', '/v1/store/orders?access=ignored', adminCookie)
    expect(listed.json<{ orders: { email: string; access: string }[] }>().orders).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: 'otro@example.com', access: 'ignored' }),
        expect.objectContaining({ email: 'api@example.com', access: 'ignored' }),
      ]),
    )
  })

  it('grants the named products, in every provider, even a session a 100 % coupon made free', async () => {
    await deliverOk(server, paidSession('pi_bundle', 'bundle@example.com', { paymentLink: BUNDLE_LINK }))
    await deliverOk(
      server,
      paidSession('cs_bundle_coupon', 'cupon@example.com', {
        paymentLink: BUNDLE_LINK,
        amount: 0,
        paymentStatus: 'no_payment_required',
      }),
    )
    const approved = { hottok, event: 'PURCHASE_APPROVED' }
    await deliverOk(
      server,
      hotmartDelivery({ ...approved, transaction: 'HP_BUNDLE', email: 'hot@example.com' }),
    )
    await deliverOk(
      server,
      lemonSqueezyDelivery({
        secret: lemonSecret,
        event: 'order_created',
        orderId: '80001',
        email: 'lemon@example.com',
        productId: BUNDLE_LEMON,
      }),
    )
    for (const email of ['bundle@example.com', 'cupon@example.com', 'hot@example.com', 'lemon@example.com']) {
      expect(await queuedFor(server, email), email).toMatchObject([{ kind: 'welcome' }])
    }
    expect(await orderOf(server, 'hotmart', 'HP_BUNDLE')).toMatchObject({ access: 'granted' })
  })

  it('ignores another Hotmart or Lemon Squeezy product; its refund changes no member, even one with that email', async () => {
    const member = await createMember(server.database)
    const { cookie } = await signIn(server, member)
    const other = { hottok, transaction: 'HP_OTHER', email: member.email, productId: 1_234_567 }
    await deliverOk(server, hotmartDelivery({ ...other, event: 'PURCHASE_APPROVED' }))
    const lemon = { secret: lemonSecret, orderId: '80002', email: 'limon@example.com', productId: 999 }
    await deliverOk(server, lemonSqueezyDelivery({ ...lemon, event: 'order_created' }))

    const ignored = await orderOf(server, 'hotmart', 'HP_OTHER')
    expect(await emailsOfOrder(server, ignored?.id)).toEqual([])
    expect(ignored).toMatchObject({ access: 'ignored', userId: null, productId: '1234567' })
    expect(await orderOf(server, 'lemonsqueezy', '80002')).toMatchObject({ access: 'ignored', userId: null })
    expect((await storeState(server)).users.map((user) => user.email)).not.toContain('limon@example.com')

    await deliverOk(server, hotmartDelivery({ ...other, event: 'PURCHASE_REFUNDED' }))
    await deliverOk(server, lemonSqueezyDelivery({ ...lemon, event: 'order_refunded', status: 'refunded' }))
    expect(await orderOf(server, 'hotmart', 'HP_OTHER')).toMatchObject({
      status: 'refunded',
      access: 'ignored',
    })
    const account = await server.app.inject({ method: 'GET', url: '/v1/account', headers: { cookie } })
    expect(account.statusCode).toBe(200)
  })

  it('lets the owner grant an ignored order by hand: a member and their welcome, audited, once', async () => {
    await deliverOk(
      server,
      paidSession('pi_by_hand', 'a-mano@example.com', { paymentLink: 'plink_1OldLink' }),
    )
    const order = await orderOf(server, 'stripe', 'pi_by_hand')
    const granted = await call(server, 'POST', `/v1/store/orders/${order?.id ?? ''}/grant`, adminCookie)
    expect(granted.statusCode, granted.body).toBe(200)
    expect(granted.json()).toMatchObject({ access: 'granted', status: 'paid', userId: expect.any(String) })
    expect(await queuedFor(server, 'a-mano@example.com')).toMatchObject([{ kind: 'welcome' }])
    const shown = await call(server, 'GET', `/v1/store/orders/${order?.id ?? ''}`, adminCookie)
    expect(shown.json<{ events: { type: string; access: string }[] }>().events).toMatchObject([
      { type: 'checkout.session.completed', access: 'ignored' },
      { type: 'access granted by the owner', access: 'granted' },
    ])
    const audit = await call(
      server,
      'GET',
      `/v1/store/audit?queries[0]=${encodeURIComponent(JSON.stringify({ method: 'equal', attribute: 'subject', values: [`orders/${order?.id ?? ''}`] }))}`,
      adminCookie,
    )
    expect(audit.json()).toMatchObject({
      events: [{ action: 'order.grant', before: { access: 'ignored', accessDetail: ['product'] } }],
    })

    const again = await call(server, 'POST', `/v1/store/orders/${order?.id ?? ''}/grant`, adminCookie)
    expect(again.statusCode).toBe(400)
    expect(again.json()).toMatchObject({ type: 'general_argument_invalid' })
    const unknown = await call(server, 'POST', '/v1/store/orders/nope/grant', adminCookie)
    expect(unknown.json()).toMatchObject({ type: 'order_not_found' })
  })

  it('says on the readiness list which products grant access', async () => {
    expect(await readiness(server, adminCookie)).toMatchObject({
      STRIPE_PAYMENT_LINK_IDS: { status: 'ok', detail: BUNDLE_LINK },
      HOTMART_PRODUCT_IDS: { status: 'ok', detail: String(BUNDLE_HOTMART) },
      LEMONSQUEEZY_PRODUCT_IDS: { status: 'ok', detail: String(BUNDLE_LEMON) },
    })
  })
})

describe('without products named', () => {
  let server: Server
  let adminCookie = ''

  beforeAll(async () => {
    ;({ server } = await startSellingStore())
    ;({ adminCookie } = await signInConsoleCallers(server))
  })
  afterAll(() => server.close())

  it('grants any paid order of the account as before, but not a checkout where nothing was paid', async () => {
    await deliverOk(
      server,
      hotmartDelivery({ hottok, event: 'PURCHASE_APPROVED', email: 'cualquiera@example.com', productId: 42 }),
    )
    expect(await queuedFor(server, 'cualquiera@example.com')).toMatchObject([{ kind: 'welcome' }])
    await deliverOk(
      server,
      paidSession('cs_free', 'gratis@example.com', { amount: 0, paymentStatus: 'no_payment_required' }),
    )
    expect(await queuedFor(server, 'gratis@example.com')).toEqual([])
    expect(await orderOf(server, 'stripe', 'cs_free')).toMatchObject({
      status: 'paid',
      access: 'ignored',
      accessDetail: ['free'],
      userId: null,
    })
  })

  it('says on the readiness list that every paid order grants access, where the webhook is on', async () => {
    const items = await readiness(server, adminCookie)
    for (const key of ['STRIPE_PAYMENT_LINK_IDS', 'HOTMART_PRODUCT_IDS', 'LEMONSQUEEZY_PRODUCT_IDS']) {
      expect(items[key], key).toMatchObject({
        status: 'missing',
        detail: expect.stringMatching(/^Not set: every paid/),
      })
    }
  })
})

describe('without a webhook', () => {
  let server: Server
  let adminCookie = ''

  beforeAll(async () => {
    server = await startTestServer()
    ;({ adminCookie } = await signInConsoleCallers(server))
  })
  afterAll(() => server.close())

  it('notes on the readiness list that every paid order would grant access once the webhook is on', async () => {
    expect((await readiness(server, adminCookie)).HOTMART_PRODUCT_IDS).toMatchObject({
      status: 'info',
      detail: expect.stringMatching(/^Not set: .*once its webhook is on/),
    })
  })
})
