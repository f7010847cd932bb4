import { AppwriteError } from '../../platform/appwrite/errors'
import { said } from '../../platform/error-messages/error-message'
import type { Database } from '../../platform/db/client'
import { enqueueEmail } from '../../mail/email-queue'
import { enqueueWebhookEvent } from '../../platform/webhooks/webhook-outbox'
import { orderData } from '../../platform/webhooks/webhook-payloads'
import type { WebhookEvent } from '@pg/shared/automations'
import type { MailLanguage } from '../../mail/mail-language'
import { newId } from '../../platform/security/secrets'
import { isOneAddress, whyIgnored, type ProductIds } from './granting-orders'
import { createMemberAccess } from './member-access'
import { MANUAL_PROVIDER, type OrderEvent } from './order-event'
import { OWNER_EVENT_TYPES } from '@pg/shared/purchase'
import {
  createOrderRepository,
  type AccessOutcome,
  type OrderFilter,
  type OrderRow,
} from './order-repository'
import { strongerStatus } from './order-status'
import { storableEvent } from './storable-event'

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
  /** What the owner sells, per provider: only its orders grant access (decision 057). */
  productIds?: ProductIds
}

/** The webhook event of each order status that has one (issue 44). */
const ORDER_WEBHOOK_EVENTS: ReadonlyMap<string, WebhookEvent> = new Map([
  ['paid', 'order.paid'],
  ['refunded', 'order.refunded'],
  ['disputed', 'order.disputed'],
])

/** What an event says that the order keeps: amounts and names, never the provider's whole payload. */
const summaryOf = (event: OrderEvent) => ({
  ...(event.amount === undefined ? {} : { amount: event.amount }),
  ...(event.currency === undefined ? {} : { currency: event.currency }),
  ...(event.product === undefined ? {} : { product: event.product }),
  ...(event.buyer === undefined ? {} : { buyer: event.buyer.email }),
  ...(event.cleaned === undefined ? {} : { cleaned: event.cleaned }),
})

/**
 * Orders from every provider and from the owner, and what they do to members (README: Selling).
 * Each delivery is applied in one transaction, once: the same event again changes nothing, and since
 * an order's status is the strongest any of its events reported, the order they arrive in does not
 * matter (a refund that comes before its purchase is kept, and the purchase then grants nothing).
 * A paid order grants access unless it is ignored (`whyIgnored`); its refund or dispute ends only its
 * own grant (`member-access.ts`). Each event records what it did to access, and so does the order.
 */
export function createOrderService({
  db,
  onEmailQueued = () => undefined,
  now = () => new Date(),
  productIds = {},
}: Dependencies) {
  async function apply(
    tx: Database,
    received: OrderEvent,
    options: { note?: string; byHand?: boolean } = {},
  ): Promise<ReceivedOrder & { queued: boolean }> {
    const { note, byHand = false } = options
    const event = storableEvent(received, now())
    const repository = createOrderRepository(tx)
    const access = createMemberAccess(tx)
    const before = await repository.lockOrCreate(event.provider, event.orderId)
    const eventRowId = await repository.addEvent(before.id, event, summaryOf(event))
    if (eventRowId === undefined) {
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
      productId: before.productId ?? event.productId ?? null,
      // The campaign of the checkout that made the order; a later refund names none and keeps it.
      campaign: before.campaign ?? event.campaign ?? null,
      ...(note === undefined ? {} : { note }),
    })
    let queued = false
    let sessionsEnded = 0
    let outcome: AccessOutcome | undefined
    // Paid and not yet acted on (an ignored order is acted on only by its grant).
    const purchase = order.status === 'paid' && order.notifiedAt === null && order.email !== null
    const ignored = purchase && !byHand ? whyIgnored(order, productIds) : []
    if (ignored.length > 0) {
      // Paid, but not for what the owner sells, or not to one address: kept for the owner to see (and
      // grant by hand), with no member and no email. A later event may name the product and grant it.
      outcome = { access: 'ignored', detail: ignored }
    } else if (purchase && isOneAddress(order.email)) {
      // The buyer becomes (or stays) a member with access, and hears of it.
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
      outcome = { access: 'granted', detail: [] }
    } else if (
      (order.status === 'refunded' || order.status === 'disputed') &&
      order.status !== before.status &&
      order.userId !== null
    ) {
      // The order's grant is undone: access ends unless something else grants it.
      const ending = await access.endOrderGrant(order.userId, order.id, order.status, now())
      sessionsEnded = ending.sessionsEnded
      outcome =
        ending.keptBy.length > 0 ? { access: 'kept', detail: ending.keptBy } : { access: 'ended', detail: [] }
    }
    if (outcome) order = await repository.recordAccess(order.id, eventRowId, outcome)
    // The owner's webhooks hear of a sale, a refund or a dispute once, when the order's status becomes it.
    const announced = ORDER_WEBHOOK_EVENTS.get(order.status)
    if (announced && order.status !== before.status)
      await enqueueWebhookEvent(tx, announced, orderData(order))
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
            type: OWNER_EVENT_TYPES.grant,
            orderId: id,
            status: 'paid',
            occurredAt: now(),
            buyer: { email: input.email, name: input.name },
            language: input.language,
          },
          { note: input.note },
        ),
      )
    },

    /**
     * The owner grants an order the store ignored (another product, no valid email, nothing paid): it
     * becomes a granting order, with the usual member and email. `email` replaces the order's when the
     * buyer's address has to be corrected.
     */
    grantIgnored(orderId: string, input: { email?: string } = {}): Promise<ReceivedOrder> {
      return inTransaction(async (tx) => {
        const repository = createOrderRepository(tx)
        const order = await repository.lock(orderId)
        if (!order) throw new AppwriteError('document_not_found', said('noOrderWithId', { id: orderId }))
        if (order.access !== 'ignored' || order.status !== 'paid' || order.notifiedAt !== null) {
          throw new AppwriteError('general_argument_invalid', said('grantIgnoredRefused', { id: orderId }))
        }
        const email = input.email?.trim() ?? order.email
        if (!isOneAddress(email)) {
          throw new AppwriteError('general_argument_invalid', said('grantIgnoredEmail', { id: orderId }))
        }
        if (email !== order.email) await repository.update(order.id, { email })
        return apply(
          tx,
          {
            provider: order.provider,
            eventId: `owner-grant-${newId()}`,
            type: OWNER_EVENT_TYPES.grantIgnored,
            orderId: order.providerOrderId,
            status: 'paid',
            occurredAt: now(),
          },
          { byHand: true },
        )
      })
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
          type: OWNER_EVENT_TYPES.refund,
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
