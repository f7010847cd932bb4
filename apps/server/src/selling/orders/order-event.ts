import type { IncomingHttpHeaders } from 'node:http'
import type { OrderProvider, ProviderName } from '@pg/shared/purchase'
import type { MailLanguage } from '../../mail/mail-language'
import type { OrderStatus } from './order-status'

export { MANUAL_PROVIDER, PROVIDER_NAMES, type OrderProvider, type ProviderName } from '@pg/shared/purchase'

/** What one webhook delivery says about one order, the same whichever provider sent it. */
export interface OrderEvent {
  provider: OrderProvider
  /** Unique per provider: the same delivery sent again carries the same id. */
  eventId: string
  /** The provider's name for the event, e.g. `checkout.session.completed`, `PURCHASE_REFUNDED`. */
  type: string
  /** The provider's id of the order the event is about (the one its refunds name too). */
  orderId: string
  status: OrderStatus
  occurredAt: Date
  /** Absent when the event does not name the buyer (some refunds and disputes). */
  buyer?: { email: string; name: string }
  /** In the currency's minor unit (cents). */
  amount?: number
  /** ISO 4217, upper case. */
  currency?: string
  product?: string
  /**
   * The provider's id of what was sold, which the owner's product settings name (decision 057): a
   * Stripe Payment Link (`plink_…`), a Hotmart or Lemon Squeezy product id. Absent when the event does
   * not say (Stripe's charges and disputes).
   */
  productId?: string
  /** From the checkout's locale or the buyer's country; absent when the provider tells neither. */
  language?: MailLanguage
  /**
   * The storefront campaign the buy link passed through the checkout (Stripe's `client_reference_id`,
   * Hotmart's `sck`, Lemon Squeezy's `checkout[custom][campaign]`; decision 065), as the provider sent
   * it: `storableEvent` keeps it only when it is a campaign name.
   */
  campaign?: string
  /**
   * The fields `storableEvent` could not store as the provider sent them (a text with a NUL, cut or
   * cleaned; a time no clock gives; an amount the column cannot hold), for the owner to see.
   */
  cleaned?: string[]
}

/**
 * A delivery the store refuses (a bad signature, a malformed body); nothing changes. `status` is 4xx:
 * the provider should not retry it.
 */
export class WebhookRejected extends Error {
  constructor(
    readonly status: 400 | 401 | 413,
    message: string,
  ) {
    super(message)
  }
}

/**
 * A genuine delivery of an event the store does not handle (`customer.created`, `SWITCH_PLAN`…). It is
 * acknowledged with 2xx and changes nothing: Hotmart switches off a webhook whose address answers
 * errors, and Stripe retries for days (issue 28, item 11).
 */
export class UnhandledEvent extends Error {
  constructor(
    readonly provider: ProviderName,
    readonly type: string,
  ) {
    super(`The store does not handle the ${provider} event ${type}; nothing changed.`)
  }
}

/**
 * One payment provider: checks that a delivery is really theirs and reads it into an order event.
 * Adding a provider is one file that exports one of these, and its tests.
 */
export interface PaymentProvider {
  name: ProviderName
  /**
   * Throws `WebhookRejected` for a bad signature, a stale timestamp or a malformed body, and
   * `UnhandledEvent` for a genuine delivery of an event the store does not handle.
   */
  verify: (rawBody: Buffer, headers: IncomingHttpHeaders, secret: string) => OrderEvent
}
