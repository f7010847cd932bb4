import type { ApiKey, WebhookDelivery, WebhookEndpoint } from '@pg/shared/automations'
import { API_KEY_SCOPES, WEBHOOK_EVENTS } from '@pg/shared/automations'
import { toAppwriteDate } from '../platform/appwrite/dates'
import type { ApiKeyRow } from '../platform/api-keys/api-keys-repository'
import type {
  WebhookAttemptRow,
  WebhookDeliveryRow,
} from '../platform/webhooks/webhook-deliveries-repository'
import type { WebhookEndpointRow } from '../platform/webhooks/webhook-endpoints-repository'

const date = (at: Date | null) => (at ? toAppwriteDate(at) : null)
const known = <T extends string>(all: readonly T[], values: readonly string[]) =>
  all.filter((value) => values.includes(value))

/** A key as the console and the CLI show it: never its secret or its hash. */
export const apiKeyModel = (row: ApiKeyRow): ApiKey => ({
  $id: row.id,
  $createdAt: toAppwriteDate(row.createdAt),
  name: row.name,
  scopes: known(API_KEY_SCOPES, row.scopes),
  expire: date(row.expiresAt),
  accessedAt: date(row.accessedAt),
  hint: row.hint,
})

/** An endpoint without its secret. */
export const webhookEndpointModel = (row: WebhookEndpointRow): WebhookEndpoint => ({
  $id: row.id,
  $createdAt: toAppwriteDate(row.createdAt),
  url: row.url,
  events: known(WEBHOOK_EVENTS, row.events),
  enabled: row.enabled,
  disabledReason: row.disabledReason,
  failingSince: date(row.failingSince),
})

export const webhookDeliveryModel = (
  row: WebhookDeliveryRow,
  url: string,
  attempts: WebhookAttemptRow[],
): WebhookDelivery => ({
  $id: row.id,
  $createdAt: toAppwriteDate(row.createdAt),
  endpointId: row.endpointId,
  url,
  event: row.event,
  status: row.status,
  nextAttemptAt: row.status === 'pending' ? toAppwriteDate(row.nextAttemptAt) : null,
  attempts: attempts.map((attempt) => ({
    at: toAppwriteDate(attempt.at),
    statusCode: attempt.statusCode,
    durationMs: attempt.durationMs,
    error: attempt.error,
  })),
})
