import type { FastifyInstance } from 'fastify'
import { AppwriteError } from '../appwrite/errors'
import { urlCarriesNul } from '../appwrite/nul'
import { said } from '../error-messages/error-message'
import { isApiRequest } from './api-scope'
import { isOpaqueOriginWithCookies, type OriginPolicy } from './origin-policy'
import { PERMISSIONS_POLICY } from './permissions-policy'

/**
 * The headers every answer carries, and the API's own: a strict Content-Security-Policy, no framing,
 * no caching, CORS for the allowed origins (their preflight answered here), and the project the SDK
 * names checked. Foreign origins and opaque ones with cookies are refused before any route runs.
 */
export function registerApiHeaders(
  app: FastifyInstance,
  { origins, projectId }: { origins: OriginPolicy; projectId: string },
): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff')
    reply.header('Permissions-Policy', PERMISSIONS_POLICY)
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin')
    // On every route, webhooks included: a provider's delivery carries no cookie.
    if (isOpaqueOriginWithCookies(request)) throw new AppwriteError('general_unknown_origin')
    // No id, name or search holds a NUL, and PostgreSQL refuses one in a parameter: refused before any route.
    if (urlCarriesNul(request.url)) throw new AppwriteError('general_argument_invalid', said('noNulReason'))
    if (!isApiRequest(request)) return
    reply.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'")
    reply.header('X-Frame-Options', 'DENY')
    reply.header('Cache-Control', 'no-store')
    if (!origins.isAllowed(request)) throw new AppwriteError('general_unknown_origin')
    origins.applyCors(request, reply)
    if (request.method === 'OPTIONS') return reply.code(204).send()
    const project = request.headers['x-appwrite-project']
    if (project !== undefined && project !== projectId) throw new AppwriteError('project_not_found')
  })
}
