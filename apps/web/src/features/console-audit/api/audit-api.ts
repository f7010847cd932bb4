import { z } from 'zod'
import { consoleRequest } from '../../../lib/console/console-request'
import { auditQueries, type AuditFilter } from '../model/audit-filter'

const rowSchema = z.record(z.string(), z.unknown()).nullable()

/** An audit event as the server's `auditEventModel` shows it (decision 037). */
const auditEventSchema = z.object({
  $id: z.string(),
  $createdAt: z.string(),
  source: z.string(),
  actorId: z.string().nullable(),
  actor: z.string(),
  action: z.string(),
  subject: z.string(),
  before: rowSchema,
  after: rowSchema,
})
export type AuditEntry = z.infer<typeof auditEventSchema>

const auditPageSchema = z.object({ total: z.number().int(), events: z.array(auditEventSchema) })

/** A page of the log, newest first, with the total matching the filter. */
export const listAuditEvents = (filter: AuditFilter) =>
  consoleRequest('GET', '/store/audit', auditPageSchema, { queries: auditQueries(filter) })
