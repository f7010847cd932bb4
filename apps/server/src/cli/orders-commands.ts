import { eq } from 'drizzle-orm'
import { createUserRepository } from '../account/user-repository'
import { toAppwriteDate } from '../appwrite/dates'
import { emailQueue } from '../db/schema'
import { dateOf, eventJson, orderJson } from '../orders/order-models'
import type { OrderEventRow, OrderRow } from '../orders/order-repository'
import type { AdminContext } from './admin-context'
import { done, type AdminRequest, type AdminResult } from './admin-request'
import { formatAmount } from './order-amount'
import { ordersToCsv } from './orders-csv'
import { counted, formatTable } from './text-table'

type OrdersRequest = Extract<AdminRequest, { command: `orders ${string}` }>

const json = (value: unknown) => done(`${JSON.stringify(value, null, 2)}\n`)
export async function runOrdersCommand(context: AdminContext, request: OrdersRequest): Promise<AdminResult> {
  const { orders } = context
  switch (request.command) {
    case 'orders list': {
      const rows = await orders.list({ status: request.status, provider: request.provider })
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
      // What the order queued says what happened: a welcome for a new member, a note for an existing one.
      const [queued] = await context.database.db
        .select({ kind: emailQueue.kind })
        .from(emailQueue)
        .where(eq(emailQueue.orderId, order.id))
        .limit(1)
      const what =
        queued?.kind === 'welcome'
          ? 'New member created; a welcome email with a link to choose their password is queued.'
          : queued?.kind === 'purchase'
            ? 'Already a member (password unchanged); a purchase email is queued.'
            : `${request.email} is disabled, so no email was queued; run users enable to let them in.`
      return done(`Granted order ${order.id} to ${request.email}. ${what}\n`)
    }
    case 'orders refund': {
      const { order, sessionsEnded } = await orders.recordRefund(request.id)
      const member = order.userId
        ? await createUserRepository(context.database.db).findById(order.userId)
        : undefined
      const recorded = `Order ${order.id} recorded as refunded`
      if (!member) return done(`${recorded}; no member held access through it.\n`)
      if (member.blockedReason !== 'refunded') {
        return done(`${recorded}; ${member.email} keeps access through another paid order.\n`)
      }
      return done(
        `${recorded}: access of ${member.email} ended; ${counted(sessionsEnded, 'session')} ended.\n`,
      )
    }
    case 'orders export':
      return done(ordersToCsv(await orders.list()))
  }
}

function describeOrder(order: OrderRow, events: OrderEventRow[]): string {
  const facts = formatTable([
    ['Order:', order.id],
    ['Status:', order.status],
    ['Provider:', `${order.provider} (order ${order.providerOrderId})`],
    ['Buyer:', [order.name, order.email ? `<${order.email}>` : ''].filter(Boolean).join(' ') || '—'],
    ['Member id:', order.userId ?? '—'],
    ['Product:', order.product || '—'],
    ['Amount:', formatAmount(order.amount, order.currency) || '—'],
    ['Purchased:', dateOf(order.purchasedAt) ?? '—'],
    ['Recorded:', toAppwriteDate(order.createdAt)],
    ['Language:', order.language],
    ...(order.note ? [['Note:', order.note]] : []),
  ])
  const history =
    events.length === 0
      ? 'No events.\n'
      : formatTable([
          ['TIME', 'TYPE', 'STATUS'],
          ...events.map((event) => [toAppwriteDate(event.occurredAt), event.type, event.status]),
        ])
  return `${facts}\nEvents:\n${history}`
}
