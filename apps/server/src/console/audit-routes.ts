import type { Member } from '../members/account/account-service'
import { queryParams, readTotalParam } from '../platform/appwrite/params'
import { readQueriesParam } from '../platform/appwrite/queries'
import type { Database } from '../platform/db/client'
import type { RouteDefinition } from '../platform/http/route-table'
import { listAuditEvents } from '../platform/audit/audit-log'

/** The audit log for the owner's console: `{ total, events }`, newest first (decision 037). */
export function auditRoutes(db: Database): RouteDefinition<Member>[] {
  return [
    {
      method: 'GET',
      url: '/v1/store/audit',
      access: 'admin',
      handler: async ({ request }) => {
        const query = queryParams(request)
        return listAuditEvents(db, readQueriesParam(query.queries), readTotalParam(query))
      },
    },
  ]
}
