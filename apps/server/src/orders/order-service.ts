import { AppwriteError } from '../appwrite/errors'
import { said } from '../error-messages/error-message'
import type { Database } from '../db/client'
import { enqueueEmail } from '../mail/email-queue'
import type { MailLanguage } from '../mail/mail-language'
import { newId } from '../security/secrets'
import { createMemberAccess } from './member-access'
import { MANUAL_PROVIDER, type OrderEvent } from './order-event'
import { createOrderRepository, type OrderFilter, type OrderRow } from './order-repository'
import { strongerStatus } from './order-status'

export interface ReceivedOrder {
  order: OrderRow
  /** The delivery was recorded before: nothing changed. */
  duplicate: boolean
  /** Sessions a refund or dispute ended. */
  sessionsEnded: number
}

interface Dependencies {
  db: Database
  /** Called after a commit that queued an email, so it goes out now rather than at the next poll. */
  onEmailQueued?: () => void
  now?: () => Date
}

/** What an event says that the order keeps: amounts and names, never the provider's whole payload. */
const summaryOf = (event: OrderEvent) => ({
  ...(event.amount === undefined ? {} : { amount: event.amount }),
  ...(event.currency === undefined ? {} : { currency: event.currency }),
  ...(event.product === undefined ? {} : { product: event.product }),
  ...(event.buyer === undefined ? {} : { buyer: event.buyer.email }),
})

/**
 * Orders from every provider and from the owner, and what they do to members (README: Selling).
 * Each delivery is applied in one transaction, once: the same event again changes nothing, and since
 * an order's status is the strongest any of its events reported, the order they arrive in does not
 * matter (a refund that comes before its purchase is kept, and the purchase then grants nothing).
 */
export function createOrderService({
  db,
  onEmailQueued = () => undefined,
  now = () => new Date(),
}: Dependencies) {
  async function apply(
    tx: Database,
    event: OrderEvent,
    note?: string,
  ): Promise<ReceivedOrder & { queued: boolean }> {
    const repository = createOrderRepository(tx)
    const access = createMemberAccess(tx)
    const before = await repository.lockOrCreate(event.provider, event.orderId)
    if (!(await repository.addEvent(before.id, event, summaryOf(event)))) {
      return { order: before, duplicate: true, sessionsEnded: 0, queued: false }
    }
    let order = await repository.update(before.id, {
      status: strongerStatus(before.status, event.status),
      // What the first event to name it said: a later refund does not rename the buyer.
      email: before.email ?? event.buyer?.email ?? null,
      name: before.name || event.buyer?.name || '',
      product: before.product || event.product || '',
      amount: before.amount ?? event.amount ?? null,
      currency: before.currency ?? event.currency ?? null,
      language: event.language && before.email === null ? event.language : before.language,
      purchasedAt: before.purchasedAt ?? (event.status === 'paid' ? event.occurredAt : null),
      ...(note === undefined ? {} : { note }),
    })
    let queued = false
    let sessionsEnded = 0
    if (order.status === 'paid' && order.notifiedAt === null && order.email !== null) {
      // Paid and not yet acted on: the buyer becomes (or stays) a member with access, and hears of it.
      const { user, created } = await access.memberFor({ email: order.email, name: order.name })
      await access.restore(user, now())
      order = await repository.update(order.id, { userId: user.id, notifiedAt: now() })
      // A member the owner disabled stays disabled and is not written to: that was the owner's choice.
      if (user.enabled) {
        const language: MailLanguage = order.language === 'en' ? 'en' : 'es'
        await enqueueEmail(tx, {
          kind: created ? 'welcome' : 'purchase',
          userId: user.id,
          orderId: order.id,
          language,
        })
        queued = true
      }
    } else if (
      (order.status === 'refunded' || order.status === 'disputed') &&
      order.status !== before.status &&
      order.userId !== null &&
      !(await repository.hasOtherPaidOrder(order.userId, order.id))
    ) {
      // The order that gave access is undone and no other paid one holds it: access ends now.
      sessionsEnded = await access.end(order.userId, order.status, now())
    }
    return { order, duplicate: false, sessionsEnded, queued }
  }

  async function inTransaction(run: (tx: Database) => Promise<ReceivedOrder & { queued: boolean }>) {
    const { queued, ...result } = await db.transaction(run)
    if (queued) onEmailQueued()
    return result
  }

  return {
    /** Applies one verified webhook delivery; resolves only once it is committed. */
    receive: (event: OrderEvent): Promise<ReceivedOrder> => inTransaction((tx) => apply(tx, event)),

    /** A sale made elsewhere (a bank transfer): the same access and emails as a webhook's. */
    grant(input: {
      email: string
      name: string
      note: string
      language: MailLanguage
    }): Promise<ReceivedOrder> {
      const id = newId()
      return inTransaction((tx) =>
        apply(
          tx,
          {
            provider: MANUAL_PROVIDER,
            eventId: `grant-${id}`,
            type: 'granted by the owner',
            orderId: id,
            status: 'paid',
            occurredAt: now(),
            buyer: { email: input.email, name: input.name },
            language: input.language,
          },
          input.note,
        ),
      )
    },

    /** Records a refund made in the provider's dashboard (or of a granted sale) and ends access. */
    recordRefund(orderId: string): Promise<ReceivedOrder> {
      return inTransaction(async (tx) => {
        const order = await createOrderRepository(tx).lock(orderId)
        if (!order) throw new AppwriteError('document_not_found', said('noOrderWithId', { id: orderId }))
        if (order.status !== 'paid' && order.status !== 'disputed') {
          throw new AppwriteError(
            'general_argument_invalid',
            said('refundRefused', { id: orderId, status: order.status }),
          )
        }
        return apply(tx, {
          provider: order.provider,
          eventId: `owner-refund-${newId()}`,
          type: 'refund recorded by the owner',
          orderId: order.providerOrderId,
          status: 'refunded',
          occurredAt: now(),
        })
      })
    },

    list: (filter: OrderFilter = {}) => createOrderRepository(db).list(filter),

    page: (filter: OrderFilter, limit: number, offset: number) =>
      createOrderRepository(db).page(filter, limit, offset),

    /** One order and the events it received, oldest first. */
    async show(orderId: string) {
      const repository = createOrderRepository(db)
      const order = await repository.findById(orderId)
      if (!order) throw new AppwriteError('document_not_found', said('noOrderWithId', { id: orderId }))
      return { order, events: await repository.events(order.id) }
    },
  }
}

export type OrderService = ReturnType<typeof createOrderService>

declare module 'fastify' {
  interface FastifyInstance {
    /** Orders and what they do to members (`buildApp` decorates the app with it; tests read it). */
    orders: OrderService
  }
}
