import { z } from 'zod'
import { checkoutLanguage } from '../checkout-language'
import { WebhookRejected, type PaymentProvider } from '../order-event'
import type { OrderStatus } from '../order-status'
import {
  currencyCode,
  parseJson,
  passedThrough,
  providerId,
  readDelivery,
  requireSecret,
  sameSecret,
  singleHeader,
  toMinorUnits,
  unhandledEvent,
} from './delivery-checks'

const STATUS_BY_EVENT = new Map<string, OrderStatus>([
  ['PURCHASE_APPROVED', 'paid'],
  // Sent when the guarantee (refund) period ends; the purchase was already approved.
  ['PURCHASE_COMPLETE', 'paid'],
  ['PURCHASE_REFUNDED', 'refunded'],
  ['PURCHASE_CHARGEBACK', 'disputed'],
  ['PURCHASE_CANCELED', 'canceled'],
])

const envelopeSchema = z.looseObject({ event: z.string().min(1), version: z.string().optional() })

const countrySchema = z.string().nullish()

/** Hotmart webhook 2.0.0: every purchase event carries the whole purchase, its buyer and its product. */
const purchaseEventSchema = z.looseObject({
  id: providerId,
  /** Milliseconds since the epoch. */
  creation_date: z.number().nonnegative(),
  data: z.looseObject({
    buyer: z.looseObject({
      email: z.string().min(1),
      name: z.string().nullish(),
      address: z.looseObject({ country_iso: countrySchema }).nullish(),
    }),
    /** `id` is the number Hotmart shows for the product, which HOTMART_PRODUCT_IDS names. */
    product: z
      .looseObject({
        id: z.union([z.number().int().nonnegative(), providerId]).nullish(),
        name: z.string().nullish(),
      })
      .nullish(),
    purchase: z.looseObject({
      transaction: providerId,
      /** A decimal in the currency's major unit: 25.5 is 25.50. */
      price: z.looseObject({ value: z.number(), currency_value: currencyCode }),
      checkout_country: z.looseObject({ iso: countrySchema }).nullish(),
      /** `sck` is what the buy link passed as `?sck=`: the storefront's campaign (decision 065). */
      origin: z.looseObject({ sck: z.unknown().optional() }).nullish().catch(undefined),
    }),
  }),
})

/**
 * Hotmart, the platform most Spanish-speaking sellers use. It signs nothing: each delivery carries the
 * account's fixed token (the "hottok") in `X-HOTMART-HOTTOK`. The transaction code is the order id.
 */
export const hotmartProvider: PaymentProvider = {
  name: 'hotmart',
  verify(rawBody, headers, secret) {
    requireSecret('Hotmart', secret)
    const hottok = singleHeader(headers, 'x-hotmart-hottok')
    if (!hottok) throw new WebhookRejected(401, 'The X-HOTMART-HOTTOK header is missing.')
    if (!sameSecret(hottok, secret)) {
      throw new WebhookRejected(401, 'The X-HOTMART-HOTTOK header does not match HOTMART_HOTTOK.')
    }
    const body = parseJson('Hotmart', rawBody)
    const { event: type, version } = readDelivery('Hotmart', envelopeSchema, body)
    if (version !== undefined && !version.startsWith('2.')) {
      throw new WebhookRejected(400, 'The store reads Hotmart webhook version 2.0.0; choose it in Hotmart.')
    }
    const status = STATUS_BY_EVENT.get(type)
    if (!status) throw unhandledEvent('hotmart', type)

    const { id, creation_date, data } = readDelivery('Hotmart', purchaseEventSchema, body)
    const { price } = data.purchase
    const currency = price.currency_value.toUpperCase()
    const amount = toMinorUnits(price.value, currency)
    if (amount === undefined) {
      throw new WebhookRejected(
        400,
        'The Hotmart delivery has no valid `data.purchase.price.currency_value`.',
      )
    }
    return {
      provider: 'hotmart',
      eventId: id,
      type,
      orderId: data.purchase.transaction,
      status,
      occurredAt: new Date(creation_date),
      buyer: { email: data.buyer.email, name: data.buyer.name ?? '' },
      amount,
      currency,
      product: data.product?.name || undefined,
      productId: data.product?.id?.toString(),
      language: checkoutLanguage(
        undefined,
        data.buyer.address?.country_iso ?? data.purchase.checkout_country?.iso,
      ),
      campaign: passedThrough(data.purchase.origin?.sck),
    }
  },
}
