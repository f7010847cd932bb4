import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { emailSchema, nameSchema } from '@pg/shared/account'
import { ORDER_ACCESS, ORDER_STATUSES } from '@pg/shared/purchase'
import type { Member } from '../../members/account/account-service'
import { consoleActor } from '../../platform/http/admin-routes'
import { AppwriteError, invalidParam } from '../../platform/appwrite/errors'
import { said } from '../../platform/error-messages/error-message'
import { bodyParams, optionalParam, requiredParam } from '../../platform/appwrite/params'
import { QUERY_LIMITS } from '../../platform/appwrite/queries'
import { recordAuditEvent } from '../../platform/audit/audit-log'
import type { Database } from '../../platform/db/client'
import { STORABLE_DAYS, storableDay } from '../../platform/db/storable-values'
import type { RouteDefinition } from '../../platform/http/route-table'
import { MAIL_LANGUAGES } from '../../mail/mail-language'
import { MANUAL_PROVIDER, PROVIDER_NAMES } from './order-event'
import { eventJson, orderJson } from './order-models'
import type { OrderService } from './order-service'

const day = z.iso.date()

/** A day filter's start and end, refused when the database could not be given them (year 0, 10000). */
function dayParam(name: 'from' | 'to', text: string | undefined) {
  if (text === undefined) return undefined
  const day = storableDay(text)
  if (!day) throw invalidParam(name, said('dayRangeReason', STORABLE_DAYS))
  return day
}
const listSchema = z.strictObject({
  status: z.enum(ORDER_STATUSES).optional(),
  /** What the order did to access: `ignored` finds the orders the owner may grant by hand. */
  access: z.enum(ORDER_ACCESS).optional(),
  provider: z.enum([...PROVIDER_NAMES, MANUAL_PROVIDER]).optional(),
  /** Days as YYYY-MM-DD (UTC): from the start of `from` to the end of `to`. */
  from: day.optional(),
  to: day.optional(),
  limit: z.coerce.number().int().min(1).max(QUERY_LIMITS.maxLimit).default(25),
  offset: z.coerce.number().int().min(0).max(QUERY_LIMITS.maxOffset).default(0),
})
const ORDER_ID = /^[a-zA-Z0-9][a-zA-Z0-9._-]{0,127}$/

function orderIdOf(request: FastifyRequest): string {
  const params = z.object({ orderId: z.string().regex(ORDER_ID) }).safeParse(request.params)
  if (!params.success) throw new AppwriteError('order_not_found')
  return params.data.orderId
}

/**
 * The console's Orders page: the CLI's `orders list|show|grant|grant-ignored|refund`, for admins
 * (decisions 039 and 057).
 */
export function orderAdminRoutes(orders: OrderService, db: Database): RouteDefinition<Member>[] {
  return [
    {
      method: 'GET',
      url: '/v1/store/orders',
      access: 'admin',
      handler: async ({ request }) => {
        const parsed = listSchema.safeParse(request.query ?? {}, { reportInput: true })
        if (!parsed.success) {
          const issue = parsed.error.issues[0]
          throw invalidParam(
            String(issue?.path[0] ?? 'query'),
            issue ? said('schemaIssue', { issue }) : said('invalidValue'),
          )
        }
        const { limit, offset, from, to, ...filter } = parsed.data
        const since = dayParam('from', from)?.start
        const until = dayParam('to', to)?.end
        const page = await orders.page({ ...filter, from: since, to: until }, limit, offset)
        return { total: page.total, orders: page.orders.map(orderJson) }
      },
    },
    {
      method: 'GET',
      url: '/v1/store/orders/:orderId',
      access: 'admin',
      handler: async ({ request }) => {
        const shown = await orders.show(orderIdOf(request)).catch((error: unknown) => {
          if (error instanceof AppwriteError && error.type === 'document_not_found')
            throw new AppwriteError('order_not_found')
          throw error
        })
        return { ...orderJson(shown.order), events: shown.events.map(eventJson) }
      },
    },
    {
      method: 'POST',
      url: '/v1/store/orders',
      access: 'admin',
      handler: async ({ request, reply, member }) => {
        const params = bodyParams(request.body)
        const email = requiredParam(params, 'email', emailSchema, said('emailReason'))
        const name = optionalParam(params, 'name', nameSchema, said('nameReason'))
        const note = optionalParam(params, 'note', z.string().max(1000), said('noteReason'))
        const language = optionalParam(params, 'language', z.enum(MAIL_LANGUAGES), said('languageReason'))
        const { order } = await orders.grant({
          email,
          name: name ?? '',
          note: note ?? '',
          language: language ?? 'es',
        })
        await recordAuditEvent(db, consoleActor(member), {
          action: 'order.grant',
          subject: `orders/${order.id}`,
          after: orderJson(order),
        })
        reply.code(201)
        return orderJson(order)
      },
    },
    {
      method: 'POST',
      url: '/v1/store/orders/:orderId/grant',
      access: 'admin',
      handler: async ({ request, member }) => {
        const orderId = orderIdOf(request)
        const email = optionalParam(bodyParams(request.body), 'email', emailSchema, said('emailReason'))
        const before = await orders.show(orderId).catch((error: unknown) => {
          if (error instanceof AppwriteError && error.type === 'document_not_found')
            throw new AppwriteError('order_not_found')
          throw error
        })
        const { order } = await orders.grantIgnored(orderId, { email })
        await recordAuditEvent(db, consoleActor(member), {
          action: 'order.grant',
          subject: `orders/${order.id}`,
          before: {
            email: before.order.email,
            access: before.order.access,
            accessDetail: before.order.accessDetail,
          },
          after: orderJson(order),
        })
        return orderJson(order)
      },
    },
    {
      method: 'POST',
      url: '/v1/store/orders/:orderId/refund',
      access: 'admin',
      handler: async ({ request, member }) => {
        const orderId = orderIdOf(request)
        const { order } = await orders.recordRefund(orderId).catch((error: unknown) => {
          if (error instanceof AppwriteError && error.type === 'document_not_found')
            throw new AppwriteError('order_not_found')
          throw error
        })
        await recordAuditEvent(db, consoleActor(member), {
          action: 'order.refund',
          subject: `orders/${order.id}`,
          after: { status: order.status },
        })
        return orderJson(order)
      },
    },
  ]
}
