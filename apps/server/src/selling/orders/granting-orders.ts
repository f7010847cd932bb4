import { emailSchema } from '@pg/shared/account'
import { PRODUCT_SETTINGS as PRODUCT_SETTING_NAMES } from '@pg/shared/purchase'
import { MANUAL_PROVIDER, type ProviderName } from './order-event'
import type { OrderRow } from './order-repository'
import type { IgnoredReason } from './order-status'

/**
 * What the owner sells, per provider (`STRIPE_PAYMENT_LINK_IDS`, `HOTMART_PRODUCT_IDS`,
 * `LEMONSQUEEZY_PRODUCT_IDS`): only orders of these grant access. A provider left out has no list, and
 * any paid order of its account grants, as before issue 28.
 */
export type ProductIds = Partial<Record<ProviderName, readonly string[]>>

/** The setting that names each provider's products (shared with the console's texts). */
export const PRODUCT_SETTINGS: Record<ProviderName, string> = PRODUCT_SETTING_NAMES

/** Whether the buyer's email, as the order keeps it (trimmed), is one valid address. */
export const isOneAddress = (email: string | null): email is string =>
  email !== null && emailSchema.safeParse(email).success

/**
 * Why a paid order grants nothing (decision 057), or nothing when it grants: its product is not one the
 * owner named, its email is not one valid address, or nothing was paid on a provider whose products the
 * owner did not name (a free product, a 100 % coupon, a 0-amount session on the same account). A sale
 * the owner records by hand (`manual`) is theirs to judge.
 */
export function whyIgnored(order: OrderRow, productIds: ProductIds): IgnoredReason[] {
  const reasons: IgnoredReason[] = []
  if (order.provider !== MANUAL_PROVIDER) {
    const named = productIds[order.provider]
    if (named && !(order.productId !== null && named.includes(order.productId))) reasons.push('product')
    if (!named && order.amount === 0) reasons.push('free')
  }
  if (!isOneAddress(order.email)) reasons.push('email')
  return reasons
}
