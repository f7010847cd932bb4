import cors, { type FastifyCorsOptions } from '@fastify/cors'
import helmet from '@fastify/helmet'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { AppwriteError } from '../appwrite/errors'
import { isApiPath, isApiRequest } from './api-scope'
import { isOpaqueOriginWithCookies, type OriginPolicy } from './origin-policy'
import { PERMISSIONS_POLICY } from './permissions-policy'

/**
 * The API's CSP, written by hand: helmet joins directives with `;` and no space, and this value is pinned
 * as browsers and tests have read it.
 */
const API_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'"

/** Headers the appwrite web SDK sends, allowed on cross-origin requests. */
const ALLOWED_HEADERS = [
  'Accept',
  'Cache-Control',
  'Content-Type',
  'Content-Range',
  'Range',
  'X-Appwrite-Project',
  'X-Appwrite-Locale',
  'X-Appwrite-Mode',
  'X-Appwrite-JWT',
  'X-Appwrite-Response-Format',
  'X-Appwrite-Session',
  'X-Appwrite-ID',
  'X-Fallback-Cookies',
  'X-SDK-Version',
  'X-SDK-Name',
  'X-SDK-Language',
  'X-SDK-Platform',
]

/**
 * CORS for an API request from another allowed origin: its credentials, the session headers the SDK
 * reads, and a preflight for a day. Anything else gets none (`origin: false`; the plugin still adds
 * `Vary: Origin`, since the answer depends on it).
 */
function corsFor(origins: OriginPolicy, request: FastifyRequest): FastifyCorsOptions {
  const origin = isApiRequest(request) ? origins.crossOrigin(request) : null
  if (origin === null) return { origin: false }
  return {
    origin,
    credentials: true,
    exposedHeaders: ['X-Fallback-Cookies', 'X-Appwrite-Session'],
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ALLOWED_HEADERS,
    maxAge: 86_400,
    // A preflight without Access-Control-Request-Method is answered like the others, not refused.
    strictPreflight: false,
  }
}

/**
 * The headers every answer carries, and the API's own: a strict Content-Security-Policy, no framing,
 * no caching, CORS for the allowed origins (their preflight answered by @fastify/cors), and the project
 * the SDK names checked. Foreign origins and opaque ones with cookies are refused in `onRequest`, before
 * any route runs or any body is read. Helmet writes the headers it writes identically (decision 061).
 *
 * One plugin, so that its hooks run in the order written here wherever app.ts loads it: helmet's,
 * the refusals, CORS, then the project check (after CORS, so an allowed origin can read the refusal).
 */
export function registerApiHeaders(
  app: FastifyInstance,
  { origins, projectId }: { origins: OriginPolicy; projectId: string },
): void {
  app.addHook('onRoute', (route) => {
    if (route.url === '*') {
      // @fastify/cors's preflight route is declared when this plugin loads, which may be before app.ts
      // installs the error handler (a route keeps the one of its time): a refused preflight is rendered
      // by the app's handler of the moment, as every other answer.
      route.errorHandler ??= (error, request, reply) => app.errorHandler(error, request, reply)
    } else if (!isApiPath(route.url)) {
      // The plugin's switch per route: pages, files and webhooks get no CORS, not even `Vary: Origin`.
      route.config = { ...route.config, cors: false }
    }
  })
  void app.register(
    fp(async (api) => {
      await api.register(helmet, {
        // Only these two on every answer; the rest of helmet's defaults would be new headers.
        xContentTypeOptions: true,
        referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
        contentSecurityPolicy: false,
        crossOriginEmbedderPolicy: false,
        crossOriginOpenerPolicy: false,
        crossOriginResourcePolicy: false,
        originAgentCluster: false,
        strictTransportSecurity: false,
        xDnsPrefetchControl: false,
        xDownloadOptions: false,
        xFrameOptions: false,
        xPermittedCrossDomainPolicies: false,
        xPoweredBy: false,
        xXssProtection: false,
      })
      api.addHook('onRequest', async (request, reply) => {
        // Helmet has no Permissions-Policy (it dropped Feature-Policy): the store's own, by hand.
        reply.header('Permissions-Policy', PERMISSIONS_POLICY)
        // On every route, webhooks included: a provider's delivery carries no cookie.
        if (isOpaqueOriginWithCookies(request)) throw new AppwriteError('general_unknown_origin')
        if (!isApiRequest(request)) return
        reply.header('Content-Security-Policy', API_SECURITY_POLICY)
        reply.helmet({ xFrameOptions: { action: 'deny' } })
        // Helmet has no Cache-Control (its nocache became a package of its own).
        reply.header('Cache-Control', 'no-store')
        if (!origins.isAllowed(request)) throw new AppwriteError('general_unknown_origin')
      })
      await api.register(cors, { delegator: async (request: FastifyRequest) => corsFor(origins, request) })
      api.addHook('onRequest', async (request, reply) => {
        if (!isApiRequest(request)) return
        // A preflight @fastify/cors left, same-origin or without an Origin: 204, as it always was.
        if (request.method === 'OPTIONS') return reply.code(204).send()
        const project = request.headers['x-appwrite-project']
        if (project !== undefined && project !== projectId) throw new AppwriteError('project_not_found')
      })
    }),
  )
}
