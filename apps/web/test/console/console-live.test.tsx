import { act, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { showLanguage } from '../../src/lib/i18n'
import type { LiveEvent, LiveOptions, LiveState } from '../../src/lib/realtime'
import { orderNotice } from '../../src/features/console-live/model/order-event'
import { readSaleNoticesOn, SALE_NOTICES_KEY } from '../../src/features/console-live/model/notice-preference'
import { account, client, resetFakeBackend } from '../support/fake-backend'
import { user } from '../support/mfa-models'
import { renderApp } from '../support/render-app'

// The console's calls build their address from the SDK's endpoint, which the shared fake leaves out.
vi.mock('../../src/lib/backend', async () => ({
  ...(await import('../support/fake-backend')),
  endpoint: 'http://localhost:3000/v1',
}))

/** The page's live connection, held by the test: what the console subscribed to, and its state. */
const live = vi.hoisted(() => ({
  options: null as LiveOptions<unknown> | null,
  state: 'live' as LiveState,
}))
vi.mock('../../src/lib/realtime', () => ({
  useLive: (options: LiveOptions<unknown>) => {
    live.options = options
  },
  useLiveState: () => live.state,
}))

/** The server sends an event on the console's channels, as `console.orders` names a paid order. */
function send(
  event: Partial<LiveEvent<unknown>> & Pick<LiveEvent<unknown>, 'events' | 'channels' | 'payload'>,
) {
  const options = live.options
  if (!options?.enabled) throw new Error('The console is not subscribed')
  act(() => options.onEvent({ timestamp: '2026-03-01 10:00:00.000', subscriptions: [], ...event }))
}

const orderEvent = (id: string, action: 'paid' | 'refunded' | 'disputed', data: object = {}) => ({
  events: [`orders.${id}.${action}`, `orders.*.${action}`, `orders.${id}`, 'orders.*'],
  channels: ['console.orders', `console.orders.${id}`],
  payload: {
    $id: id,
    orderId: id,
    provider: 'stripe',
    status: action,
    email: 'ana@example.com',
    name: 'Ana García',
    amount: 2500,
    currency: 'USD',
    ...data,
  },
})

const order = (id: string, email: string) => ({
  id,
  provider: 'stripe',
  providerOrderId: `pi_${id}`,
  status: 'paid',
  email,
  name: '',
  product: '',
  productId: null,
  amount: 2500,
  currency: 'USD',
  language: 'es',
  userId: null,
  purchasedAt: '2026-03-01T10:00:00.000Z',
  createdAt: '2026-03-01T10:00:00.000Z',
  note: '',
  access: 'granted',
  accessDetail: [],
})

/** The orders the server has. */
let orders = [order('o-1', 'bruno@example.com')]
/** Each call the console made to the store: its path and query. */
const asked: { path: string; params: Record<string, unknown> }[] = []
const askedFor = (path: string) => asked.filter((call) => call.path === path).map((call) => call.params)

/** What the store answers; the console's other calls never answer. */
function serveConsole(mfaRequired = false) {
  const answers: Record<string, () => unknown> = {
    '/v1/store/mfa-policy': () => ({ required: mfaRequired }),
    '/v1/store/orders': () => ({ total: orders.length, orders }),
    '/v1/users': () => ({ total: 0, users: [] }),
    '/v1/store/settings': () => ({ readyToSell: false, items: [] }),
  }
  client.call.mockImplementation((_method: string, url: URL, _headers: object, params: object = {}) => {
    asked.push({ path: url.pathname, params: { ...params } })
    const answer = answers[url.pathname]
    return answer ? Promise.resolve(answer()) : new Promise(() => {})
  })
}

function open(path: string) {
  window.history.replaceState(null, '', path)
  return renderApp(path)
}

beforeEach(async () => {
  resetFakeBackend()
  await showLanguage('en')
  live.options = null
  live.state = 'live'
  orders = [order('o-1', 'bruno@example.com')]
  asked.length = 0
  account.get.mockResolvedValue(user({ labels: ['admin'], mfa: false }))
  serveConsole()
})

describe('the console kept current (issue 45)', () => {
  it('reads the orders again where the owner is, and tells of the sale politely until dismissed', async () => {
    const app = open('/admin/orders?status=paid&offset=25')
    expect(await screen.findByText('bruno@example.com')).toBeVisible()
    expect(live.options?.channels).toEqual(['console.orders', 'console.members', 'console.readiness'])
    const regions = screen.getAllByRole('status')
    expect(regions.every((region) => region.textContent === '')).toBe(true)
    const before = askedFor('/v1/store/orders').length

    orders = [order('o-2', 'ana@example.com'), ...orders]
    send(orderEvent('o-2', 'paid'))
    const notice = await screen.findByText('New sale: $25.00 — ana@example.com')
    // Said in a region that was there, empty, before the news: screen readers announce it.
    expect(regions).toContain(notice.closest('[role="status"]'))
    expect(await screen.findByText('ana@example.com')).toBeVisible()
    const again = askedFor('/v1/store/orders').slice(before)
    expect(again.length).toBeGreaterThan(0)
    for (const params of again) expect(params).toMatchObject({ status: 'paid', offset: 25 })
    expect(app.router.state.location.search).toBe('?status=paid&offset=25')

    expect(screen.getByRole('link', { name: 'View order' })).toHaveAttribute(
      'href',
      '/admin/orders?order=o-2',
    )
    await app.user.click(screen.getByRole('button', { name: 'Dismiss notice' }))
    expect(screen.queryByText(/New sale/)).toBeNull()

    send(orderEvent('o-1', 'refunded', { email: null, name: 'Bruno', amount: null }))
    expect(await screen.findByText('Refund: Bruno')).toBeVisible()
  })

  it('shows no notice once switched off, remembered in this browser, and still reads the figures again', async () => {
    const app = open('/admin/orders')
    await screen.findByText('bruno@example.com')
    const notices = screen.getByRole('switch', { name: 'Sale notices' })
    expect(notices).toHaveAttribute('aria-checked', 'true')
    send(orderEvent('o-2', 'paid'))
    await screen.findByText(/New sale/)

    await app.user.click(notices)
    expect(notices).toHaveAttribute('aria-checked', 'false')
    expect(localStorage.getItem(SALE_NOTICES_KEY)).toBe('off')
    expect(screen.queryByText(/New sale/)).toBeNull()
    const before = askedFor('/v1/store/orders').length
    send(orderEvent('o-3', 'paid', { email: 'carla@example.com' }))
    await waitFor(() => expect(askedFor('/v1/store/orders').length).toBeGreaterThan(before))
    expect(screen.queryByText(/carla@example.com/)).toBeNull()

    await app.user.click(notices)
    expect(localStorage.getItem(SALE_NOTICES_KEY)).toBe('on')
  })

  it('reads what the console shows again when the connection comes back, and says when it is not live', async () => {
    live.state = 'lost'
    open('/admin/orders')
    await screen.findByText('bruno@example.com')
    expect(screen.getByText('Reconnecting… figures may be out of date')).toBeVisible()
    const before = askedFor('/v1/store/orders').length
    act(() => live.options?.onReconnect?.())
    await waitFor(() => expect(askedFor('/v1/store/orders').length).toBeGreaterThan(before))
  })

  it('reads the members again on a member’s event, with the same search, and tells nothing', async () => {
    open('/admin/members?q=ana&status=blocked')
    await waitFor(() => expect(askedFor('/v1/users')).toHaveLength(1))
    const [first] = askedFor('/v1/users')
    send({
      events: ['users.u-7.create', 'users.*.create', 'users.u-7', 'users.*'],
      channels: ['console.members'],
      payload: { $id: 'u-7', userId: 'u-7', email: 'dora@example.com' },
    })
    await waitFor(() => expect(askedFor('/v1/users')).toHaveLength(2))
    expect(askedFor('/v1/users')[1]).toEqual(first)
    expect(screen.queryByText(/dora@example.com/)).toBeNull()
  })

  it('reads whether the store can sell again on a readiness event', async () => {
    open('/admin')
    await waitFor(() => expect(askedFor('/v1/store/settings')).toHaveLength(1))
    send({
      events: ['readiness.stripe.update', 'readiness.*.update'],
      channels: ['console.readiness'],
      payload: { $id: 'stripe' },
    })
    await waitFor(() => expect(askedFor('/v1/store/settings')).toHaveLength(2))
  })

  it('says it in Spanish', async () => {
    await showLanguage('es')
    open('/admin/orders')
    await screen.findByText('bruno@example.com')
    expect(screen.getByText('En vivo')).toBeVisible()
    const header = screen.getByRole('switch', { name: 'Avisos de ventas' })
    expect(header).toHaveAttribute('aria-checked', 'true')
    send(orderEvent('o-2', 'paid'))
    expect(await screen.findByText(/^Nueva venta: 25,00\sUS\$ — ana@example\.com$/)).toBeVisible()
    expect(screen.getByRole('link', { name: 'Ver pedido' })).toBeVisible()
    send(orderEvent('o-2', 'disputed'))
    expect(await screen.findByText(/^Disputa: /)).toBeVisible()
  })

  it('does not subscribe an admin the store still asks for a second factor', async () => {
    serveConsole(true)
    open('/admin')
    await screen.findByRole('heading', { name: 'Turn on two-step verification to use the console' })
    expect(live.options?.enabled).toBe(false)
    expect(screen.queryByRole('switch', { name: 'Sale notices' })).toBeNull()
  })
})

describe('an order’s event', () => {
  it('is a sale, a refund or a dispute, with what the notice shows', () => {
    expect(orderNotice({ timestamp: '', subscriptions: [], ...orderEvent('o-9', 'paid') })).toEqual({
      change: 'sale',
      orderId: 'o-9',
      email: 'ana@example.com',
      name: 'Ana García',
      amount: 2500,
      currency: 'USD',
    })
    expect(orderNotice({ timestamp: '', subscriptions: [], ...orderEvent('o-9', 'refunded') })?.change).toBe(
      'refund',
    )
  })

  it('is nothing the notice can show when it is another event or unreadable', () => {
    const member = { events: ['users.u-1.create'], channels: ['console.members'], payload: { $id: 'u-1' } }
    expect(orderNotice({ timestamp: '', subscriptions: [], ...member })).toBeNull()
    const unreadable = { ...orderEvent('o-9', 'paid'), payload: { $id: 7, amount: 'lots' } }
    expect(orderNotice({ timestamp: '', subscriptions: [], ...unreadable })).toBeNull()
  })
})

describe('the sale notices’ switch in storage', () => {
  it('is on unless it says off: a missing, corrupt or foreign value is on', () => {
    expect(readSaleNoticesOn()).toBe(true)
    for (const value of ['{"on":false}', 'false', 'OFF', '', '0']) {
      localStorage.setItem(SALE_NOTICES_KEY, value)
      expect(readSaleNoticesOn(), value).toBe(true)
    }
    localStorage.setItem(SALE_NOTICES_KEY, 'off')
    expect(readSaleNoticesOn()).toBe(false)
  })

  it('is on when storage cannot be read', () => {
    const read = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError')
    })
    try {
      expect(readSaleNoticesOn()).toBe(true)
    } finally {
      read.mockRestore()
    }
  })
})
