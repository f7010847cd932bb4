import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { ID_PATTERN } from '@pg/shared/constants'
import { AppwriteError, invalidParam } from '../platform/appwrite/errors'
import { said } from '../platform/error-messages/error-message'
import { consoleActor } from '../platform/http/admin-routes'
import type { RouteDefinition } from '../platform/http/route-table'
import type { SignedIn } from '../platform/http/signed-in'
import { queryParams } from '../platform/appwrite/params'
import type { AutomationsService } from './automations-service'

const DELIVERY_ID = /^msg_[a-z0-9]{20}$/

/** A path's id: one that cannot exist is not found. */
function idOf(request: FastifyRequest, name: string, pattern: RegExp, notFound: () => AppwriteError) {
  const value: unknown = Reflect.get(request.params ?? {}, name)
  if (typeof value !== 'string' || !pattern.test(value)) throw notFound()
  return value
}
const keyNotFound = () => new AppwriteError('document_not_found', said('apiKeyNotFound'))
const endpointNotFound = () => new AppwriteError('document_not_found', said('webhookEndpointNotFound'))
const deliveryNotFound = () => new AppwriteError('document_not_found', said('webhookDeliveryNotFound'))

const limitSchema = z.coerce.number().int().min(1).max(100).default(25)

/**
 * The console's "Automatizaciones" (issue 44): keys and webhook endpoints, for admins signed in to the
 * console only. No API key reaches these (they have no scope): a key cannot make keys or read the log.
 */
export function automationsRoutes(automations: AutomationsService): RouteDefinition<SignedIn>[] {
  return [
    {
      method: 'GET',
      url: '/v1/store/automations',
      access: 'admin',
      handler: () => automations.overview(),
    },
    {
      method: 'POST',
      url: '/v1/store/keys',
      access: 'admin',
      handler: async ({ request, reply, member }) => {
        const created = await automations.createKey(consoleActor(member), request.body ?? {})
        reply.code(201)
        return created
      },
    },
    {
      method: 'DELETE',
      url: '/v1/store/keys/:keyId',
      access: 'admin',
      handler: async ({ request, reply, member }) => {
        await automations.revokeKey(consoleActor(member), idOf(request, 'keyId', ID_PATTERN, keyNotFound))
        return reply.code(204).send()
      },
    },
    {
      method: 'POST',
      url: '/v1/store/webhooks',
      access: 'admin',
      handler: async ({ request, reply, member }) => {
        const created = await automations.addEndpoint(consoleActor(member), request.body ?? {})
        reply.code(201)
        return created
      },
    },
    {
      method: 'PATCH',
      url: '/v1/store/webhooks/:endpointId',
      access: 'admin',
      handler: ({ request, member }) =>
        automations.updateEndpoint(
          consoleActor(member),
          idOf(request, 'endpointId', ID_PATTERN, endpointNotFound),
          request.body ?? {},
        ),
    },
    {
      method: 'DELETE',
      url: '/v1/store/webhooks/:endpointId',
      access: 'admin',
      handler: async ({ request, reply, member }) => {
        await automations.removeEndpoint(
          consoleActor(member),
          idOf(request, 'endpointId', ID_PATTERN, endpointNotFound),
        )
        return reply.code(204).send()
      },
    },
    {
      method: 'POST',
      url: '/v1/store/webhooks/:endpointId/test',
      access: 'admin',
      handler: async ({ request, reply, member }) => {
        const delivery = await automations.sendTest(
          consoleActor(member),
          idOf(request, 'endpointId', ID_PATTERN, endpointNotFound),
        )
        reply.code(202)
        return delivery
      },
    },
    {
      method: 'GET',
      url: '/v1/store/webhooks/deliveries',
      access: 'admin',
      handler: ({ request }) => {
        const query = queryParams(request)
        const limit = limitSchema.safeParse(query.limit)
        if (!limit.success) throw invalidParam('limit', said('wholeNumberReason', { min: 1, max: 100 }))
        const endpointId = query.endpointId
        if (endpointId !== undefined && (typeof endpointId !== 'string' || !ID_PATTERN.test(endpointId)))
          throw endpointNotFound()
        return automations.deliveries({ endpointId }, limit.data)
      },
    },
    {
      method: 'POST',
      url: '/v1/store/webhooks/deliveries/:deliveryId/redeliver',
      access: 'admin',
      handler: async ({ request, reply, member }) => {
        const delivery = await automations.redeliver(
          consoleActor(member),
          idOf(request, 'deliveryId', DELIVERY_ID, deliveryNotFound),
        )
        reply.code(202)
        return delivery
      },
    },
  ]
}
