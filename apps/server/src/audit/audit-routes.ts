import type { Member } from '../account/account-service'
import { queryParams, readTotalParam } from '../appwrite/params'
import { readQueriesParam } from '../appwrite/queries'
import type { Database } from '../db/client'
import type { RouteDefinition } from '../http/route-table'
import { listAuditEvents } from './audit-log'

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
