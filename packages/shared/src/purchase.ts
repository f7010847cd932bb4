import { z } from 'zod'

/** An order's status, as the store keeps it (README: Selling). */
export const ORDER_STATUSES = ['pending', 'paid', 'canceled', 'disputed', 'refunded'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/**
 * Why an enabled member cannot sign in: their purchase was refunded or disputed, or they were inactive
 * too long. Sent as `reason` beside Appwrite's `user_blocked` error so the login page can say why.
 */
export const BLOCKED_REASONS = ['refunded', 'disputed', 'inactive'] as const
export type BlockedReason = (typeof BLOCKED_REASONS)[number]

/**
 * What an order did to its buyer's access (decision 057): it `granted` it, a refund or dispute of it
 * `ended` it, or `kept` it because something else grants it too; `ignored` orders grant nothing.
 */
export const ORDER_ACCESS = ['granted', 'ended', 'kept', 'ignored'] as const
export type OrderAccess = (typeof ORDER_ACCESS)[number]

/**
 * What grants a member access besides one order: the owner (who created, imported or enabled them),
 * the admin label, another paid order. A refund of one order ends access only when none of these holds.
 */
export const ACCESS_SOURCES = ['owner', 'admin', 'order'] as const
export type AccessSource = (typeof ACCESS_SOURCES)[number]

/**
 * Why a paid order grants nothing: its product is not one the owner named (`*_PRODUCT_IDS`,
 * `STRIPE_PAYMENT_LINK_IDS`), its buyer's email is not one valid address, or nothing was paid while the
 * owner named no product. The owner can still grant it by hand.
 */
export const IGNORED_REASONS = ['product', 'email', 'free'] as const
export type IgnoredReason = (typeof IGNORED_REASONS)[number]

/** The payment providers whose webhooks the store reads. */
export const PROVIDER_NAMES = ['stripe', 'hotmart', 'lemonsqueezy'] as const
export type ProviderName = (typeof PROVIDER_NAMES)[number]
/** Orders recorded by the owner (`orders grant`, a sale made elsewhere) have this provider. */
export const MANUAL_PROVIDER = 'manual'
export type OrderProvider = ProviderName | typeof MANUAL_PROVIDER

/**
 * The events the owner records on an order (decision 066): a sale granted by hand, an ignored order
 * granted, a refund recorded. Each is stored with its English `type` (the admin CLI prints it, and
 * orders stored before keep it); the console is sent this name and says it in its own language.
 */
export const OWNER_EVENT_TYPES = {
  grant: 'granted by the owner',
  grantIgnored: 'access granted by the owner',
  refund: 'refund recorded by the owner',
} as const
export type OwnerEvent = keyof typeof OWNER_EVENT_TYPES
export const OWNER_EVENTS = ['grant', 'grantIgnored', 'refund'] as const satisfies readonly OwnerEvent[]

/** Which owner's event a stored `type` is, or null for a provider's own (`checkout.session.completed`). */
export const ownerEventOf = (type: string): OwnerEvent | null =>
  OWNER_EVENTS.find((event) => OWNER_EVENT_TYPES[event] === type) ?? null

/** The setting that names each payment provider's products that grant access. */
export const PRODUCT_SETTINGS = {
  stripe: 'STRIPE_PAYMENT_LINK_IDS',
  hotmart: 'HOTMART_PRODUCT_IDS',
  lemonsqueezy: 'LEMONSQUEEZY_PRODUCT_IDS',
} as const

/** The store's policy (seed spec section 9): downloads are valid this many days after the purchase. */
export const DOWNLOAD_VALID_DAYS = 15

/** Why an order's download button is gone. */
export const DOWNLOAD_UNAVAILABLE_REASONS = [
  'expired',
  'limit_reached',
  'not_paid',
  'not_configured',
] as const

const isoDate = z.iso.datetime({ offset: true })

export const purchaseOrderSchema = z.object({
  $id: z.string(),
  /** What the provider called the product; empty when it said nothing. */
  product: z.string(),
  provider: z.string(),
  status: z.enum(ORDER_STATUSES),
  purchasedAt: isoDate,
  /** Minor units (cents); null when the provider said nothing (a sale recorded by the owner). */
  amount: z.number().int().nullable(),
  currency: z.string().nullable(),
  download: z.object({
    available: z.boolean(),
    reason: z.enum(DOWNLOAD_UNAVAILABLE_REASONS).nullable(),
    /** The end of the download window: purchase + DOWNLOAD_VALID_DAYS. */
    expiresAt: isoDate,
    used: z.number().int().min(0),
    limit: z.number().int().min(1),
  }),
})
export type PurchaseOrder = z.infer<typeof purchaseOrderSchema>

/** `GET /v1/store/purchase`: the signed-in member's orders, bonuses and where to ask for help. */
export const purchaseSchema = z.object({
  orders: z.array(purchaseOrderSchema),
  /** Bono 1 (the n8n course) and Bono 2 (the AI master programme); url null until the owner sets it. */
  bonuses: z.array(
    z.object({ id: z.enum(['bonus1', 'bonus2']), url: z.url({ protocol: /^https?$/ }).nullable() }),
  ),
  supportEmail: z.string(),
})
export type Purchase = z.infer<typeof purchaseSchema>

/** `POST /v1/store/purchase/orders/:orderId/download`: a short-lived link that starts one download. */
export const downloadLinkSchema = z.object({ url: z.string(), expire: isoDate })
export type DownloadLink = z.infer<typeof downloadLinkSchema>
