import fp from 'fastify-plugin'
import type { DatabaseHandle } from '../platform/db/client'
import { createWebhookSender, type WebhookSender } from '../platform/webhooks/webhook-sender'
import { automationsRoutes } from './automations-routes'
import { createAutomationsService, type AutomationsService } from './automations-service'

export interface AutomationsWingOptions {
  database: DatabaseHandle
  /** WEBHOOK_ALLOW_PRIVATE: deliveries may go to loopback and private addresses. */
  allowPrivate: boolean
  now?: () => Date
  /** The sender's timings; shorter in tests. */
  sender?: { pollIntervalMs?: number; firstRetrySeconds?: number; timeoutMs?: number }
}

/**
 * The owner's automations (issue 44): the service the console's "Automatizaciones" and the admin CLI
 * share, its routes (added to the console's table), and the sender of the queued webhook deliveries,
 * started with the server and stopped, waiting for the deliveries under way, when it closes.
 */
export const automationsWing = fp<AutomationsWingOptions>(
  async (app, { database, allowPrivate, now, sender }) => {
    const automations = createAutomationsService({ db: database.db, now })
    app.decorate('automations', { service: automations, routes: automationsRoutes(automations) })
    const webhookSender = createWebhookSender({
      database,
      allowPrivate,
      now,
      ...sender,
      onError: (error) => app.log.error({ err: error }, 'a webhook delivery could not be recorded'),
      onEndpointDisabled: (endpoint) =>
        app.log.warn(
          `The webhook endpoint ${endpoint.url} failed for 3 days and was turned off: turn it on again in the console (Automations)`,
        ),
    })
    app.decorate('webhookSender', webhookSender)
    app.addHook('onReady', () => webhookSender.start())
    app.addHook('onClose', () => webhookSender.stop())
  },
  { name: 'automations', dependencies: ['platform'] },
)

declare module 'fastify' {
  interface FastifyInstance {
    automations: { service: AutomationsService; routes: ReturnType<typeof automationsRoutes> }
    /** Sends the queued webhook deliveries (tests kick it or run it once). */
    webhookSender: WebhookSender
  }
}
