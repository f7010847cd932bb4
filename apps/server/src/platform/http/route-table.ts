import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppwriteError, type AppwriteErrorType } from '../appwrite/errors'
import { closeAfterRefusal, leavesBodyUnread } from './refused-body'

/**
 * Every module declares its routes at the top of its file with an access rule (as PocketBase does):
 * `public` anyone, `member` a signed-in member (else the module's 401), `guest` signed-out only,
 * `admin` a signed-in member the table's `isAdmin` accepts (else 401 `user_unauthorized`, whoever asks).
 */
export type Access = 'public' | 'member' | 'guest' | 'admin'

export interface RouteContext<M> {
  request: FastifyRequest
  reply: FastifyReply
  member: M
}

export interface RouteDefinition<M> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  url: string
  access: Access
  /**
   * The route takes a file (a catalogue, a buyers' CSV) inside its JSON body, up to this many bytes
   * rather than the server's 256 KB: `admin` routes only. Its body reaches the handler unparsed, as a
   * Buffer (or undefined without one), for the file worker to parse off the main thread (decision 056).
   */
  fileBodyLimit?: number
  /**
   * Another limit than the server's 256 KB for a JSON body parsed as usual: smaller for one that is never
   * large (a beacon's 2 KB), larger for the storefront's whole content (512 KB, admins only).
   */
  bodyLimit?: number
  /** Runs before the access check, for answers that do not depend on who asks (such as a 404). */
  precheck?: (request: FastifyRequest) => void
  handler: (context: RouteContext<M>) => Promise<unknown>
}

export interface RouteTableOptions<M> {
  authenticate: (request: FastifyRequest) => Promise<M | null>
  unauthorized: AppwriteErrorType
  /** Who may use `admin` routes; a table without it refuses them to everyone. */
  isAdmin?: (member: M) => boolean
}

/** Who asks, decided from the headers before the body is read; the refusal for those the rule turns away. */
function refusal<M>(access: Access, member: M | null, options: RouteTableOptions<M>): AppwriteError | null {
  if (access === 'member' && member === null) return new AppwriteError(options.unauthorized)
  if (access === 'admin' && (member === null || !options.isAdmin?.(member)))
    return new AppwriteError('user_unauthorized')
  if (access === 'guest' && member !== null) return new AppwriteError('user_session_already_exists')
  return null
}

export function registerRouteTable<M>(
  app: FastifyInstance,
  routes: RouteDefinition<M>[],
  options: RouteTableOptions<M>,
): void {
  const decided = new WeakMap<FastifyRequest, { member: M | null }>()
  const register = (scope: FastifyInstance, route: RouteDefinition<M>) =>
    scope.route({
      method: route.method,
      url: route.url,
      ...(route.fileBodyLimit || route.bodyLimit
        ? { bodyLimit: route.fileBodyLimit ?? route.bodyLimit }
        : {}),
      // Before the body is read (Fastify reads it after the onRequest hooks): a visitor's 30 MB sent to an
      // admin route is refused from its headers, and never read or parsed (issue 28, item 1).
      onRequest: async (request, reply) => {
        route.precheck?.(request)
        // Who asks may be refused outright (an API key revoked, from a browser, without the scope).
        const decision = await (
          route.access === 'public' ? Promise.resolve(null) : options.authenticate(request)
        )
          .then((member) => ({ member, refused: refusal(route.access, member, options) as unknown }))
          .catch((error: unknown) => ({ member: null, refused: error }))
        const { member, refused } = decision
        if (refused) {
          if (leavesBodyUnread(request)) closeAfterRefusal(request, reply)
          throw refused
        }
        decided.set(request, { member })
      },
      handler: async (request, reply) => {
        // For 'member' and 'admin' routes the hook guarantees a member; other routes never read it.
        const member = decided.get(request)?.member as M
        return route.handler({ request, reply, member })
      },
    })
  for (const route of routes) {
    if (route.fileBodyLimit && route.access !== 'admin')
      throw new Error(`${route.method} ${route.url}: only admin routes take files`)
    if (!route.fileBodyLimit) register(app, route)
  }
  const fileRoutes = routes.filter((route) => route.fileBodyLimit)
  if (fileRoutes.length === 0) return
  // A scope of their own, whose JSON bodies are kept as bytes: parsing one of 32 MB would hold up every
  // other request (the file worker parses it: files/file-worker.ts).
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    )
    for (const route of fileRoutes) register(scope, route)
  })
}
