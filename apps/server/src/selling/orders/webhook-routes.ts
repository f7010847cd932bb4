import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply } from 'fastify'
import type { Config } from '../../platform/config'
import { PAYMENT_PROVIDERS } from './providers/payment-providers'
import { PROVIDER_NAMES, UnhandledEvent, WebhookRejected } from './order-event'
import type { OrderService } from './order-service'

/** Larger deliveries are refused before they are read: every provider's order event is a few kilobytes. */
export const WEBHOOK_BODY_LIMIT = 256 * 1024

const refuse = (reply: FastifyReply, status: number, message: string) =>
  reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .send({ message, code: status, type: 'webhook_rejected' })

/**
 * `POST /webhooks/<provider>`, one per provider whose secret is set (the others answer 404). The body is
 * read raw, since signatures are over its exact bytes. The answer is 200 only once the order is
 * committed; a failure is a 5xx (the error handler's), so the provider delivers again. Only a bad
 * signature or a malformed body is a 4xx: a genuine event the store does not handle, or an order it
 * ignores, is acknowledged, since providers retry or switch off an address that answers errors.
 */
export async function registerWebhookRoutes(
  app: FastifyInstance,
  options: { secrets: Config['webhookSecrets']; orders: OrderService; log: FastifyBaseLogger },
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    )
    scope.setErrorHandler((error: FastifyError, _request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return refuse(
          reply,
          413,
          `The delivery is larger than ${WEBHOOK_BODY_LIMIT / 1024} KB; nothing was recorded.`,
        )
      }
      // Anything else (the database away, a timeout) goes to the store's handler: a 5xx, so it is retried.
      throw error
    })
    for (const name of PROVIDER_NAMES) {
      const secret = options.secrets[name]
      if (!secret) continue
      const provider = PAYMENT_PROVIDERS[name]
      scope.post(`/webhooks/${name}`, async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
        let event
        try {
          event = provider.verify(body, request.headers, secret)
        } catch (error) {
          if (error instanceof UnhandledEvent) {
            options.log.info(
              { provider: name, event: error.type },
              'webhook event not handled: acknowledged, nothing changed',
            )
            return reply
              .code(200)
              .header('Cache-Control', 'no-store')
              .send({ received: true, handled: false })
          }
          if (!(error instanceof WebhookRejected)) throw error
          // The reason only: never the payload, the signature or the secret.
          options.log.warn({ provider: name, status: error.status, reason: error.message }, 'webhook refused')
          return refuse(reply, error.status, error.message)
        }
        const { order, duplicate } = await options.orders.receive(event)
        const { access } = order
        options.log.info(
          { provider: name, event: event.type, order: order.id, status: order.status, access, duplicate },
          duplicate ? 'webhook delivered again: nothing changed' : 'webhook recorded',
        )
        return reply
          .code(200)
          .header('Cache-Control', 'no-store')
          .send({ received: true, handled: true, order: order.id, status: order.status, access, duplicate })
      })
    }
  })
}
