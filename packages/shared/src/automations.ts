import { z } from 'zod'

/**
 * The store's automations (issue 44): API keys for the official server SDK (`node-appwrite`), with
 * Appwrite's scope names for what the store implements, and outgoing webhooks signed by the Standard
 * Webhooks specification. The console ("Automatizaciones"), the admin CLI and the server share these.
 */

/** What a key may do. Appwrite's names for its services; `orders.*` and `analytics.read` are the store's. */
export const API_KEY_SCOPES = [
  'users.read',
  'users.write',
  'documents.read',
  'documents.write',
  'orders.read',
  'orders.write',
  'analytics.read',
] as const
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number]

/** The events an endpoint may ask for; a delivery's `type`. */
export const WEBHOOK_EVENTS = [
  'order.paid',
  'order.refunded',
  'order.disputed',
  'member.created',
  'member.first_sign_in',
  'member.disabled',
  'project.created',
  'project.updated',
  'project.deleted',
] as const
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]

/** The event a "send a test event" delivery carries: no endpoint subscribes to it, every endpoint takes it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test'

/** A key's name: what the audit log and the console call it. */
export const apiKeyNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[^\p{Cc}]+$/u)

/** `POST /v1/store/keys` (admin, a signed-in session only: no key makes keys). */
export const newApiKeySchema = z.object({
  name: apiKeyNameSchema,
  scopes: z.array(z.enum(API_KEY_SCOPES)).min(1).max(API_KEY_SCOPES.length),
  /** When the key stops working (ISO), or null for never. */
  expire: z.iso.datetime({ offset: true }).nullable().optional(),
})
export type NewApiKey = z.infer<typeof newApiKeySchema>

/** A key as the console lists it: never its secret, which only the answer to its creation carries. */
export const apiKeySchema = z.object({
  $id: z.string(),
  $createdAt: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  /** ISO, or null for a key that never expires. */
  expire: z.string().nullable(),
  /** The last request the key made (ISO), or null. */
  accessedAt: z.string().nullable(),
  /** The secret's first characters (`standard_1a2b3c4d`), for the owner to tell keys apart. */
  hint: z.string(),
})
export type ApiKey = z.infer<typeof apiKeySchema>

/** The answer to `POST /v1/store/keys`: the key, and its secret, shown this once. */
export const createdApiKeySchema = apiKeySchema.extend({ secret: z.string() })

/** `POST /v1/store/webhooks`: an endpoint's address and the events it wants. */
export const newWebhookEndpointSchema = z.object({
  url: z.url({ protocol: /^https?$/ }).max(2048),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1).max(WEBHOOK_EVENTS.length),
})
export type NewWebhookEndpoint = z.infer<typeof newWebhookEndpointSchema>

/** `PATCH /v1/store/webhooks/:endpointId`: turn it on again (after it was disabled) or off, or change its events. */
export const webhookEndpointChangeSchema = z.object({
  enabled: z.boolean().optional(),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1).max(WEBHOOK_EVENTS.length).optional(),
})

export const webhookEndpointSchema = z.object({
  $id: z.string(),
  $createdAt: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** Why the store turned the endpoint off: `failing` (3 days without a successful delivery); null otherwise. */
  disabledReason: z.enum(['failing']).nullable(),
  /** Since when every delivery to it failed (ISO), or null while it answers. */
  failingSince: z.string().nullable(),
})
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>

/** The answer to `POST /v1/store/webhooks`: the endpoint and its signing secret (`whsec_…`), shown this once. */
export const createdWebhookEndpointSchema = webhookEndpointSchema.extend({ secret: z.string() })

/** One try of a delivery: its answer's status code (null without an answer) and how long it took. */
export const webhookAttemptSchema = z.object({
  at: z.string(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int().nonnegative(),
  /** Why it failed, in English (`timeout`, `refused: private address`, `HTTP 500`), or null. */
  error: z.string().nullable(),
})
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const

export const webhookDeliverySchema = z.object({
  /** The `webhook-id` the receiver sees: the same on every retry and redelivery. */
  $id: z.string(),
  $createdAt: z.string(),
  endpointId: z.string(),
  url: z.string(),
  event: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  /** When it is tried again (ISO), while pending. */
  nextAttemptAt: z.string().nullable(),
  attempts: z.array(webhookAttemptSchema),
})
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>

/** `GET /v1/store/automations` (admin): the keys, the endpoints and what they may be given. */
export const automationsSchema = z.object({
  keys: z.array(apiKeySchema),
  endpoints: z.array(webhookEndpointSchema),
})
export type Automations = z.infer<typeof automationsSchema>

/** `GET /v1/store/webhooks/deliveries?endpointId=…&limit=…` (admin): the newest first. */
export const webhookDeliveriesSchema = z.object({
  total: z.number().int().nonnegative(),
  deliveries: z.array(webhookDeliverySchema),
})
