import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Member } from '../account/account-service'
import { isAdmin } from '../account/admin-access'
import { invalidParam } from '../appwrite/errors'
import { readQueriesParam } from '../appwrite/queries'
import type { Database } from '../db/client'
import { registerRouteTable, type RouteDefinition } from '../http/route-table'
import { listAuditEvents } from './audit-log'

/** The audit log for the owner's console: `{ total, events }`, newest first (decision 037). */
export function auditRoutes(db: Database): RouteDefinition<Member>[] {
  return [
    {
      method: 'GET',
      url: '/v1/store/audit',
      access: 'admin',
      handler: async ({ request }) => {
        const query: Record<string, unknown> =
          typeof request.query === 'object' && request.query !== null ? { ...request.query } : {}
        const total = query.total
        if (total !== undefined && !['true', 'false', '1', '0'].includes(String(total)))
          throw invalidParam('total', 'Value must be a valid boolean')
        return listAuditEvents(db, readQueriesParam(query.queries), total !== 'false' && total !== '0')
      },
    },
  ]
}

export function registerAuditRoutes(
  app: FastifyInstance,
  routes: RouteDefinition<Member>[],
  authenticate: (request: FastifyRequest) => Promise<Member | null>,
): void {
  registerRouteTable(app, routes, { authenticate, unauthorized: 'user_unauthorized', isAdmin })
}
