import type { z } from 'zod'
import {
  newApiKeySchema,
  newWebhookEndpointSchema,
  WEBHOOK_TEST_EVENT,
  webhookEndpointChangeSchema,
} from '@pg/shared/automations'
import { AppwriteError, invalidParam } from '../platform/appwrite/errors'
import { recordAuditEvent, type AuditActor } from '../platform/audit/audit-log'
import type { Database } from '../platform/db/client'
import { webhookDeliveries } from '../platform/db/schema'
import { said } from '../platform/error-messages/error-message'
import { apiKeyHash, apiKeyHint, newApiKeySecret } from '../platform/api-keys/api-key-secrets'
import { ApiKeyNameTaken, createApiKeysRepository } from '../platform/api-keys/api-keys-repository'
import { createWebhookDeliveriesRepository } from '../platform/webhooks/webhook-deliveries-repository'
import { createWebhookEndpointsRepository } from '../platform/webhooks/webhook-endpoints-repository'
import { newDeliveryId, wakeWebhookSenders, webhookBody } from '../platform/webhooks/webhook-outbox'
import { webhookUrlProblem } from '../platform/webhooks/webhook-request'
import { apiKeyModel, webhookDeliveryModel, webhookEndpointModel } from './automation-models'

/** What the request asked for, or Appwrite's 400 naming the first parameter that is wrong. */
function parsed<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const [issue] = result.error.issues
  if (!issue) throw new AppwriteError('general_argument_invalid')
  throw invalidParam(String(issue.path[0] ?? 'body'), said('schemaIssue', { issue }))
}

/**
 * The owner's automations (issue 44): API keys and webhook endpoints, for the console and the admin CLI
 * alike; every change is audited (never a secret), and each secret is returned once, at its creation.
 */
export function createAutomationsService(options: { db: Database; now?: () => Date }) {
  const { db } = options
  const now = options.now ?? (() => new Date())
  const keys = createApiKeysRepository(db)
  const endpoints = createWebhookEndpointsRepository(db)
  const deliveries = createWebhookDeliveriesRepository(db)

  async function endpointOf(id: string) {
    const endpoint = await endpoints.find(id)
    if (!endpoint) throw new AppwriteError('document_not_found', said('webhookEndpointNotFound'))
    return endpoint
  }

  async function deliveryOf(id: string) {
    const delivery = await deliveries.find(id)
    if (!delivery) throw new AppwriteError('document_not_found', said('webhookDeliveryNotFound'))
    return delivery
  }

  async function deliveryModel(id: string) {
    const page = await deliveries.page({}, 1, id)
    const found = page.deliveries[0]
    if (!found) throw new AppwriteError('document_not_found', said('webhookDeliveryNotFound'))
    return webhookDeliveryModel(found.delivery, found.url, found.attempts)
  }

  return {
    async overview() {
      return {
        keys: (await keys.list()).map(apiKeyModel),
        endpoints: (await endpoints.list()).map(webhookEndpointModel),
      }
    },

    async createKey(actor: AuditActor, input: unknown) {
      const { name, scopes, expire } = parsed(newApiKeySchema, input)
      const expiresAt = expire ? new Date(expire) : null
      if (expiresAt && expiresAt <= now()) throw invalidParam('expire', said('expireInPast'))
      const secret = newApiKeySecret()
      const row = await db.transaction(async (tx) => {
        try {
          const created = await createApiKeysRepository(tx).create({
            name,
            scopes: [...new Set(scopes)],
            secretHash: apiKeyHash(secret),
            hint: apiKeyHint(secret),
            expiresAt,
          })
          await recordAuditEvent(tx, actor, {
            action: 'apiKey.create',
            subject: `keys/${created.id}`,
            after: { name, scopes: created.scopes, expire: expiresAt?.toISOString() ?? null },
          })
          return created
        } catch (error) {
          if (error instanceof ApiKeyNameTaken)
            throw new AppwriteError('general_argument_invalid', said('apiKeyNameTaken', { name }))
          throw error
        }
      })
      return { ...apiKeyModel(row), secret }
    },

    async findKeyByName(name: string) {
      const row = await keys.findByName(name)
      if (!row) throw new AppwriteError('document_not_found', said('apiKeyNotFound'))
      return row
    },

    async revokeKey(actor: AuditActor, id: string) {
      await db.transaction(async (tx) => {
        const row = await createApiKeysRepository(tx).revoke(id, now())
        if (!row) throw new AppwriteError('document_not_found', said('apiKeyNotFound'))
        await recordAuditEvent(tx, actor, {
          action: 'apiKey.revoke',
          subject: `keys/${row.id}`,
          before: { name: row.name, scopes: row.scopes },
        })
      })
    },

    async addEndpoint(actor: AuditActor, input: unknown) {
      const { url, events } = parsed(newWebhookEndpointSchema, input)
      const problem = webhookUrlProblem(url)
      if (problem)
        throw invalidParam('url', said(problem === 'credentials' ? 'urlUserInfoReason' : 'urlReason'))
      if (await endpoints.findByUrl(url))
        throw new AppwriteError('general_argument_invalid', said('webhookEndpointTaken', { url }))
      const { endpoint, secret } = await endpoints.create({ url, events: [...new Set(events)] })
      await recordAuditEvent(db, actor, {
        action: 'webhook.endpoint.create',
        subject: `webhooks/${endpoint.id}`,
        after: { url, events: endpoint.events },
      })
      return { ...webhookEndpointModel(endpoint), secret }
    },

    async findEndpointByUrl(url: string) {
      const endpoint = await endpoints.findByUrl(url)
      if (!endpoint) throw new AppwriteError('document_not_found', said('webhookEndpointNotFound'))
      return endpoint
    },

    async updateEndpoint(actor: AuditActor, id: string, input: unknown) {
      const changes = parsed(webhookEndpointChangeSchema, input)
      const before = await endpointOf(id)
      const after = await endpoints.update(id, changes, now())
      if (!after) throw new AppwriteError('document_not_found', said('webhookEndpointNotFound'))
      await recordAuditEvent(db, actor, {
        action: 'webhook.endpoint.update',
        subject: `webhooks/${id}`,
        before: { enabled: before.enabled, events: before.events },
        after: { enabled: after.enabled, events: after.events },
      })
      return webhookEndpointModel(after)
    },

    async removeEndpoint(actor: AuditActor, id: string) {
      const removed = await endpoints.remove(id, now())
      if (!removed) throw new AppwriteError('document_not_found', said('webhookEndpointNotFound'))
      await recordAuditEvent(db, actor, {
        action: 'webhook.endpoint.remove',
        subject: `webhooks/${id}`,
        before: { url: removed.url, events: removed.events },
      })
    },

    /** "Send a test event": a `webhook.test` delivery to this endpoint alone, queued now. */
    async sendTest(actor: AuditActor, id: string) {
      const endpoint = await endpointOf(id)
      if (!endpoint.enabled) throw new AppwriteError('general_argument_invalid', said('webhookEndpointOff'))
      const deliveryId = newDeliveryId()
      await db.transaction(async (tx) => {
        await tx.insert(webhookDeliveries).values({
          id: deliveryId,
          endpointId: endpoint.id,
          event: WEBHOOK_TEST_EVENT,
          payload: webhookBody(
            WEBHOOK_TEST_EVENT,
            { endpointId: endpoint.id, message: "A test event from the store's console" },
            now(),
          ),
        })
        await recordAuditEvent(tx, actor, {
          action: 'webhook.test',
          subject: `webhooks/${endpoint.id}`,
          after: { deliveryId },
        })
        await wakeWebhookSenders(tx)
      })
      return deliveryModel(deliveryId)
    },

    deliveries: async (filter: { endpointId?: string }, limit: number) => {
      const page = await deliveries.page(filter, limit)
      return {
        total: page.total,
        deliveries: page.deliveries.map((row) => webhookDeliveryModel(row.delivery, row.url, row.attempts)),
      }
    },

    async redeliver(actor: AuditActor, id: string) {
      const delivery = await deliveryOf(id)
      // Sent only to an endpoint that is on: a removed one is gone, one that is off is turned on first.
      const endpoint = await endpoints.find(delivery.endpointId)
      if (!endpoint) throw new AppwriteError('document_not_found', said('webhookEndpointNotFound'))
      if (!endpoint.enabled) throw new AppwriteError('general_argument_invalid', said('webhookEndpointOff'))
      await deliveries.redeliver(id, now())
      await recordAuditEvent(db, actor, { action: 'webhook.redeliver', subject: `deliveries/${id}` })
      return deliveryModel(id)
    },
  }
}

export type AutomationsService = ReturnType<typeof createAutomationsService>
