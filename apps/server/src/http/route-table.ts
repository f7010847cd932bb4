import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppwriteError, type AppwriteErrorType } from '../appwrite/errors'

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
  /** A larger body than the server's 256 KB (a catalogue file). */
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

export function registerRouteTable<M>(
  app: FastifyInstance,
  routes: RouteDefinition<M>[],
  options: RouteTableOptions<M>,
): void {
  for (const route of routes) {
    app.route({
      method: route.method,
      url: route.url,
      ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
      handler: async (request, reply) => {
        route.precheck?.(request)
        const member = route.access === 'public' ? null : await options.authenticate(request)
        if (route.access === 'member' && member === null) throw new AppwriteError(options.unauthorized)
        if (route.access === 'admin' && (member === null || !options.isAdmin?.(member)))
          throw new AppwriteError('user_unauthorized')
        if (route.access === 'guest' && member !== null)
          throw new AppwriteError('user_session_already_exists')
        // For 'member' and 'admin' routes the checks above guarantee a member; other routes never read it.
        return route.handler({ request, reply, member: member as M })
      },
    })
  }
}
