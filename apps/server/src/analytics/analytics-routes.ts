import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { idSchema } from '@pg/shared/catalog'
import { ANALYTICS_LIMITS, MEMBER_EVENT_KINDS, visitBeaconSchema } from '@pg/shared/analytics'
import { AppwriteError } from '../platform/appwrite/errors'
import { bodyParams, requiredParam } from '../platform/appwrite/params'
import { said } from '../platform/error-messages/error-message'
import type { RouteDefinition } from '../platform/http/route-table'
import type { SignedIn } from '../platform/http/signed-in'
import type { StoreAnalytics } from './store-analytics'

/**
 * A beacon's body: JSON, as `application/json` or as the `text/plain` string `navigator.sendBeacon`
 * sends without a Blob. Text that is not JSON is a 400 (as a JSON body that is not JSON is); JSON that
 * is no beacon is answered like any other and counts nothing.
 */
function beaconBody(request: FastifyRequest): unknown {
  const sentAsText = request.headers['content-type']?.startsWith('text/plain') ?? false
  if (!sentAsText || typeof request.body !== 'string') return request.body
  try {
    return JSON.parse(request.body)
  } catch {
    throw new AppwriteError('general_argument_invalid', said('bodyNotJson'))
  }
}

/**
 * Counting (decision 065): the storefront's beacons, public and answered 204 whatever they count (a beacon
 * reads no answer), and the members' app's events, for members (a visitor's 401 comes before the body is
 * read). Both bodies at most 2 KB; neither route sets a cookie.
 */
export function analyticsRoutes(analytics: StoreAnalytics): RouteDefinition<SignedIn>[] {
  return [
    {
      method: 'POST',
      url: '/v1/store/analytics/visits',
      access: 'public',
      bodyLimit: ANALYTICS_LIMITS.bodyBytes,
      handler: async ({ request, reply }) => {
        const beacon = visitBeaconSchema.safeParse(beaconBody(request))
        if (beacon.success) analytics.visit(request, beacon.data)
        return reply.code(204).send()
      },
    },
    {
      method: 'POST',
      url: '/v1/store/analytics/member-events',
      access: 'member',
      bodyLimit: ANALYTICS_LIMITS.bodyBytes,
      handler: async ({ request, reply }) => {
        const params = bodyParams(beaconBody(request))
        const kind = requiredParam(
          params,
          'kind',
          z.enum(MEMBER_EVENT_KINDS),
          said('oneOfReason', { values: MEMBER_EVENT_KINDS }),
        )
        const projectId = requiredParam(params, 'projectId', idSchema, said('newIdReason'))
        analytics.memberEvent(request, { kind, projectId })
        return reply.code(204).send()
      },
    },
  ]
}
