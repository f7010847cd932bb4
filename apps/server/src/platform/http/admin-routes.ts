import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AuditActor } from '../audit/audit-log'
import { registerRouteTable, type RouteDefinition } from './route-table'
import { isAdmin, type SignedIn } from './signed-in'

/** The admin as the audit log names them, or the API key that acts for the owner (issue 44). */
export const consoleActor = (member: SignedIn): AuditActor =>
  member.key
    ? { source: 'key', id: member.key.id, email: member.key.name }
    : { source: 'console', id: member.user.id, email: member.user.email }

/**
 * Whether a member may use the owner's console: the admin label, and with ADMIN_MFA=required a second
 * factor too (issue 43). The console's routes and its realtime channels (decision 077) ask the same.
 */
export const isConsoleAdmin = (member: SignedIn, mfaRequired: boolean) =>
  isAdmin(member) && (!mfaRequired || member.user.mfa)

/**
 * The routes of the owner's console (users, catalogue writes and files, orders, audit, overview): one
 * table, one rule, `401 user_unauthorized` for everyone without the admin label (decision 035).
 */
export function registerAdminRoutes(
  app: FastifyInstance,
  routes: RouteDefinition<SignedIn>[],
  authenticate: (request: FastifyRequest) => Promise<SignedIn | null>,
  /** ADMIN_MFA=required: an admin without two-step verification is refused as a member is (issue 43). */
  mfaRequired = false,
): void {
  if (routes.some((route) => route.access !== 'admin')) throw new Error('Every console route is admin-only')
  registerRouteTable(app, routes, {
    authenticate,
    unauthorized: 'user_unauthorized',
    isAdmin: (member) => isConsoleAdmin(member, mfaRequired),
  })
  // Listed for the test that checks every one of them refuses visitors and members.
  app.decorate(
    'consoleRoutes',
    routes.map((route) => ({ method: route.method, url: route.url })),
  )
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The console's routes as registered (method and URL pattern). */
    consoleRoutes: readonly { method: string; url: string }[]
  }
}
