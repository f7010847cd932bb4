import { eq } from 'drizzle-orm'
import { formatMoney } from '@pg/shared/money'
import { createUserRepository } from '../members/account/user-repository'
import { toAppwriteDate } from '../platform/appwrite/dates'
import { emailQueue } from '../platform/db/schema'
import { PRODUCT_SETTINGS } from '../selling/orders/granting-orders'
import { MANUAL_PROVIDER } from '../selling/orders/order-event'
import { dateOf, eventJson, orderJson } from '../selling/orders/order-models'
import type { OrderEventRow, OrderRow } from '../selling/orders/order-repository'
import type { AdminContext } from './admin-context'
import { done, type AdminRequest, type AdminResult } from './admin-request'
import { ordersToCsv } from './orders-csv'
import { counted, formatTable } from './text-table'

type OrdersRequest = Extract<AdminRequest, { command: `orders ${string}` }>

/**
 * "$25.00", "€19.90", "¥3,000" from an amount in minor units; the bare number and code for a currency
 * Intl does not know; empty when the provider gave no amount.
 */
const formatAmount = (amount: number | null, currency: string | null) =>
  amount === null ? '' : (formatMoney(amount, currency, 'en-US') ?? `${amount} ${currency ?? ''}`.trim())

const json = (value: unknown) => done(`${JSON.stringify(value, null, 2)}\n`)
export async function runOrdersCommand(context: AdminContext, request: OrdersRequest): Promise<AdminResult> {
  const { orders } = context
  switch (request.command) {
    case 'orders list': {
      const rows = await orders.list({
        status: request.status,
        access: request.access,
        provider: request.provider,
      })
      if (request.json) return json(rows.map(orderJson))
      if (rows.length === 0) return done('No orders.\n')
      const table = formatTable([
        ['ID', 'DATE', 'STATUS', 'PROVIDER', 'EMAIL', 'AMOUNT', 'PRODUCT'],
        ...rows.map((order) => [
          order.id,
          toAppwriteDate(order.purchasedAt ?? order.createdAt).slice(0, 10),
          order.status,
          order.provider,
          order.email ?? '',
          formatAmount(order.amount, order.currency),
          order.product,
        ]),
      ])
      return done(`${table}${counted(rows.length, 'order')}.\n`)
    }
    case 'orders show': {
      const { order, events } = await orders.show(request.id)
      if (request.json) return json({ ...orderJson(order), events: events.map(eventJson) })
      return done(describeOrder(order, events))
    }
    case 'orders grant': {
      const { order } = await orders.grant(request)
      return done(`Granted order ${order.id} to ${request.email}. ${await queuedText(context, order)}\n`)
    }
    case 'orders grant-ignored': {
      const { order } = await orders.grantIgnored(request.id, { email: request.email })
      return done(`Granted order ${order.id} to ${order.email ?? ''}: ${await queuedText(context, order)}\n`)
    }
    case 'orders refund': {
      const { order, sessionsEnded } = await orders.recordRefund(request.id)
      const member = order.userId
        ? await createUserRepository(context.database.db).findById(order.userId)
        : undefined
      const recorded = `Order ${order.id} recorded as refunded`
      if (!member || (order.access !== 'kept' && order.access !== 'ended'))
        return done(`${recorded}; no member held access through it.\n`)
      if (order.access === 'kept') {
        return done(`${recorded}; ${member.email} keeps access through ${keptText(order.accessDetail)}.\n`)
      }
      return done(
        `${recorded}: access of ${member.email} ended; ${counted(sessionsEnded, 'session')} ended.\n`,
      )
    }
    case 'orders export':
      return done(ordersToCsv(await orders.list()))
  }
}

/** What a granted order queued says what happened: a welcome for a new member, a note for an existing one. */
async function queuedText(context: AdminContext, order: OrderRow): Promise<string> {
  const [queued] = await context.database.db
    .select({ kind: emailQueue.kind })
    .from(emailQueue)
    .where(eq(emailQueue.orderId, order.id))
    .limit(1)
  if (queued?.kind === 'welcome')
    return 'New member created; a welcome email with a link to choose their password is queued.'
  if (queued?.kind === 'purchase') return 'Already a member (password unchanged); a purchase email is queued.'
  return `${order.email ?? ''} is disabled, so no email was queued; run users enable to let them in.`
}

const KEPT_BY: Record<string, string> = {
  owner: 'the owner’s grant',
  admin: 'the admin label',
  order: 'another paid order',
}
const IGNORED_BECAUSE: Record<string, (order: OrderRow) => string> = {
  product: (order) =>
    `its product (${order.productId ?? 'none named'}) is not in ${order.provider === MANUAL_PROVIDER ? 'the settings' : PRODUCT_SETTINGS[order.provider]}`,
  email: () => 'its buyer email is not one valid address',
  free: () => 'nothing was paid',
}
const keptText = (detail: string[]) => detail.map((source) => KEPT_BY[source] ?? source).join(' and ')

/** What the order (or one of its events) did to the buyer's access, in a few words. */
function accessText(order: OrderRow, access: OrderRow['access'], detail: string[]): string {
  switch (access) {
    case null:
      return '—'
    case 'kept':
      return `kept through ${keptText(detail)}`
    case 'ignored':
      return `ignored: ${detail.map((reason) => IGNORED_BECAUSE[reason]?.(order) ?? reason).join('; ')}`
    default:
      return access
  }
}

function describeOrder(order: OrderRow, events: OrderEventRow[]): string {
  const facts = formatTable([
    ['Order:', order.id],
    ['Status:', order.status],
    ['Provider:', `${order.provider} (order ${order.providerOrderId})`],
    ['Buyer:', [order.name, order.email ? `<${order.email}>` : ''].filter(Boolean).join(' ') || '—'],
    ['Member id:', order.userId ?? '—'],
    [
      'Product:',
      [order.product, order.productId ? `(${order.productId})` : ''].filter(Boolean).join(' ') || '—',
    ],
    ['Amount:', formatAmount(order.amount, order.currency) || '—'],
    ['Purchased:', dateOf(order.purchasedAt) ?? '—'],
    ['Recorded:', toAppwriteDate(order.createdAt)],
    ['Language:', order.language],
    ['Access:', accessText(order, order.access, order.accessDetail)],
    ...(order.note ? [['Note:', order.note]] : []),
  ])
  const history =
    events.length === 0
      ? 'No events.\n'
      : formatTable([
          ['TIME', 'TYPE', 'STATUS', 'ACCESS'],
          ...events.map((event) => [
            toAppwriteDate(event.occurredAt),
            event.type,
            event.status,
            event.access === null ? '' : accessText(order, event.access, event.accessDetail),
          ]),
        ])
  return `${facts}\nEvents:\n${history}`
}
