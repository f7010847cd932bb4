import { createHash, timingSafeEqual } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import { z } from 'zod'
import { carriedCampaign } from '@pg/shared/campaign'
import { currencyDigits } from '@pg/shared/money'
import { UnhandledEvent, WebhookRejected, type ProviderName } from '../order-event'

/*
 * The checks every provider adapter makes on a delivery. Their messages name the provider and the
 * field at fault, never a secret or a value from the body: they end up in the answer and in the logs.
 */

/** A header's one value; undefined when it is absent, empty or sent more than once. */
export function singleHeader(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()]
  return typeof value === 'string' && value !== '' ? value : undefined
}

/** An empty secret would let anyone sign; the route is off without one, this guards the adapter too. */
export function requireSecret(provider: string, secret: string): void {
  if (secret.trim() === '') throw new WebhookRejected(401, `No ${provider} webhook secret is configured.`)
}

/** Whether a received token equals the secret, in constant time: equal-length digests are compared. */
export function sameSecret(received: string, secret: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return timingSafeEqual(digest(received), digest(secret))
}

export function parseJson(provider: string, rawBody: Buffer): unknown {
  try {
    return JSON.parse(rawBody.toString('utf8'))
  } catch {
    throw new WebhookRejected(400, `The ${provider} delivery is not valid JSON.`)
  }
}

/** Reads a delivery with a schema of the fields the store uses; a missing or invalid one is a 400 naming it. */
export function readDelivery<Schema extends z.ZodType>(
  provider: string,
  schema: Schema,
  body: unknown,
): z.output<Schema> {
  const result = schema.safeParse(body)
  if (result.success) return result.data
  const field = result.error.issues[0]?.path.join('.') || '(body)'
  throw new WebhookRejected(400, `The ${provider} delivery has no valid \`${field}\`.`)
}

/** A genuine event the store does not handle: acknowledged, nothing changed (issue 28, item 11). */
export const unhandledEvent = (provider: ProviderName, type: string) =>
  new UnhandledEvent(provider, type.slice(0, 100))

/**
 * A provider's id of an order, an event or a product. Ids name rows in unique indexes, so one the
 * database could not store (a NUL, half a surrogate pair, longer than an index entry may be) is a
 * malformed body, never a 500; no provider sends such ids.
 */
export const providerId = z
  .string()
  .min(1)
  .max(255)
  .refine((id) => id.isWellFormed() && !/\p{Cc}/u.test(id), 'not a provider id')

/** ISO 4217, as letters only: Stripe writes it in lower case. */
export const currencyCode = z.string().regex(/^[A-Za-z]{3}$/)

/**
 * An amount written as a decimal (25.5) in the currency's minor unit (2550), with the currency's digits
 * from Intl (JPY and CLP have none, KWD three). Undefined for a currency code Intl refuses.
 */
export function toMinorUnits(value: number, currency: string): number | undefined {
  const digits = currencyDigits(currency)
  return digits === undefined ? undefined : Math.round(value * 10 ** digits)
}

/**
 * The storefront campaign a buy link passed through the checkout (decision 065), or undefined: any
 * other value (a number, an object, a long or odd text) is no campaign and never refuses the delivery,
 * whose purchase counts whatever its link said.
 */
export const passedThrough = (value: unknown): string | undefined => carriedCampaign(value) ?? undefined
