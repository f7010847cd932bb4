import { and, asc, desc, eq, gt, gte, inArray, lt, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Database } from '../db/client'
import { auditEvents } from '../db/schema'
import { isStorableTime } from '../db/storable-values'
import { toAppwriteDate } from '../appwrite/dates'
import { invalidQuery } from '../appwrite/errors'
import { said } from '../error-messages/error-message'
import { parseListQueries, type Filter } from '../appwrite/queries'
import { plainTextObject, singleLineText } from '@pg/shared/plain-text'
import { newId } from '../security/secrets'

/** Who made a change: an admin in the console, the owner with the CLI, or a member to their own account. */
export type AuditActor =
  | { source: 'console' | 'member'; id: string; email: string }
  /** An API key (issue 44): its id, and its name where the others have an email. */
  | { source: 'key'; id: string; email: string }
  | { source: 'cli' }
  /** The store on its own: a scheduled backup's upload, its retention (issue 42). */
  | { source: 'store' }

export interface AuditEvent {
  action: string
  subject: string
  before?: Record<string, unknown> | null
  after?: Record<string, unknown> | null
}

/**
 * Writes an event with `db` (a transaction's, so the event and the change commit or fail together). Its
 * free text (a file name as the subject, names and notes in before/after) is stored without control
 * characters (decision 058): the log is read in a terminal and a browser, and exported.
 */
export async function recordAuditEvent(db: Database, actor: AuditActor, event: AuditEvent): Promise<void> {
  await db.insert(auditEvents).values({
    id: newId(),
    source: actor.source,
    actorId: actor.source === 'cli' || actor.source === 'store' ? null : actor.id,
    actor: actor.source === 'cli' || actor.source === 'store' ? actor.source : actor.email,
    action: event.action,
    subject: singleLineText(event.subject),
    before: event.before ? plainTextObject(event.before) : null,
    after: event.after ? plainTextObject(event.after) : null,
  })
}

export type AuditRow = typeof auditEvents.$inferSelect

/** An audit event as the console reads it. */
export const auditEventModel = (row: AuditRow) => ({
  $id: row.id,
  $createdAt: toAppwriteDate(row.createdAt),
  source: row.source,
  actorId: row.actorId,
  actor: row.actor,
  action: row.action,
  subject: row.subject,
  before: row.before,
  after: row.after,
})

/** A Map, not an object: a name from a request (`constructor`, `__proto__`) finds only these. */
const TEXT_COLUMNS = new Map<string, AnyPgColumn>([
  ['source', auditEvents.source],
  ['actor', auditEvents.actor],
  ['actorId', auditEvents.actorId],
  ['action', auditEvents.action],
  ['subject', auditEvents.subject],
])

function condition(filter: Filter): SQL {
  if (!('attribute' in filter)) throw invalidQuery(said('auditWithoutGroups'))
  const { method, attribute, values } = filter
  if (attribute === '$createdAt') {
    const [value] = values
    const at = typeof value === 'string' ? new Date(value) : null
    if (values.length !== 1 || !at || !isStorableTime(at)) throw invalidQuery(said('auditDate'))
    if (method === 'greaterThanEqual') return gte(auditEvents.createdAt, at)
    if (method === 'lessThan') return lt(auditEvents.createdAt, at)
    throw invalidQuery(said('auditDateMethods'))
  }
  const column = TEXT_COLUMNS.get(attribute)
  if (!column)
    throw invalidQuery(
      said('auditNotFilterable', { attribute, allowed: [...TEXT_COLUMNS.keys(), '$createdAt'] }),
    )
  if (method !== 'equal') throw invalidQuery(said('takesEqual', { attribute }))
  if (values.length === 0 || values.some((value) => typeof value !== 'string'))
    throw invalidQuery(said('textValues', { attribute }))
  return inArray(column, values.map(String))
}

/** The log, newest first (or oldest first with `orderAsc('$createdAt')`), paged by offset or cursor. */
export async function listAuditEvents(db: Database, texts: string[], withTotal: boolean) {
  const parsed = parseListQueries(texts, {
    allowOnly: [
      'limit',
      'offset',
      'cursorAfter',
      'equal',
      'greaterThanEqual',
      'lessThan',
      'orderAsc',
      'orderDesc',
    ],
  })
  if (parsed.orders.some((order) => order.attribute !== '$createdAt' && order.attribute !== '$sequence'))
    throw invalidQuery(said('auditOrder'))
  const ascending = parsed.orders[0]?.direction === 'asc'
  const where = and(...parsed.filters.map(condition))
  let page = where
  if (parsed.cursor) {
    const [cursor] = await db
      .select({ sequence: auditEvents.sequence })
      .from(auditEvents)
      .where(eq(auditEvents.id, parsed.cursor.documentId))
    if (!cursor) throw invalidQuery(said('auditCursor', { id: parsed.cursor.documentId }))
    page = and(
      where,
      ascending ? gt(auditEvents.sequence, cursor.sequence) : lt(auditEvents.sequence, cursor.sequence),
    )
  }
  const rows = await db
    .select()
    .from(auditEvents)
    .where(page)
    .orderBy(ascending ? asc(auditEvents.sequence) : desc(auditEvents.sequence))
    .limit(parsed.limit)
    .offset(parsed.offset)
  const total = withTotal
    ? ((
        await db
          .select({ count: sql<number>`count(*)::int` })
          .from(auditEvents)
          .where(where)
      )[0]?.count ?? 0)
    : 0
  return { total, events: rows.map(auditEventModel) }
}
